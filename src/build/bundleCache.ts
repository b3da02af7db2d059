/**
 * The client and server bundles of the last few full builds, kept by the fingerprint of the code and
 * configuration they were made from (docs/decisions/build.md): a build into an empty or outdated output folder
 * (a new publication, a removed `dist/`, going back to an earlier version of the code) takes them from
 * here instead of bundling the same code again, and renders only the content. `--completa` bundles anyway.
 *
 * Bundles are copied, not linked: they are small (about 0.5 MB), and the bundler rewrites its files in
 * place, which would change a linked copy here too.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** What a full build leaves that the content-only pass reuses: the server bundle, the browser bundle, Vike's asset list. */
const BUNDLE_PARTS = ['server', path.join('client', '_app'), 'assets.json']
/** Fingerprints kept: today's code, plus a couple to go back to. */
const KEEP = 3

/**
 * Where the bundles of the checkout at `root` are kept: one folder per checkout, so that copies of the project
 * sharing this cache (tests, a preview) never push its bundles out of the few kept. Every site of a checkout, the
 * single site and each platform site alike, shares its folder: their bundles are the same.
 */
export function bundleCacheFor(cacheDir: string, root: string): string {
  return path.join(cacheDir, 'paquetes-por-proyecto', crypto.createHash('sha256').update(fs.realpathSync(root)).digest('hex').slice(0, 16))
}

export function bundleCacheDir(cacheDir: string, fingerprint: string): string {
  return path.join(cacheDir, 'paquetes', fingerprint)
}

/** Whether the bundles of `fingerprint` are kept. */
export function hasBundles(cacheDir: string, fingerprint: string): boolean {
  const dir = bundleCacheDir(cacheDir, fingerprint)
  return fs.existsSync(path.join(dir, 'completo')) && fs.existsSync(path.join(dir, 'server')) && fs.existsSync(path.join(dir, 'client', '_app'))
}

/** Keeps the bundles of a full build just made in `outDir`; drops the oldest beyond KEEP. */
export function keepBundles(cacheDir: string, fingerprint: string, outDir: string): void {
  const dir = bundleCacheDir(cacheDir, fingerprint)
  const all = path.dirname(dir)
  // Equal fingerprints mean equal bundles: an entry another build (another site, at the same time) kept is as good.
  if (hasBundles(cacheDir, fingerprint)) {
    touch(dir)
  } else {
    // Named apart per build: two builds of the same code (two platform sites) may be keeping it at once.
    const tmp = `${dir}.${crypto.randomUUID()}.tmp`
    for (const part of BUNDLE_PARTS) {
      const from = path.join(outDir, part)
      if (fs.existsSync(from)) fs.cpSync(from, path.join(tmp, part), { recursive: true })
    }
    // Written last: a copy cut short is never taken for a complete one.
    fs.writeFileSync(path.join(tmp, 'completo'), new Date().toISOString())
    fs.rmSync(dir, { recursive: true, force: true })
    try {
      fs.renameSync(tmp, dir)
    } catch {
      // The other build renamed its copy first.
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  }
  const kept = fs
    .readdirSync(all)
    .filter(name => !name.endsWith('.tmp'))
    // An entry another build removes meanwhile counts as gone.
    .map(name => ({ name, time: fs.statSync(path.join(all, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.time - a.time)
  for (const old of kept.slice(KEEP)) fs.rmSync(path.join(all, old.name), { recursive: true, force: true })
}

/**
 * Puts the kept bundles of `fingerprint` into `outDir` (whose stale bundles the caller removed); false when the entry
 * went away meanwhile (another build dropped it as the oldest), then the caller bundles.
 */
export function restoreBundles(cacheDir: string, fingerprint: string, outDir: string): boolean {
  const dir = bundleCacheDir(cacheDir, fingerprint)
  try {
    for (const part of BUNDLE_PARTS) {
      const from = path.join(dir, part)
      if (fs.existsSync(from)) fs.cpSync(from, path.join(outDir, part), { recursive: true })
    }
    // The most recently used stays longest.
    touch(dir)
    return true
  } catch {
    return false
  }
}

function touch(dir: string): void {
  const now = new Date()
  fs.utimesSync(dir, now, now)
}
