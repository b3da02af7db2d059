import fs from 'node:fs'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import { vikeNodeModules } from './nodeModules.ts'

/**
 * One build at a time per installation. Vike finds the server bundle to
 * pre-render with through one file inside node_modules
 * (serverEntryPointer.ts), which every build rewrites: two builds at once of
 * the same checkout — `npm run publicar` while someone runs `npm run build`,
 * or two test files building copies of the project that share its
 * node_modules — could pre-render with each other's bundle. The second build
 * waits for the first (proper-lockfile: a lock directory, refreshed while held
 * and taken over when its holder died, on Windows too).
 */
export async function withBuildLock<T>(root: string, fn: () => Promise<T>, onWait?: () => void): Promise<T> {
  // Beside the Vike that builds: copies of the project that use the same packages share one lock.
  const dir = path.join(vikeNodeModules(root), '.cache')
  fs.mkdirSync(dir, { recursive: true })
  const target = path.join(dir, 'compilacion')
  fs.closeSync(fs.openSync(target, 'a'))
  let release: () => Promise<void>
  try {
    release = await lockfile.lock(target, { realpath: false, stale: 30_000, update: 5_000 })
  } catch {
    onWait?.()
    // Up to about 20 minutes: a full build of a large site on a slow machine.
    release = await lockfile.lock(target, {
      realpath: false,
      stale: 30_000,
      update: 5_000,
      retries: { retries: 1200, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
    })
  }
  try {
    return await fn()
  } finally {
    await release().catch(() => undefined)
  }
}
