/**
 * The database side of `npm run actualizar` (docs/decisions/updates-and-releases.md): the backup taken first, and
 * the "trial" on which the new code is started aside.
 * - SQLite: a copy of the database made with the driver's online backup; the new code's migrations run on the
 *   copy, and on the real file only when the service restarts with the new code after the switch.
 * - PostgreSQL: there is no cheap copy, so the new code's migrations are applied to the real database before the
 *   check, with the owner's account (`bd:preparar`, DATABASE_URL_DUENIO), while the old release keeps serving:
 *   migrations are additive, so it keeps working on the newer schema, and they stay if the new release fails.
 *   A migration marked `breaksOlder` is refused here: that update needs the service stopped (guide, 7.4).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { programScript, spawnOptions } from '../../src/build/commands.ts'
import type { Fail } from './updateCheckout.ts'

export interface DatabaseTrial {
  /** DATA_DIR of the new code started aside. */
  dataDir: string
  /** Whether the new code's migrations already reached the real database (PostgreSQL). */
  migratedLive: boolean
  /** The migrations the new code applied, as «version (nombre)», read after the check. */
  applied(): Promise<string[]>
  cleanup(): void
}

/** The PostgreSQL accounts of an update: the service's (DATABASE_URL) and the tables' owner (DATABASE_URL_DUENIO). */
export interface PostgresAccounts {
  runtimeUrl: string
  ownerUrl: string
  runtimeRole: string
}

const GUIDE = 'Vea docs/guia-operacion.md, sección 7.4 «Actualizar con PostgreSQL».'

/** Checked before anything changes: the owner's URL is given and names the same database as the service's. */
export function postgresAccounts(env: NodeJS.ProcessEnv, fail: Fail): PostgresAccounts {
  const runtimeUrl = env.DATABASE_URL ?? ''
  const ownerUrl = env.DATABASE_URL_DUENIO ?? ''
  if (!ownerUrl)
    fail(
      'con PostgreSQL (DATABASE_URL) las migraciones de la versión nueva se aplican con la cuenta dueña de las tablas: defina ' +
        'DATABASE_URL_DUENIO=postgres://<cuenta dueña>:<clave>@<servidor>:<puerto>/<base> solo para este comando, nunca en el archivo de variables del servicio. ' +
        `No se cambió nada. ${GUIDE}`,
    )
  let runtime: URL
  let owner: URL
  try {
    runtime = new URL(runtimeUrl)
    owner = new URL(ownerUrl)
  } catch {
    return fail(`DATABASE_URL o DATABASE_URL_DUENIO no es una dirección postgres://… válida. No se cambió nada. ${GUIDE}`)
  }
  const where = (u: URL) => `${u.hostname}:${u.port || '5432'}${u.pathname}`
  if (where(runtime) !== where(owner))
    fail(`DATABASE_URL_DUENIO (${where(owner)}) no nombra la misma base que DATABASE_URL (${where(runtime)}). No se cambió nada.`)
  if (runtime.username === owner.username)
    fail(
      `DATABASE_URL y DATABASE_URL_DUENIO usan la misma cuenta («${decodeURIComponent(owner.username)}»): el servicio debe usar la cuenta del servidor. ${GUIDE}`,
    )
  return { runtimeUrl, ownerUrl, runtimeRole: decodeURIComponent(runtime.username) }
}

/**
 * `npm run -s respaldo` of the new code, with the service's environment: the archive to go back to (none yet: nothing
 * to save). On a platform, one backup per site, each named with `--sitio` (a backup that names no site is refused:
 * src/server/siteOption.ts); a site without a database yet has nothing to save.
 */
export function backupFirst(root: string, liveDataDir: string, postgres: boolean, compiled = false): boolean {
  const { platform } = loadPlatform()
  const runs = platform ? platform.sites.map(s => ({ args: ['--sitio', s.id], dataDir: s.dataDir })) : [{ args: [], dataDir: liveDataDir }]
  const wanted = runs.filter(r => postgres || fs.existsSync(path.join(r.dataDir, DB_FILE)))
  if (wanted.length === 0) return true
  console.log('Respaldo antes de cambiar nada en la base (npm run respaldo)…')
  const spec = programScript(path.join('src', 'server', 'backupCommand.ts'), [], compiled)
  return wanted.every(r => spawnSync(spec.command, [...spec.args, ...r.args], spawnOptions(spec, { cwd: root, stdio: 'inherit' })).status === 0)
}

