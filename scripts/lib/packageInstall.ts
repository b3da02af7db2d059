/**
 * `npm run actualizar -- --paquete <archivo>`: install or update the program from a release archive made by
 * `npm run empaquetar`, on a server with no build tools (docs/decisions/updates-and-releases.md, «Installing from an
 * archive»). Layout under the installation's root (`--raiz`): `versiones/<versión>-<commit>/` per unpacked archive and
 * the link `actual` to the one the service runs (its unit's WorkingDirectory). The same safety nets as the update
 * from git: the archive checked before anything is written, a backup first, the new program started aside on a copy
 * of the database, an atomic switch (the link, then the release pointer naming the new commit, which restarts the
 * supervised service), the wait for the service, and the way back to the previous copy when it does not return.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Pointer, readPointer, writePointer } from '../../src/server/releases.ts'
import { clearStartFailure, startFailureOf } from '../../src/server/startFailure.ts'
import { PACKAGE_INFO_FILE, programCommit } from '../../src/server/version.ts'
import { type PackageInfo, refuseEscapingEntries, unpackPackage, verifyPackage } from './releasePackage.ts'
import { newReleaseId, prune, releaseIdOf, writeReleaseInfo } from './releaseFolders.ts'
import { lockReleases } from './releaseLock.ts'
import type { Fail } from './updateCheckout.ts'
import { backupFirst, type PostgresAccounts, postgresTrial, sqliteTrial } from './updateDatabase.ts'
import { checkAside, health, waitForCode } from './updateHealth.ts'
import { forgetFailure, refuseFailedBefore, rememberFailure } from './updateMemory.ts'

export const VERSIONS_DIR = 'versiones'
export const CURRENT_LINK = 'actual'

export interface ArchiveUpdate {
  file: string
  /** The installation's root: `versiones/` and the link `actual` live there. */
  base: string
  dataDir: string
  releasesDir: string
  /** Install an archive older than the installed program (`--permitir-anterior`). */
  allowOlder: boolean
  retry: boolean
  keep: number
  /** The running service's address (updateHealth.ts serviceBase). */
  service: string
  waitMs: number
  postgres?: PostgresAccounts
  /** The command's environment: DATA_DIR and PUBLICACIONES_DIR must be named there, absolute. */
  env: NodeJS.ProcessEnv
  fail: Fail
}

/** -1, 0 or 1: SemVer order of the numeric part (a pre-release suffix is ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => (/^(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1
  return 0
}

const label = (info: { version: string; commit: string }) => `${info.version} (${info.commit.slice(0, 10)})`
const inside = (dir: string, p: string) => {
  const rel = path.relative(dir, p)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** The program the link `actual` names now: its folder and metadata; undefined on a fresh installation. */
export function installedProgram(base: string): { dir: string; info: PackageInfo } | undefined {
  const link = path.join(base, CURRENT_LINK)
  const stat = fs.lstatSync(link, { throwIfNoEntry: false })
  if (!stat) return undefined
  if (!stat.isSymbolicLink())
    throw new Error(`${link} existe y no es un enlace: la instalación desde paquetes necesita que «${CURRENT_LINK}» sea el enlace a la versión en servicio.`)
  const dir = path.resolve(base, fs.readlinkSync(link))
  const info = JSON.parse(fs.readFileSync(path.join(dir, PACKAGE_INFO_FILE), 'utf8')) as PackageInfo
  return { dir, info }
}

/** Points `actual` at `target` (relative to `base`) with one rename: a reader sees the old link or the new one. */
export function switchLink(base: string, target: string): void {
  const tmp = path.join(base, `.${CURRENT_LINK}-${process.pid}`)
  fs.rmSync(tmp, { force: true })
  fs.symlinkSync(target, tmp)
  fs.renameSync(tmp, path.join(base, CURRENT_LINK))
}

