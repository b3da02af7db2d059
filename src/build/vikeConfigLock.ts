/**
 * One Vike process of this checkout at a time loads Vike's configuration (builds of different sites
 * run at the same time). Vike loads each `+*.ts` configuration file under src/pages by writing it, transpiled, beside
 * the source as `<name>.build-<hash of its code>.mjs`, importing it and deleting it
 * (vike/dist/node/vite/shared/resolveVikeConfigInternal/transpileAndExecuteFile.js; the place is fixed, no option
 * moves it). Every build of a checkout loads the same code, so two Vike processes loading at once write and delete
 * the same files, and one fails («ENOENT … +route.ts.build-….mjs», or a half-written file). A process loads its
 * configuration once, at its start (a build does not reload it), and says so with CONFIG_LOADED_LINE (vite.config.ts
 * `configLoadedLine` after Vike's `config` hook; src/pages/contenido/+onBeforePrerenderStart.ts for a pre-render):
 * the build holds this lock from starting the process until that line or the process's end, so the loading of
 * configurations is serialized (a second or two each) and everything after it (bundling, pre-rendering) runs at
 * the same time. proper-lockfile, as src/build/buildLock.ts: a lock directory, refreshed while held, taken over
 * when its holder died.
 */
import fs from 'node:fs'
import path from 'node:path'
import lockfile from 'proper-lockfile'

/**
 * Longest hold: a process that never says it loaded (an older vite.config.ts, a hung start) lets the others go on
 * after this, as before the lock.
 */
const LONGEST_HOLD_MS = 120_000

/** Takes the checkout's lock (waiting for another build's Vike process to load its configuration); returns its release. */
export async function lockVikeConfig(cacheDir: string): Promise<() => void> {
  fs.mkdirSync(cacheDir, { recursive: true })
  const target = path.join(cacheDir, 'carga-configuracion-vike')
  fs.closeSync(fs.openSync(target, 'a'))
  const release = await lockfile.lock(target, {
    realpath: false,
    stale: 30_000,
    update: 5_000,
    retries: { retries: 3_000, factor: 1, minTimeout: 200, maxTimeout: 200 },
  })
  let released = false
  const timer = setTimeout(() => free(), LONGEST_HOLD_MS)
  timer.unref()
  function free(): void {
    if (released) return
    released = true
    clearTimeout(timer)
    release().catch(() => undefined)
  }
  return free
}
