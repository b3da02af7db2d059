/**
 * Builds of one installation never overlap (src/build/buildLock.ts): Vike's
 * bundle pointer and the generated files live in the installation, so two
 * builds at once could pre-render with each other's bundle.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { withBuildLock } from '../../src/build/buildLock.ts'

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms))

it('a second build waits, told so, until the first has finished; a failed build releases the lock', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-lock-'))
  const events: string[] = []
  const build = (name: string) => async () => {
    events.push(`${name} empieza`)
    await sleep(300)
    events.push(`${name} termina`)
    return name
  }
  let waited = 0
  const first = withBuildLock(root, build('primera'))
  await sleep(50)
  const second = withBuildLock(root, build('segunda'), () => waited++)
  expect(await Promise.all([first, second])).toEqual(['primera', 'segunda'])
  expect(events).toEqual(['primera empieza', 'primera termina', 'segunda empieza', 'segunda termina'])
  expect(waited).toBe(1)

  await expect(withBuildLock(root, async () => Promise.reject(new Error('falló')))).rejects.toThrow('falló')
  expect(
    await withBuildLock(
      root,
      async () => 'después',
      () => waited++,
    ),
  ).toBe('después')
  expect(waited).toBe(1)
  fs.rmSync(root, { recursive: true, force: true })
})
