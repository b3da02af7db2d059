/**
 * What a restore must not lose (docs/decisions/backups.md, «A restore never reuses a number»): read from the store
 * BEFORE it is replaced, then applied to the restored one.
 *   - The series counters (`consecutivos`) never go back: each (series, year) keeps the higher of the backup's
 *     and the current last number, so a number handed out after the backup is never handed out again.
 *   - The filings received after the backup (in the current store, not in the restored one) are listed by number
 *     and written, with what staff need to register them again, to a CSV in the folder the replaced data went to
 *     (inside DATA_DIR, mode 0600: it holds personal data; nothing of it is printed but the numbers).
 */
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { toCsv } from '../../../manifest/csv.ts'
import { copyPostgres, PG_DUMP_FILE } from './snapshot.ts'
import { withSiteClient } from '../../store/siteRows.ts'
import { DEFAULT_SITE } from '../../store/siteTenancy.ts'

export interface Counter {
  serie: string
  anio: number
  ultimo: number
}

export interface StoredFiling {
  radicado: string
  tipo: string
  recibidoEn: string
  canal: string
  /** The form's fields as stored (JSON text). */
  datos: string
  /** Original name and stored file name (in `adjuntos/` of the folder set aside) of each attachment. */
  adjuntos: Array<{ nombre: string; archivo: string }>
}

/** The store's counters and filings at one moment. */
export interface StoreState {
  counters: Counter[]
  filings: StoredFiling[]
}

export const EMPTY_STATE: StoreState = { counters: [], filings: [] }

/** The CSV staff open to register the dropped filings again (inside the folder the replaced data went to). */
export const DROPPED_FILE = 'radicaciones-no-restauradas.csv'

type Row = Record<string, unknown>

function toState(counters: Row[], filings: Row[], attachments: Row[]): StoreState {
  const byFiling = new Map<string, StoredFiling['adjuntos']>()
  for (const a of attachments) {
    const list = byFiling.get(String(a.radicado)) ?? []
    list.push({ nombre: String(a.nombre_original), archivo: String(a.archivo) })
    byFiling.set(String(a.radicado), list)
  }
  return {
    counters: counters.map(c => ({ serie: String(c.serie), anio: Number(c.anio), ultimo: Number(c.ultimo) })),
    filings: filings.map(f => ({
      radicado: String(f.radicado),
      tipo: String(f.tipo),
      recibidoEn: String(f.recibido_en),
      canal: f.canal === undefined || f.canal === null ? 'web' : String(f.canal),
      // PostgreSQL's json column arrives parsed; SQLite's as text.
      datos: typeof f.datos === 'string' ? f.datos : JSON.stringify(f.datos),
      adjuntos: byFiling.get(String(f.radicado)) ?? [],
    })),
  }
}

const FILINGS_SQL = 'SELECT * FROM radicaciones ORDER BY radicado'
const ATTACHMENTS_SQL = 'SELECT radicado, nombre_original, archivo FROM adjuntos ORDER BY archivo'
const COUNTERS_SQL = 'SELECT serie, anio, ultimo FROM consecutivos'

/** The state of a SQLite database file (an empty state when there is no file or no tables yet). */
export function readSqliteState(file: string): StoreState {
  if (!fs.existsSync(file)) return EMPTY_STATE
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const has = (t: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) !== undefined
    if (!has('consecutivos') || !has('radicaciones')) return EMPTY_STATE
    return toState(db.prepare(COUNTERS_SQL).all() as Row[], db.prepare(FILINGS_SQL).all() as Row[], db.prepare(ATTACHMENTS_SQL).all() as Row[])
  } finally {
    db.close()
  }
}

/** The state seen by a connection that names its site (siteRows.ts withSiteClient); empty on a database never migrated. */
export async function readPostgresState(client: pg.ClientBase): Promise<StoreState> {
  const exists = async (t: string) => (await client.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [t])).rows[0]?.t
  if (!(await exists('consecutivos')) || !(await exists('radicaciones'))) return EMPTY_STATE
  return toState((await client.query(COUNTERS_SQL)).rows, (await client.query(FILINGS_SQL)).rows, (await client.query(ATTACHMENTS_SQL)).rows)
}

/** A PostgreSQL site's state (the single installation's: `principal`), read on a connection that names it. */
export function postgresState(databaseUrl: string, site: string | undefined): Promise<StoreState> {
  return withSiteClient(databaseUrl, site ?? DEFAULT_SITE, readPostgresState)
}

