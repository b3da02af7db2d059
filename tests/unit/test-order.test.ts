import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { folderRank, shuffled } from '../helpers/slowFirstSequencer.ts'

/** Every Vitest file under tests/ (e2e is Playwright's, helpers and fixtures hold no tests). */
function testFiles(dir = 'tests'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return ['e2e', 'fixtures', 'helpers'].includes(e.name) && dir === 'tests' ? [] : testFiles(full)
    return /\.test\.tsx?$/.test(e.name) ? [full] : []
  })
}

describe("Vitest's file order (tests/helpers/slowFirstSequencer.ts)", () => {
  const root = path.resolve('.')
  const rank = (f: string) => folderRank(path.resolve(f), root)

  it('runs the build tests first, then the server, the built site and the pure tests', () => {
    const order = ['tests/unit/a.test.ts', 'tests/site/b.test.ts', 'tests/build/c.test.ts', 'tests/api/d.test.ts']
    expect([...order].sort((a, b) => rank(a) - rank(b))).toEqual([
      'tests/build/c.test.ts',
      'tests/api/d.test.ts',
      'tests/site/b.test.ts',
      'tests/unit/a.test.ts',
    ])
  })

  it('knows the folder of every test file, so none is left to start last unseen', () => {
    const files = testFiles()
    expect(files.length).toBeGreaterThan(100)
    expect(files.filter(f => rank(f) > 3)).toEqual([])
  })

  it('--sequence.seed shuffles the files, the same way for the same seed, losing none', () => {
    const files = Array.from({ length: 40 }, (_, i) => `tests/api/f${i}.test.ts`)
    const once = shuffled(files, 7)
    expect(shuffled(files, 7)).toEqual(once)
    expect([...once].sort()).toEqual([...files].sort())
    expect(once).not.toEqual(files)
    expect(shuffled(files, 8)).not.toEqual(once)
  })
})