const label = ([version, name]: [string, string]) => (version === name ? version : `${version} (${name})`)
const added = (before: Map<string, string>, after: Map<string, string>) => [...after].filter(([v]) => !before.has(v)).map(label)

/** Migrations recorded in a SQLite database (version → name); empty when there is no database yet. */
function migrationsInSqlite(file: string): Map<string, string> {
  if (!fs.existsSync(file)) return new Map()
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT * FROM schema_migrations').all() as Array<Record<string, unknown>>
    return new Map(rows.map(r => [String(r.version ?? r.nombre), String(r.nombre ?? r.version)]))
  } catch {
    return new Map()
  } finally {
    db.close()
  }
}

export async function sqliteTrial(liveDataDir: string): Promise<DatabaseTrial> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actualizar-'))
  const liveDb = path.join(liveDataDir, DB_FILE)
  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true })
  try {
    if (fs.existsSync(liveDb)) {
      const db = new Database(liveDb, { readonly: true, fileMustExist: true })
      try {
        await db.backup(path.join(dataDir, DB_FILE))
      } finally {
        db.close()
      }
    }
  } catch (error) {
    cleanup()
    throw error
  }
  const had = migrationsInSqlite(liveDb)
  return { dataDir, migratedLive: false, applied: async () => added(had, migrationsInSqlite(path.join(dataDir, DB_FILE))), cleanup }
}

async function migrationsInPostgres(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ version: number; nombre: string }>('SELECT version, nombre FROM schema_migrations ORDER BY version')
    return new Map(rows.map(r => [String(r.version), r.nombre]))
  } finally {
    await client.end()
  }
}

/** The new code's list of migrations (it is on disk now, not loaded in this process). */
function newCodeMigrations(root: string, compiled: boolean): Array<{ version: number; name: string; breaksOlder: boolean }> {
  const list =
    `const { MIGRATIONS } = await import('./src/server/store/migrations.${compiled ? 'js' : 'ts'}'); ` +
    'process.stdout.write(JSON.stringify(MIGRATIONS.map(m => ({ version: m.version, name: m.name, breaksOlder: Boolean(m.breaksOlder) }))))'
  const r = spawnSync(process.execPath, [...(compiled ? [] : ['--import', 'tsx']), '--input-type=module', '-e', list], {
    cwd: root,
    encoding: 'utf8',
    windowsHide: true,
  })
  if (r.status !== 0) throw new Error(`no se pudo leer la lista de migraciones de la versión nueva:\n${r.stderr}`)
  return JSON.parse(r.stdout) as Array<{ version: number; name: string; breaksOlder: boolean }>
}

/** Applies the new code's migrations to the real database with the owner's account (`bd:preparar`), the old release still serving. */
export async function postgresTrial(root: string, accounts: PostgresAccounts, compiled = false): Promise<DatabaseTrial> {
  const had = await migrationsInPostgres(accounts.runtimeUrl)
  const pending = newCodeMigrations(root, compiled).filter(m => !had.has(String(m.version)))
  const breaking = pending.filter(m => m.breaksOlder)
  if (breaking.length)
    throw new Error(
      `la versión nueva trae migraciones que la versión en servicio no puede usar (${breaking.map(m => m.version).join(', ')}): ` +
        `no se aplican con el servicio en marcha; actualice con el servicio detenido. ${GUIDE}`,
    )
  if (pending.length) {
    console.log(`Aplicando ${pending.length} migración(es) con la cuenta dueña de las tablas (bd:preparar), la versión en servicio sigue atendiendo…`)
    const spec = programScript(path.join('src', 'server', 'dbSetup.ts'), [accounts.runtimeRole], compiled)
    const env = { ...process.env, DATABASE_URL: accounts.ownerUrl }
    if (spawnSync(spec.command, spec.args, spawnOptions(spec, { cwd: root, env, stdio: 'inherit' })).status !== 0)
      throw new Error(
        'las migraciones de la versión nueva fallaron (vea los mensajes de arriba); se aplican en una sola transacción: la base quedó como estaba',
      )
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'actualizar-'))
  return {
    dataDir,
    migratedLive: pending.length > 0,
    applied: async () => added(had, await migrationsInPostgres(accounts.runtimeUrl)),
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}