/** After a whole PostgreSQL restore (pg_restore's own transaction): the counters raised in one more, then the restored state read. */
export function raisePostgresAfterRestore(databaseUrl: string, site: string | undefined, counters: Counter[]): Promise<StoreState> {
  return withSiteClient(databaseUrl, site ?? DEFAULT_SITE, async client => {
    await client.query('BEGIN')
    try {
      await raisePostgresCounters(client, counters)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
    return readPostgresState(client)
  })
}

/**
 * PostgreSQL: the database (the site's rows) as it is now, dumped into the folder set aside before anything is
 * replaced (SQLite's file is moved there by the swap). Skipped on a database that holds no filing yet and was never
 * migrated (a restore into a new database). Returns the dump's path.
 */
export async function keepPostgresAside(
  databaseUrl: string | undefined,
  site: string | undefined,
  before: StoreState,
  aside: string,
): Promise<string | undefined> {
  if (!databaseUrl) return undefined
  if (before.filings.length === 0 && before.counters.length === 0 && !(await postgresMigrated(databaseUrl))) return undefined
  fs.mkdirSync(aside, { recursive: true, mode: 0o700 })
  await copyPostgres(databaseUrl, aside, site)
  fs.chmodSync(path.join(aside, PG_DUMP_FILE), 0o600)
  return path.join(aside, PG_DUMP_FILE)
}

async function postgresMigrated(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return Boolean((await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows[0]?.t)
  } finally {
    await client.end()
  }
}

/** The filings of `before` that `after` does not hold: the ones the restore drops. */
export function droppedFilings(before: StoreState, after: StoreState): StoredFiling[] {
  const kept = new Set(after.filings.map(f => f.radicado))
  return before.filings.filter(f => !kept.has(f.radicado))
}

/** Raises the restored SQLite file's counters to the current ones where those are higher (before it is renamed in). */
export function raiseSqliteCounters(file: string, counters: Counter[]): void {
  if (counters.length === 0) return
  const db = new Database(file, { fileMustExist: true })
  try {
    const raise = db.prepare(
      'INSERT INTO consecutivos (serie, anio, ultimo) VALUES (?, ?, ?) ON CONFLICT (serie, anio) DO UPDATE SET ultimo = max(ultimo, excluded.ultimo)',
    )
    db.transaction(() => {
      for (const c of counters) raise.run(c.serie, c.anio, c.ultimo)
    })()
  } finally {
    db.close()
  }
}

/** The same on PostgreSQL, on the site's connection (the row's `sitio` is the connection's), inside the caller's transaction. */
export async function raisePostgresCounters(client: pg.ClientBase, counters: Counter[]): Promise<void> {
  if (counters.length === 0) return
  // Named with its schema: inside a site restore a temporary table of the same name (siteRestore.ts) comes first.
  const table = `${(await client.query<{ s: string }>('SELECT quote_ident(current_schema()) AS s')).rows[0]!.s}.consecutivos`
  for (const c of counters)
    await client.query(
      `INSERT INTO ${table} AS t (serie, anio, ultimo) VALUES ($1, $2, $3) ON CONFLICT (sitio, serie, anio) DO UPDATE SET ultimo = GREATEST(t.ultimo, EXCLUDED.ultimo)`,
      [c.serie, c.anio, c.ultimo],
    )
}

/** «campo: valor» per line: the form's answers as staff read them to type them again. */
function fieldsText(datos: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(datos)
  } catch {
    return datos
  }
  if (!parsed || typeof parsed !== 'object') return datos
  return Object.entries(parsed as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('\n')
}

/** Writes the dropped filings' CSV into `folder` (made 0700 if missing), mode 0600; returns its path. */
export function writeDroppedList(folder: string, dropped: StoredFiling[]): string {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  const file = path.join(folder, DROPPED_FILE)
  const rows = dropped.map(f => [
    f.radicado,
    f.tipo,
    f.recibidoEn,
    f.canal,
    fieldsText(f.datos),
    f.adjuntos.map(a => `${a.nombre} (adjuntos/${a.archivo})`).join('\n'),
  ])
  const header = ['Radicado', 'Tipo', 'Recibida el (UTC)', 'Canal', 'Datos del formulario', 'Adjuntos (nombre original y archivo en esta carpeta)']
  fs.writeFileSync(file, toCsv(header, rows, ';'), { mode: 0o600, flag: 'wx' })
  return file
}