/** Refusals that need nothing written: where the data lives, the archive's checksum and members. */
function checkFirst(u: ArchiveUpdate): void {
  const versions = path.join(u.base, VERSIONS_DIR)
  for (const [name, dir] of [
    ['DATA_DIR', u.dataDir],
    ['PUBLICACIONES_DIR', u.releasesDir],
  ] as const)
    if (!path.isAbsolute(u.env[name] ?? '') || inside(versions, dir) || inside(path.join(u.base, CURRENT_LINK), dir))
      u.fail(
        `${name} (${dir}) queda dentro de la copia del programa: con paquetes, cada versión es una carpeta nueva y esos datos se perderían. ` +
          `Defina ${name} con una ruta absoluta fuera de ${versions} en el archivo de variables del servicio. No se cambió nada.`,
      )
  try {
    verifyPackage(u.file)
    refuseEscapingEntries(u.file)
  } catch (error) {
    u.fail((error as Error).message)
  }
}

/** Unpacks into a fresh folder and decides whether to go on; returns the new program's folder and metadata. */
function unpackNew(u: ArchiveUpdate, before: PackageInfo | undefined): { dir: string; info: PackageInfo } {
  const versions = path.join(u.base, VERSIONS_DIR)
  const staging = path.join(versions, `.desempacando-${process.pid}`)
  fs.rmSync(staging, { recursive: true, force: true })
  let info: PackageInfo
  try {
    info = unpackPackage(u.file, staging)
  } catch (error) {
    return u.fail(`${(error as Error).message} No se cambió nada.`)
  }
  const refuse = (message: string): never => {
    fs.rmSync(staging, { recursive: true, force: true })
    return u.fail(message)
  }
  const missing = ['src/server/main.js', 'dist/client/index.html'].filter(f => !fs.existsSync(path.join(staging, f)))
  if (missing.length)
    refuse(`el paquete ${label(info)} está incompleto (le falta ${missing.join(', ')}): no es un paquete de npm run empaquetar. No se cambió nada.`)
  if (before && before.commit === info.commit) refuse(`la versión ${label(info)} ya es la instalada: no hay nada que hacer.`)
  if (before && compareVersions(info.version, before.version) < 0 && !u.allowOlder)
    refuse(
      `el paquete trae la versión ${info.version}, anterior a la instalada (${before.version}): no se instala una versión anterior sin ` +
        '--permitir-anterior (para volver atrás a propósito; la base de datos no se devuelve). No se cambió nada.',
    )
  refuseFailedBefore(u.dataDir, info.commit, u.retry, label(info), refuse)
  const dir = path.join(versions, `${info.version}-${info.commit.slice(0, 10)}`)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.renameSync(staging, dir)
  return { dir, info }
}

/** The archive's built site as a new release folder (not served yet); returns its id. */
function releaseFrom(u: ArchiveUpdate, programDir: string, info: PackageInfo): string {
  const id = newReleaseId()
  const dir = path.join(u.releasesDir, id)
  fs.cpSync(path.join(programDir, 'dist', 'client'), path.join(dir, 'client'), { recursive: true })
  writeReleaseInfo(dir, {
    fecha: info.fecha,
    commit: info.commit,
    cambiosLocales: false,
    usuario: 'paquete',
    version: info.version,
    origen: `paquete ${path.basename(u.file)}`,
  })
  return id
}

/** Backup, then the new program aside on its trial database; undefined when it passes, else the Spanish reason. */
async function tryAside(u: ArchiveUpdate, programDir: string, releaseDir: string, installedDir: string | undefined): Promise<string | undefined> {
  // The backup is taken by the program already installed when there is one: nothing of the new archive runs before its check.
  if (!backupFirst(installedDir ?? programDir, u.dataDir, u.postgres !== undefined, true))
    return 'el respaldo previo falló (vea los mensajes de arriba); no se tocó la base de datos'
  console.log('Probando la versión nueva aparte (copia de la base de datos, /salud/detalle)…')
  let trial: Awaited<ReturnType<typeof sqliteTrial>> | undefined
  try {
    trial = u.postgres ? await postgresTrial(programDir, u.postgres, true) : await sqliteTrial(u.dataDir)
    const problem = await checkAside(programDir, releaseDir, trial.dataDir, [], true)
    return problem && `la versión nueva no pasó la verificación de salud: ${problem}`
  } catch (error) {
    return `la versión nueva no pasó la verificación de salud: ${(error as Error).message}`
  } finally {
    trial?.cleanup()
  }
}

