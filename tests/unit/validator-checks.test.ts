import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CROSS_CHECKS, crossCheck } from '../../src/manifest/crossChecks.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { GENERATED_ROUTES, validateManifest } from '../../src/manifest/validate.ts'
import { CHECK_FIXTURES } from './validator-checks.fixtures.ts'

/**
 * One fixture per named cross-check (validator-checks.fixtures.ts): the full
 * validation gives the check's message at its position, and the same run with
 * that check left out does not. So leaving out, or breaking, any check fails
 * this test.
 */
let tmp: string | undefined

function prepare(files: Record<string, string>): string {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'checks-'))
  fs.cpSync('tests/fixtures/manifest-min', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true })
    fs.writeFileSync(path.join(tmp, rel), text)
  }
  process.env.MANIFEST_DIR = path.join(tmp, 'manifest')
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  return path.join(tmp, 'manifest')
}

afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
  tmp = undefined
})

describe('validator cross-checks', () => {
  it('every named check has a fixture, and every fixture a check', () => {
    expect(Object.keys(CHECK_FIXTURES).sort()).toEqual(CROSS_CHECKS.map(c => c.name).sort())
    expect(new Set(CROSS_CHECKS.map(c => c.name)).size).toBe(CROSS_CHECKS.length)
  })

  for (const check of CROSS_CHECKS) {
    const fixture = CHECK_FIXTURES[check.name]
    it(`${check.name}: its fixture gets «${fixture?.expected.replace(/^[^ ]+ /, '').slice(0, 60)}…», and nothing once the check is left out`, () => {
      const dir = prepare(fixture!.files)
      expect(validateManifest(dir).problems.map(formatProblem)).toContain(fixture!.expected)
      const { manifest, problems } = loadManifest(dir)
      const without = [
        ...problems,
        ...crossCheck(
          manifest,
          GENERATED_ROUTES,
          CROSS_CHECKS.filter(c => c !== check),
        ),
      ].map(formatProblem)
      expect(without).not.toContain(fixture!.expected)
    })
  }
})

describe('site.yaml', () => {
  const siteProblems = (dir: string) =>
    loadManifest(dir)
      .problems.filter(p => p.file.endsWith('site.yaml'))
      .map(p => p.message)

  it('a missing site.yaml is named once, as missing', () => {
    const dir = prepare({})
    fs.rmSync(path.join(dir, 'site.yaml'))
    expect(siteProblems(dir)).toEqual(['falta el archivo site.yaml'])
  })

  it('an invalid site.yaml gets its own errors, never «falta el archivo»', () => {
    const dir = prepare({})
    fs.appendFileSync(path.join(dir, 'site.yaml'), '\nclaveDesconocida: 1\n')
    const messages = siteProblems(dir)
    expect(messages.length).toBeGreaterThan(0)
    expect(messages).not.toContain('falta el archivo site.yaml')
  })
})
