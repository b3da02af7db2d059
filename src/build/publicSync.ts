/**
 * How the files of `public/` (every published PDF) reach a build's output without a byte-for-byte copy
 * (docs/decisions/build.md).
 *
 * A build's output links each file to a **snapshot** of it kept beside the installation
 * (`node_modules/.cache/ese-hospital/publico/<folder>/`), never to the file in `public/` itself. A hard
 * link shares the file: a PDF in `public/` overwritten in place (a plain copy over it, `cp`, an editor
 * saving in place) would change, in the same instant, the copy a published release serves and the one
 * kept for going back. The snapshot of a file is made again only when its size or date changed, into a
 * new file renamed over the old one: releases keep linking the old snapshot, so a release serves what
 * it was built with whatever happens to `public/` later, and a build links what did not change without
 * reading it. The first build of an installation copies every file once (as every build did before);
 * then a build costs a `stat` per file and a link per file its output does not already have.
 *
 * Where a link is impossible (the output on another disk, a file system without hard links) the file
 * is copied, and only when the output's copy differs in size or date (what every build did before for
 * the content-only path).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface PublicSyncReport {
  /** Every file of public/ (relative, POSIX), now in the output. */
  files: string[]
  /** Files newly linked into the output. */
  linked: number
  /** Files copied into the output (no link possible). */
  copied: number
  /** Files the output already had, untouched. */
  unchanged: number
  /** Snapshots (re)made because the file in public/ is new or changed. */
  snapshots: number
}

/** Files under `dir` (relative, POSIX), skipping hidden ones as the build always did. */
export function listFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const childRel = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path.join(abs, entry.name), childRel)
      else if (entry.isFile()) out.push(childRel)
    }
  }
  walk(dir, '')
  return out
}

/** The snapshot folder of one public/ folder (tests and the bench build from other content folders). */
export function snapshotDirFor(cacheDir: string, publicDir: string): string {
  const key = crypto.createHash('sha256').update(path.resolve(publicDir)).digest('hex').slice(0, 16)
  return path.join(cacheDir, 'publico', key)
}

const sameStamp = (a: fs.Stats, b: fs.Stats): boolean => a.size === b.size && Math.abs(a.mtimeMs - b.mtimeMs) < 1

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file)
  } catch {
    return undefined
  }
}

/** Folders known to exist: one `mkdir` per folder, not per file (10,000 files in a few hundred folders). */
const madeDirs = new Set<string>()
function ensureDir(dir: string): void {
  if (madeDirs.has(dir)) return
  fs.mkdirSync(dir, { recursive: true })
  madeDirs.add(dir)
}

/**
 * Writes `dest` as a new file (a temporary file renamed over it) when it exists: whoever linked the old one
 * keeps it. A missing `dest` is made in place (`exists` false), saving the rename.
 */
function replaceWith(dest: string, make: (tmp: string) => void, exists = true): void {
  ensureDir(path.dirname(dest))
  if (!exists) {
    make(dest)
    return
  }
  const tmp = `${dest}.${process.pid}.tmp`
  fs.rmSync(tmp, { force: true })
  make(tmp)
  fs.renameSync(tmp, dest)
}

function copyKeepingDate(src: string, tmp: string, s: fs.Stats): void {
  fs.copyFileSync(src, tmp)
  fs.utimesSync(tmp, s.atime, s.mtime)
}

/** Errors meaning "no hard link here" (another device, a file system or a policy without them). */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS'])

/**
 * Makes `clientDir` hold every file of `publicDir`, removing the files of `previous` (the last build's list)
 * that are gone from public/.
 */
export function syncPublic(publicDir: string, clientDir: string, snapshotDir: string, previous: string[]): PublicSyncReport {
  const files = listFiles(publicDir)
  const report: PublicSyncReport = { files, linked: 0, copied: 0, unchanged: 0, snapshots: 0 }
  madeDirs.clear()
  let canLink = true
  for (const rel of files) {
    const src = path.join(publicDir, rel)
    const snap = path.join(snapshotDir, rel)
    const dest = path.join(clientDir, rel)
    const s = fs.statSync(src)
    let sn = statOrUndefined(snap)
    if (!sn || !sameStamp(sn, s)) {
      replaceWith(snap, tmp => copyKeepingDate(src, tmp, s), !!sn)
      sn = fs.statSync(snap)
      report.snapshots++
    }
    const d = statOrUndefined(dest)
    if (d && d.ino === sn.ino && d.dev === sn.dev) {
      report.unchanged++
      continue
    }
    if (canLink) {
      try {
        replaceWith(dest, tmp => fs.linkSync(snap, tmp), !!d)
        report.linked++
        continue
      } catch (error) {
        if (!NO_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error
        canLink = false
      }
    }
    if (d && sameStamp(d, s)) {
      report.unchanged++
      continue
    }
    replaceWith(dest, tmp => copyKeepingDate(snap, tmp, s))
    report.copied++
  }
  const now = new Set(files)
  for (const rel of previous) if (!now.has(rel)) fs.rmSync(path.join(clientDir, rel), { force: true })
  pruneSnapshots(snapshotDir, now)
  return report
}

/** Snapshots of files gone from public/ are dropped (outputs that link them keep their copy). */
function pruneSnapshots(snapshotDir: string, now: Set<string>): void {
  const listFile = path.join(snapshotDir, '.lista.json')
  let before: string[] = []
  try {
    before = JSON.parse(fs.readFileSync(listFile, 'utf8')) as string[]
  } catch {
    before = []
  }
  for (const rel of before) if (!now.has(rel)) fs.rmSync(path.join(snapshotDir, rel), { force: true })
  fs.mkdirSync(snapshotDir, { recursive: true })
  fs.writeFileSync(listFile, JSON.stringify([...now]))
}

/**
 * Empties an output's client folder for a full build as the bundler did, except the files of public/
 * already there (`keep`), which the sync then leaves alone when unchanged instead of unlinking and
 * linking again ten thousand files.
 */
export function emptyExcept(clientDir: string, keep: Set<string>): void {
  const walk = (abs: string, rel: string): boolean => {
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true })
    } catch {
      return true
    }
    let empty = true
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name
      const child = path.join(abs, entry.name)
      if (entry.isDirectory()) {
        if (walk(child, childRel)) fs.rmdirSync(child)
        else empty = false
      } else if (keep.has(childRel)) empty = false
      else fs.rmSync(child, { force: true })
    }
    return empty
  }
  walk(clientDir, '')
}
