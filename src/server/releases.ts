/**
 * Published builds and the pointer to the one being served (`npm run publicar`).
 *
 * Layout: `<publicaciones>/<id>/client/…` for each build and `<publicaciones>/actual.json` =
 * `{ "actual": "<folder>", "anterior": "<folder>", "codigo": "<commit>" }`, folders relative to the pointer file. The
 * pointer is replaced with a rename, which is atomic: a reader sees the old or the new pointer, never
 * half of one. The server reads it at most once per request (a stat), so a switch needs no restart.
 */
import fs from 'node:fs'
import path from 'node:path'

export const POINTER_FILE = 'actual.json'
/** Inside each release folder: when it was built, from which commit, by whom (scripts/lib/releaseFolders.ts writes it). */
export const RELEASE_INFO_FILE = 'publicacion.json'

export interface Pointer {
  /** Client folder being served, relative to the releases folder. */
  actual: string
  /** Client folder served before, kept for `--revertir` and for pages still open in browsers. */
  anterior?: string
  /**
   * Commit of the code the service must run, set by `npm run actualizar` only. A supervised server
   * (SERVICIO_SUPERVISADO) that started under another value exits to be restarted with the new code.
   */
  codigo?: string
}

export function releasesDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PUBLICACIONES_DIR || 'publicaciones')
}

/**
 * The folder `name` names inside `releasesDir`, or undefined when it would leave it: absolute, `..`, the releases
 * folder itself, or a link whose target is elsewhere. A pointer may only name a release (docs/decisions/backups.md).
 */
export function insideReleases(releasesDir: string, name: string): string | undefined {
  const root = path.resolve(releasesDir)
  const full = path.resolve(root, name)
  const outside = (from: string, to: string) => {
    const rel = path.relative(from, to)
    return rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)
  }
  if (name.includes('\0') || outside(root, full)) return undefined
  try {
    if (outside(fs.realpathSync(root), fs.realpathSync(full))) return undefined
  } catch {
    // Not on disk (yet): the lexical check above holds.
  }
  return full
}

/** A release folder that is on disk inside `releasesDir` (a restore names one that must exist). */
export function releaseFolder(releasesDir: string, name: string): string | undefined {
  const full = insideReleases(releasesDir, name)
  return full && fs.statSync(full, { throwIfNoEntry: false })?.isDirectory() ? full : undefined
}

export function readPointer(releasesDir: string): Pointer | undefined {
  const file = path.join(releasesDir, POINTER_FILE)
  if (!fs.existsSync(file)) return undefined
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Pointer>
  if (typeof data.actual !== 'string') throw new Error(`${file}: falta «actual»`)
  for (const key of ['actual', 'anterior'] as const) {
    const named = data[key]
    if (typeof named === 'string' && !insideReleases(releasesDir, named))
      throw new Error(`${file}: «${key}» nombra una carpeta fuera de las publicaciones (${named.slice(0, 80)}); no se sirve.`)
  }
  return {
    actual: data.actual,
    ...(typeof data.anterior === 'string' ? { anterior: data.anterior } : {}),
    ...(typeof data.codigo === 'string' ? { codigo: data.codigo } : {}),
  }
}

/** Replaces the pointer atomically (write a temporary file, then rename over the old one). */
export function writePointer(releasesDir: string, pointer: Pointer): void {
  fs.mkdirSync(releasesDir, { recursive: true })
  const file = path.join(releasesDir, POINTER_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  const fd = fs.openSync(tmp, 'w')
  try {
    fs.writeSync(fd, `${JSON.stringify(pointer, null, 2)}\n`)
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
  fs.renameSync(tmp, file)
}

/** The code commit the pointer names (`npm run actualizar`), or undefined (none yet, or an unreadable pointer). */
export function pointedCode(releasesDir: string): string | undefined {
  try {
    return readPointer(releasesDir)?.codigo
  } catch {
    return undefined
  }
}

/** What the server serves from: the published build when there is a pointer, else the build folder. */
export interface SiteRoot {
  /** Folder to serve pages and files from, for this request. */
  current(): string
  /** Folders to try, in order, for a hashed build file (`_app/…`): the current one, then the previous one. */
  candidates(): string[]
}

export function fixedSiteRoot(clientDir: string): SiteRoot {
  return { current: () => clientDir, candidates: () => [clientDir] }
}

/**
 * Follows the pointer in `releasesDir`, re-reading it only when the file changed (inode, size or
 * time). Without a pointer, `fallbackDir` (dist/client). A pointer that cannot be read keeps the
 * last good answer: a failed publication must not take the site down.
 */
export function pointerSiteRoot(releasesDir: string, fallbackDir: string, onSwitch?: (dir: string) => void): SiteRoot {
  const file = path.join(releasesDir, POINTER_FILE)
  let stamp = ''
  let dirs = [fallbackDir]
  const refresh = (): string[] => {
    let st: fs.Stats | undefined
    try {
      st = fs.statSync(file)
    } catch {
      st = undefined
    }
    const next = st ? `${st.ino}:${st.size}:${st.mtimeMs}` : 'none'
    if (next === stamp) return dirs
    try {
      const pointer = readPointer(releasesDir)
      const before = dirs[0]
      dirs = pointer ? [pointer.actual, pointer.anterior].filter((d): d is string => !!d).map(d => path.resolve(releasesDir, d)) : [fallbackDir]
      stamp = next
      if (onSwitch && dirs[0] !== before) onSwitch(dirs[0]!)
    } catch {
      // Keep serving the last good folder; the next request tries again.
    }
    return dirs
  }
  return { current: () => refresh()[0]!, candidates: () => refresh() }
}

/** The release a client folder belongs to, as an operator names it: its publication folder, or the build folder when unpublished. */
export function releaseLabel(releasesDir: string | undefined, clientDir: string): string {
  if (releasesDir) {
    const rel = path.relative(path.resolve(releasesDir), clientDir)
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep)[0]!
  }
  return `${path.basename(path.dirname(clientDir))}/${path.basename(clientDir)} (sin publicar)`
}

/** The release label of what is served now, or undefined when the folder holds no site (nothing built nor published). */
export function servedRelease(releasesDir: string | undefined, clientDir: string): string | undefined {
  return fs.existsSync(path.join(clientDir, 'index.html')) ? releaseLabel(releasesDir, clientDir) : undefined
}
