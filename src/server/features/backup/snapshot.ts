/**
 * A consistent copy of the filings' database, taken while the server keeps receiving filings:
 * SQLite through the driver's online backup API (no `sqlite3` program needed, on Linux or Windows);
 * PostgreSQL through `pg_dump`, run inside a REPEATABLE READ transaction whose snapshot it shares, so the
 * row counts and the list of attachments are read from the very state the dump holds.
 *
 * The list of attachments comes from the copy, never from the live store: an attachment is renamed into
 * DATA_DIR/adjuntos before its filing commits, so every file a copied row names is already on disk.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { LIMITER_TABLES } from '../../store/shared.ts'
import { setConnectionSite, siteKeyFromEnv, siteToolOptions } from '../../store/siteProof.ts'
import { DEFAULT_SITE } from '../../store/siteTenancy.ts'
import { pgBinary } from './pgTools.ts'

/** Database file of the SQLite store (DATA_DIR/radicaciones.sqlite); the same name inside the archive. */
export const SQLITE_FILE = 'radicaciones.sqlite'
/** pg_dump's custom-format file inside the archive. */
export const PG_DUMP_FILE = 'radicaciones.pgdump'

export type Engine = 'sqlite' | 'postgresql'

export interface AttachmentRef {
  /** File name in DATA_DIR/adjuntos. */
  archivo: string
  /** SHA-256 the store recorded when the file arrived (null where it recorded none). */
  sha256: string | null
}

export interface DatabaseCopy {
  engine: Engine
  /** Name of the copy inside the staging folder. */
  file: string
  /** Rows per table in the copy. */
  counts: Record<string, number>
  attachments: AttachmentRef[]
}

/** Every file the store references in DATA_DIR/adjuntos: filings' attachments and the office answers' files. */
export const ATTACHMENTS_SQL =
  'SELECT archivo, sha256 FROM adjuntos UNION ALL SELECT archivo, archivo_sha256 AS sha256 FROM historial WHERE archivo IS NOT NULL'

export function sqliteTables(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>
  return rows.map(r => r.name)
}

/** Row counts and referenced attachments of a SQLite database file (a copy, or a restored one). */
export function describeSqlite(file: string): { counts: Record<string, number>; attachments: AttachmentRef[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const counts: Record<string, number> = {}
    // Table names come from the database's own catalogue, quoted: never from outside.
    for (const t of sqliteTables(db)) counts[t] = (db.prepare(`SELECT COUNT(*) AS n FROM "${t}"`).get() as { n: number }).n
    const attachments = counts.adjuntos === undefined ? [] : (db.prepare(ATTACHMENTS_SQL).all() as AttachmentRef[])
    return { counts, attachments }
  } finally {
    db.close()
  }
}

/**
 * The copy without the limiter rows (store/shared.ts LIMITER_TABLES: keys of client addresses, an hour's life), then
 * VACUUM, so their bytes do not linger in the copy's free pages either.
 */
function dropLimiterRows(file: string): void {
  const db = new Database(file, { fileMustExist: true })
  try {
    const tables = new Set(sqliteTables(db))
    for (const t of LIMITER_TABLES) if (tables.has(t)) db.prepare(`DELETE FROM "${t}"`).run()
    db.exec('VACUUM')
  } finally {
    db.close()
  }
}

export async function copySqlite(dataDir: string, stagingDir: string): Promise<DatabaseCopy> {
  const source = path.join(dataDir, SQLITE_FILE)
  if (!fs.existsSync(source)) throw new Error(`No existe la base de datos ${source}. ¿Es correcto DATA_DIR?`)
  const db = new Database(source, { readonly: true, fileMustExist: true })
  const target = path.join(stagingDir, SQLITE_FILE)
  try {
    db.pragma('busy_timeout = 5000')
    // The online backup copies the pages in steps; a write by the server meanwhile makes SQLite start over, so the copy is one committed state.
    await db.backup(target)
  } finally {
    db.close()
  }
  dropLimiterRows(target)
  return { engine: 'sqlite', file: SQLITE_FILE, ...describeSqlite(target) }
}

/** The URL without its password, and the password apart (given to pg_dump in PGPASSWORD: never on a command line others can list). */
export function splitPassword(databaseUrl: string): { url: string; password?: string } {
  const u = new URL(databaseUrl)
  const password = u.password ? decodeURIComponent(u.password) : undefined
  u.password = ''
  return { url: u.toString(), password }
}

/** Runs a PostgreSQL program; rejects with its error output (which names no personal data: tables, roles, hosts). */
export function runPgTool(name: string, args: string[], password?: string, extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const bin = pgBinary(name)
    const child = spawn(bin, args, { env: { ...process.env, ...extraEnv, ...(password ? { PGPASSWORD: password } : {}) }, stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('error', e =>
      reject(new Error(`No se pudo ejecutar ${name} (${bin}): ${e.message}. Instale las herramientas de PostgreSQL o defina PG_BIN con su carpeta.`)),
    )
    child.once('exit', code => (code === 0 ? resolve() : reject(new Error(`${name} terminó con error (${code}): ${err.trim().slice(0, 500)}`))))
  })
}

/**
 * The site's rows only (siteTenancy.ts): the counts and pg_dump run under the site's setting and with row security
 * on, as the server's role must (it is held to the policies; pg_dump would otherwise refuse the tables).
 */
export async function copyPostgres(databaseUrl: string, stagingDir: string, site = DEFAULT_SITE): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  // On a database whose site key is registered, the server's role sees a site's rows only with its proof (siteProof.ts).
  const key = siteKeyFromEnv()
  try {
    await setConnectionSite(client, site, key)
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const snapshot = (await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s
    const tables = (await client.query<{ t: string }>('SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename')).rows.map(
      r => r.t,
    )
    const counts: Record<string, number> = {}
    // The limiter tables' rows are not in the dump (--exclude-table-data below), so they are not counted either.
    const limiters = new Set<string>(LIMITER_TABLES)
    for (const t of tables.filter(t => !limiters.has(t))) counts[t] = Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${t}"`)).rows[0]!.n)
    const attachments = counts.adjuntos === undefined ? [] : (await client.query<AttachmentRef>(ATTACHMENTS_SQL)).rows
    const { url, password } = splitPassword(databaseUrl)
    // Same snapshot as the counts above: the dump holds exactly those rows.
    await runPgTool(
      'pg_dump',
      [
        '--format=custom',
        '--enable-row-security',
        ...LIMITER_TABLES.map(t => `--exclude-table-data=${t}`),
        `--snapshot=${snapshot}`,
        '--no-password',
        `--file=${path.join(stagingDir, PG_DUMP_FILE)}`,
        `--dbname=${url}`,
      ],
      password,
      { PGOPTIONS: siteToolOptions(key, site, new Date()) },
    )
    await client.query('COMMIT')
    return { engine: 'postgresql', file: PG_DUMP_FILE, counts, attachments }
  } finally {
    await client.end()
  }
}
