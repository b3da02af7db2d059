/**
 * The release folders under PUBLICACIONES_DIR (`<id>/client/…` plus `<id>/publicacion.json`, who made it from
 * which commit) and which of them are kept. Used by `npm run publicar` and `npm run actualizar`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Pointer, RELEASE_INFO_FILE } from '../../src/server/releases.ts'
import { npmCommand, spawnOptions } from '../../src/build/commands.ts'

export { RELEASE_INFO_FILE }
/** Releases kept when PUBLICACIONES_CONSERVAR is not set: enough to go back a few publications. */
export const DEFAULT_KEEP = 5

export interface ReleaseInfo {
  /** When the release was built (ISO 8601). */
  fecha: string
  /** Commit of the code it was built from (null when the folder is not a git checkout). */
  commit: string | null
  /** Whether the checkout had uncommitted changes (content edited before publishing, usually). */
  cambiosLocales: boolean
  /** Operating-system account that published it. */
  usuario: string
  /** package.json version of the code. */
  version: string
  /** Set only on the copy of what was served before the first publication: where it came from, for `--lista`. */
  origen?: string
}

/** The release kept at the first publication: the build folder's site, which nobody published. */
export const UNPUBLISHED_INFO: ReleaseInfo = {
  fecha: '',
  commit: null,
  cambiosLocales: false,
  usuario: 'nadie (sin publicar)',
  version: '?',
  origen: 'lo que se servía antes de la primera publicación (carpeta de compilación, sin publicar)',
}

export interface Release {
  /** Folder name, also what `--revertir <release>` takes. */
  id: string
  info?: ReleaseInfo
}

export const isSite = (dir: string): boolean => fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, '404.html'))

/** The id a pointer entry (`<id>/client`) names. */
export const releaseIdOf = (entry: string): string => entry.split('/')[0]!

export function keepFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PUBLICACIONES_CONSERVAR
  if (raw === undefined || raw === '') return DEFAULT_KEEP
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 2)
    throw new Error(
      `PUBLICACIONES_CONSERVAR debe ser un número entero de 2 o más (recibido «${raw}»): se conservan la publicación en servicio y al menos una anterior.`,
    )
  return n
}

function git(args: string[], cwd: string): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', windowsHide: true })
  return r.status === 0 ? r.stdout.trim() : undefined
}

function osUser(): string {
  try {
    return os.userInfo().username
  } catch {
    return process.env.USER || process.env.USERNAME || 'desconocido'
  }
}

export function describeCheckout(root: string, version: string): ReleaseInfo {
  const status = git(['status', '--porcelain', '--untracked-files=no'], root)
  return { fecha: new Date().toISOString(), commit: git(['rev-parse', 'HEAD'], root) ?? null, cambiosLocales: !!status, usuario: osUser(), version }
}

export function writeReleaseInfo(releaseDir: string, info: ReleaseInfo): void {
  fs.writeFileSync(path.join(releaseDir, RELEASE_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`)
}

function readReleaseInfo(releaseDir: string): ReleaseInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_INFO_FILE), 'utf8')) as ReleaseInfo
  } catch {
    return undefined
  }
}

/** Complete release folders, oldest first (ids are timestamps, so name order is publication order). */
export function listReleases(releasesDir: string): Release[] {
  if (!fs.existsSync(releasesDir)) return []
  return (
    fs
      .readdirSync(releasesDir, { withFileTypes: true })
      // A dot folder is a release being taken from the database (src/server/releasesInDatabase.ts), not one yet.
      .filter(e => e.isDirectory() && !e.name.startsWith('.') && isSite(path.join(releasesDir, e.name, 'client')))
      .map(e => e.name)
      .sort()
      .map(id => ({ id, info: readReleaseInfo(path.join(releasesDir, id)) }))
  )
}

/**
 * Folders to keep: the `keep` newest releases, and always the one served and the previous one (pages still open
 * in browsers load their scripts from it). Everything else in the releases folder goes, including what a build
 * interrupted before it finished left behind.
 */
export function foldersToKeep(ids: readonly string[], pointer: Pointer, keep: number): Set<string> {
  const kept = new Set([...ids].sort().slice(-keep))
  kept.add(releaseIdOf(pointer.actual))
  if (pointer.anterior) kept.add(releaseIdOf(pointer.anterior))
  return kept
}

export function prune(releasesDir: string, pointer: Pointer, keep: number, spare: readonly string[] = []): void {
  const ids = listReleases(releasesDir).map(r => r.id)
  const kept = foldersToKeep(ids, pointer, keep)
  for (const entry of fs.readdirSync(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || kept.has(entry.name) || spare.includes(entry.name)) continue
    fs.rmSync(path.join(releasesDir, entry.name), { recursive: true, force: true })
  }
}

/** A new release id: the time, sortable and valid as a folder name on every system. */
export function newReleaseId(at: Date = new Date()): string {
  return at.toISOString().replace(/[:.]/g, '-')
}

/** The ISO instant a release id was made at (`newReleaseId` undone). */
export function releaseDate(id: string): string {
  return id.replace(/^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3}Z)$/, '$1:$2:$3.$4')
}

/**
 * `npm run build` into `<releasesDir>/<id>` (validation included), reusing the bundles of `reuseFrom` (a previous
 * output folder) when the code did not change. True when the folder holds a complete site; on failure it is removed.
 */
export function buildRelease(releasesDir: string, id: string, reuseFrom: string | undefined, cwd = process.cwd()): boolean {
  const outDir = path.join(releasesDir, id)
  const reuse = reuseFrom ? ['--', '--reutilizar', path.relative(cwd, reuseFrom)] : []
  const build = npmCommand(['run', 'build', ...reuse])
  // Relative: the bundler joins the output folder to the project root even when it is absolute.
  const result = spawnSync(
    build.command,
    build.args,
    spawnOptions(build, { cwd, stdio: 'inherit', env: { ...process.env, BUILD_OUT_DIR: path.relative(cwd, outDir) } }),
  )
  if (result.status === 0 && isSite(path.join(outDir, 'client'))) return true
  fs.rmSync(outDir, { recursive: true, force: true })
  return false
}
