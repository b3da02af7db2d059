import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order Vitest's two workers take the files in. Vitest runs the files it knows to be slow first, but only from
 * the durations it kept on this machine (node_modules/.vite): on CI's fresh clone it knows none and goes by file
 * size, so a build test of three minutes could start last and run alone while the other core idles. The folders say
 * the cost instead: tests/build (copies or builds the project) first, then tests/api (servers, PostgreSQL), then
 * tests/site and tests/unit. Inside a folder, Vitest's own order (kept durations, else larger files first).
 *
 * Before all of them, the few files that run in a process of their own (a project with `isolate: true`,
 * vitest.config.ts). Vitest keeps a shared worker (`isolate: false`) for the next file only when the next file in
 * the queue is of the same project: an own-process file between two shared ones would end the worker, and the next
 * shared file would import the whole module graph again.
 *
 * `--sequence.seed=<n>` shuffles the files instead (with that seed), keeping each project's files together: a
 * custom sequencer makes Vitest ignore `--sequence.shuffle.files`, and a shuffled order is how the shared workers
 * are checked for files that depend on the ones before them (docs/decisions/testing.md).
 */
const FOLDERS = ['tests/build/', 'tests/api/', 'tests/site/', 'tests/unit/']

export function folderRank(file: string, root: string): number {
  const relative = path.relative(root, file).split(path.sep).join('/')
  const i = FOLDERS.findIndex(f => relative.startsWith(f))
  return i < 0 ? FOLDERS.length : i
}

/** Fisher–Yates with a small seeded generator (mulberry32): the same seed gives the same order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const ownProcess = (spec: TestSpecification) => (spec.project.config.isolate ? 0 : 1)
    const seed = this.ctx.config.sequence.seed
    if (seed !== undefined) {
      const byProject = (a: TestSpecification, b: TestSpecification) => ownProcess(a) - ownProcess(b) || a.project.name.localeCompare(b.project.name)
      return shuffled(files, seed).sort(byProject)
    }
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => (ownProcess(spec) === 0 ? 0 : 1 + folderRank(spec.moduleId, root))
    // Array.prototype.sort is stable: Vitest's order stays inside each folder.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
