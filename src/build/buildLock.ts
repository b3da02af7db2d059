import fs from 'node:fs'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import { defaultGeneratedDir } from './generatedDir.ts'

/**
 * One build at a time per folder of generated files (src/build/generatedDir.ts): every single-site build of a
 * checkout writes `src/generated/` (the route list and validators its bundles import), so two at once —
 * `npm run publicar` while someone runs `npm run build` — could bundle each other's route list. A platform site's
 * build writes its own folder and waits only for another build of the same site: builds of different sites run at
 * the same time. The second build waits for the first (proper-lockfile: a lock directory, refreshed while held and
 * taken over when its holder died, on Windows too).
 */
export async function withBuildLock<T>(root: string, fn: () => Promise<T>, onWait?: () => void, genDir = defaultGeneratedDir(root)): Promise<T> {
  fs.mkdirSync(genDir, { recursive: true })
  // A hidden name: the code fingerprint (buildSite.ts) skips it.
  const target = path.join(genDir, '.compilacion')
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
