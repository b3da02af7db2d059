/**
 * The Nu Html Checker (the W3C's validator, npm's vnu-jar on the machine's Java runtime) finds no error in
 * any built page (docs/decisions/accessibility.md). One JVM checks every page at once: starting Java per page
 * would cost minutes.
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, it } from 'vitest'
import { clientDir } from '../helpers/builtSite.ts'

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build', 'dist', 'vnu.jar')

interface NuMessage {
  type: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
}

it('the Nu Html Checker reports 0 errors over every built page', () => {
  const run = spawnSync('java', ['-Xss1m', '-jar', VNU_JAR, '--errors-only', '--skip-non-html', '--format', 'json', clientDir()], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  expect(run.error, 'java no está instalado (bash .ci/run instala default-jre-headless)').toBeUndefined()
  const { messages } = JSON.parse(run.stderr) as { messages: NuMessage[] }
  const errors = messages
    .filter(m => m.type === 'error' || m.type === 'non-document-error')
    .map(m => `${path.relative(clientDir(), (m.url ?? '').replace(/^file:/, ''))}:${m.lastLine ?? 0}:${m.firstColumn ?? 0}: ${m.message}`)
  expect(errors).toEqual([])
}, 240_000)
