import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order Vitest's two workers take the files in. Vitest runs the files it knows to be slow first, but only from
 * the durations it kept on this machine (node_modules/.vite): on CI's fresh clone it knows none and goes by file
 * size, so a build test of three minutes could start last and run alone while the other core idles. The folders say
 * the cost instead: tests/build (copies or builds the project) first, then tests/api (servers, PostgreSQL), then
 * tests/site and tests/unit. Inside a folder, Vitest's own order (kept durations, else larger files first).
 */
const FOLDERS = ['tests/build/', 'tests/api/', 'tests/site/', 'tests/unit/']

export function folderRank(file: string, root: string): number {
  const relative = path.relative(root, file).split(path.sep).join('/')
  const i = FOLDERS.findIndex(f => relative.startsWith(f))
  return i < 0 ? FOLDERS.length : i
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const root = this.ctx.config.root
    // Array.prototype.sort is stable: Vitest's order stays inside each folder.
    return sorted.sort((a, b) => folderRank(a.moduleId, root) - folderRank(b.moduleId, root))
  }
}