/** Old versions go; the served one and the previous one stay (the way back). */
function pruneVersions(base: string, keep: readonly string[]): void {
  const versions = path.join(base, VERSIONS_DIR)
  for (const entry of fs.readdirSync(versions)) {
    const dir = path.join(versions, entry)
    if (!keep.includes(dir)) fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** After the switch: the service restarts with the new program, or everything goes back to the previous copy. */
export async function followArchiveService(
  u: ArchiveUpdate,
  was: { dir: string; info: PackageInfo } | undefined,
  info: PackageInfo,
  pointer: Pointer,
  before: Pointer | undefined,
) {
  console.log(`Esperando a que el servicio (${u.service}) se reinicie con la versión nueva (hasta ${u.waitMs / 1000} s)…`)
  const outcome = await waitForCode(u.service, info.commit, u.waitMs, () => startFailureOf(u.releasesDir, info.commit)?.motivo)
  if (outcome === true) return
  const why =
    outcome === false
      ? `el servicio no volvió a responder con la versión nueva en ${u.waitMs / 1000} s.`
      : `la versión nueva no pudo arrancar como servicio: ${outcome}.`
  rememberFailure(u.dataDir, info.commit, why)
  if (!was) u.fail(`${why} No había una versión anterior instalada a la cual volver: revise el registro del servicio (journalctl -u sitio-hospital).`)
  switchLink(u.base, path.relative(u.base, was.dir))
  const oldCommit = before?.codigo ?? programCommit(was.dir) ?? was.info.commit
  writePointer(u.releasesDir, { ...(before ?? { actual: pointer.actual }), codigo: oldCommit })
  u.fail(`${why} Se volvió a la versión ${label(was.info)}, carpeta ${was.dir}, y a la publicación anterior; el servicio se reinicia con ella.`)
}

/** The whole install or update; prints the outcome's last line. */
export async function updateFromPackage(u: ArchiveUpdate): Promise<void> {
  checkFirst(u)
  fs.mkdirSync(path.join(u.base, VERSIONS_DIR), { recursive: true })
  lockReleases(u.releasesDir, u.fail)
  const was = installedProgram(u.base)
  const { dir, info } = unpackNew(u, was?.info)
  const before = readPointer(u.releasesDir)
  let releaseId = ''
  let problem: string | undefined
  try {
    releaseId = releaseFrom(u, dir, info)
    problem = await tryAside(u, dir, path.join(u.releasesDir, releaseId), was?.dir)
  } catch (error) {
    problem = `la versión nueva no se pudo preparar: ${(error as Error).message}`
  }
  if (problem) {
    if (releaseId) fs.rmSync(path.join(u.releasesDir, releaseId), { recursive: true, force: true })
    fs.rmSync(dir, { recursive: true, force: true })
    rememberFailure(u.dataDir, info.commit, problem)
    u.fail(`${problem}\n  No se cambió nada: ${was ? `sigue instalada la versión ${label(was.info)}` : 'no quedó ninguna versión instalada'}.`)
  }
  const serviceBefore = await health(u.service)
  const pointer: Pointer = { actual: `${releaseId}/client`, ...(before ? { anterior: before.actual } : {}), codigo: info.commit }
  clearStartFailure(u.releasesDir)
  switchLink(u.base, path.relative(u.base, dir))
  writePointer(u.releasesDir, pointer)
  if (serviceBefore) await followArchiveService(u, was, info, pointer, before)
  else console.log(`No hay un servidor en marcha en ${u.service}: la versión nueva se usará al iniciar el servicio.`)
  prune(u.releasesDir, pointer, u.keep)
  pruneVersions(u.base, [dir, ...(was ? [was.dir] : [])])
  forgetFailure(u.dataDir)
  console.log(was ? `✓ Actualizado desde el paquete: versión ${label(was.info)} → ${label(info)}.` : `✓ Instalado desde el paquete: versión ${label(info)}.`)
  console.log(`  Programa en servicio: ${dir} (enlace ${path.join(u.base, CURRENT_LINK)}); publicación ${releaseIdOf(pointer.actual)}.`)
}
