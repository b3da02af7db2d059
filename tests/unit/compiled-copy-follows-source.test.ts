/**
 * The compiled copies the staff commands and the tests' processes run (scripts/lib/commandBundle.mjs;
 * docs/decisions/testing.md, «Commands run from a compiled copy»): compiled again when a source's content changed,
 * even with its size and modification time unchanged; kept when nothing changed; and the code inside finds files
 * beside its source and knows it is the command being run, as under tsx.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { currentBundle } from '../../scripts/lib/commandBundle.mjs'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'copia-compilada-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
  fs.writeFileSync(path.join(root, rel), text)
}
write('src/value.ts', "export const value: string = 'uno'\n")
write('src/lib/beside.txt', 'junto a la fuente')
write(
  'src/lib/places.ts',
  [
    "import fs from 'node:fs'",
    "import path from 'node:path'",
    "export const beside = fs.readFileSync(path.join(import.meta.dirname, 'beside.txt'), 'utf8')",
    'export const places = { dirname: import.meta.dirname, filename: import.meta.filename, url: import.meta.url }',
    '',
  ].join('\n'),
)
write(
  'src/command.ts',
  [
    "import path from 'node:path'",
    "import { pathToFileURL } from 'node:url'",
    "import { beside, places } from './lib/places.ts'",
    "import { value } from './value.ts'",
    'const isCommand = !!process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href',
    'console.log(JSON.stringify({ value, beside, places, isCommand, args: process.argv.slice(2) }))',
    '',
  ].join('\n'),
)
const run = async () => JSON.parse(execFileSync(process.execPath, [await currentBundle(root, 'src/command.ts'), 'lista'], { encoding: 'utf8' }))

describe('a compiled copy', () => {
  it('runs as its source would, finding files beside the source and knowing it is the command', async () => {
    const realRoot = fs.realpathSync(root)
    expect(await run()).toEqual({
      value: 'uno',
      beside: 'junto a la fuente',
      places: {
        dirname: path.join(realRoot, 'src', 'lib'),
        filename: path.join(realRoot, 'src', 'lib', 'places.ts'),
        url: pathToFileURL(path.join(realRoot, 'src', 'lib', 'places.ts')).href,
      },
      isCommand: true,
      args: ['lista'],
    })
  })

  it('is kept while no source changed', async () => {
    const bundle = await currentBundle(root, 'src/command.ts')
    const before = fs.statSync(bundle)
    expect(await currentBundle(root, 'src/command.ts')).toBe(bundle)
    const after = fs.statSync(bundle)
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })

  it("is compiled again when a source's content changed, though its size and time did not", async () => {
    const file = path.join(root, 'src', 'value.ts')
    const { atime, mtime, size } = fs.statSync(file)
    fs.writeFileSync(file, "export const value: string = 'dos'\n")
    fs.utimesSync(file, atime, mtime)
    expect(fs.statSync(file).size).toBe(size)
    expect((await run()).value).toBe('dos')
  })
})
