import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import type { Db, Engine, Wait } from './engine.ts'
import { MIGRATIONS, type Migration, pendingMigrations, recordedName, refuseNewerSchema } from './migrations.ts'
import type { Tables } from './tables.ts'

/**
 * The SQLite engine (engine.ts): one file in DATA_DIR, the embedded default. better-sqlite3 is synchronous,
 * so a commit is on disk when the call returns (WAL, synchronous=FULL); Kysely's SqliteDialect runs the
 * store's queries on its one connection, one caller at a time.
 */
export const DB_FILE = 'radicaciones.sqlite'

/**
 * How long one write may wait, synchronously, for a lock held by another process. better-sqlite3 waits on
 * the event loop's thread: with the former 5 s every page and API answer froze while another process wrote.
 * A write that still finds the lock is retried asynchronously (BUSY_RETRY_MS apart, for at most
 * BUSY_GIVE_UP_MS), so the site keeps answering meanwhile.
 */
export const BUSY_TIMEOUT_MS = 20
export const BUSY_RETRY_MS = 50
/**
 * A filing waits at most this long for a foreign lock (a backup tool, an admin's `sqlite3` holding a
 * transaction), then fails with StoreBusyError (503 in Spanish) and is not stored: its outcome is decided
 * once. Kept under the 30 s that clients and proxies commonly wait for an answer, so the citizen hears it.
 */
export const BUSY_GIVE_UP_MS = 20_000
/** Office calls and reads wait less: staff get the 503 soon and try again; nothing of theirs is half-done. */
export const OFFICE_BUSY_GIVE_UP_MS = 3_000
/** How long the health probe waits for a lock held by another process before it reports the store as not writable. */
const CHECK_GIVE_UP_MS = 2_000

/** The store cannot be used: its file is damaged (or not a database). The server keeps serving the site and refuses filings. */
export class StoreCorruptedError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(
      `La base de datos ${file} está dañada (${detail}). Restaure la última copia de seguridad de DATA_DIR (vea «Copias de seguridad» en docs/guia-operacion.md).`,
    )
    this.name = 'StoreCorruptedError'
  }
}

/** A write that kept finding the database locked by another process for its whole wait. */
export class StoreBusyError extends Error {
  constructor() {
    super('La base de datos está bloqueada por otro proceso.')
    this.name = 'StoreBusyError'
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
}

function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
}

/** Personal data: the folder is the service's alone (0700) and so are the database files (0600). No effect on Windows, where the folder's ACL applies. */
function restrictModes(dataDir: string, file: string): void {
  try {
    fs.chmodSync(dataDir, 0o700)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600)
  } catch {
    // A file system without POSIX modes.
  }
}

/** Applies the migrations not yet applied, each in its own IMMEDIATE transaction (all of MIGRATIONS unless told: the tests build older files). */
export function migrateSqlite(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    aplicada_en TEXT NOT NULL
  ) STRICT`)
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map(r => r.version))
  const ran: number[] = []
  for (const m of pendingMigrations(applied, migrations)) {
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1
    if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = OFF')
    try {
      db.transaction(() => {
        db.exec(m.sqlite)
        if (m.rebuildsTables && (db.pragma('foreign_key_check') as unknown[]).length > 0) {
          throw new Error(`La migración ${m.version} dejaría referencias rotas entre tablas; no se aplicó.`)
        }
        db.prepare('INSERT INTO schema_migrations (version, nombre, aplicada_en) VALUES (?, ?, ?)').run(
          m.version,
          recordedName(m, 'sqlite'),
          new Date().toISOString(),
        )
      }).immediate()
    } finally {
      if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = ON')
    }
    ran.push(m.version)
  }
  refuseNewerSchema(db.prepare('SELECT version, nombre FROM schema_migrations').all() as Array<{ version: number; nombre: string }>)
  return ran
}

function openDatabase(dataDir: string, readonly: boolean): Database.Database {
  const file = path.join(dataDir, DB_FILE)
  if (readonly) {
    if (!fs.existsSync(file)) throw new Error(`No existe la base de datos ${file}. ¿Es correcto DATA_DIR?`)
    const db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma('busy_timeout = 5000')
    return db
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  // Created 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  restrictModes(dataDir, file)
  let db: Database.Database | undefined
  try {
    db = new Database(file)
    // WAL lets readers (the export) work while the server writes. With synchronous=FULL every commit is
    // fsync'ed before it returns, so a filing that was answered survives a crash of the process or the machine.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    // Integrity at start: a damaged file must not answer 500 to every filing.
    const check = db.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new StoreCorruptedError(file, String(check))
    migrateSqlite(db)
  } catch (error) {
    db?.close()
    if (error instanceof StoreCorruptedError) throw error
    if (isCorruption(error)) throw new StoreCorruptedError(file, (error as Error).message)
    throw error
  }
  restrictModes(dataDir, file)
  return db
}

/**
 * better-sqlite3 compiles the SQL again on every prepare(): statements are kept per connection, so the
 * filings' path (every filing, inside its group commit) does not pay it each time.
 */
function withStatementCache(db: Database.Database) {
  const statements = new Map<string, Database.Statement>()
  return {
    prepare(text: string) {
      let s = statements.get(text)
      if (!s) {
        s = db.prepare(text)
        statements.set(text, s)
      }
      return s
    },
    close: () => db.close(),
  }
}

export interface SqliteEngineOptions {
  /** Folder of the database file (DATA_DIR). */
  dataDir: string
  /** Read-only (the export): the file must exist; nothing is created or migrated. */
  readonly?: boolean
  /** Longest wait of a filing for a foreign lock (default BUSY_GIVE_UP_MS; tests shorten it). Office calls wait at most OFFICE_BUSY_GIVE_UP_MS, or this if shorter. */
  busyGiveUpMs?: number
}

/** What SQLite does differently in SQL (the Engine's fragments), independent of any file. */
const sqliteDialect = {
  name: 'sqlite',
  groupCommit: true,
  locksRows: false,
  // One file per site: no site column.
  siteKey: [],
  lockKeys: async () => undefined,
  flag: (value: boolean) => (value ? 1 : 0),
  isUniqueViolation: (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE',
  byteOrder: expression => expression,
  attachmentOrder: sql`rowid`,
  colombiaDay: expression => sql<string | null>`date(${expression}, '-5 hours')`,
  // json_type answers 'integer' or 'real' for a number; a path keeps a field name with odd characters whole.
  numberField: (datos, field) => {
    const p = `$."${field.replace(/"/g, '')}"`
    return sql`CASE WHEN json_type(${datos}, ${p}) IN ('integer', 'real') THEN json_extract(${datos}, ${p}) END`
  },
} satisfies Partial<Engine>

/** Opens (creates, checks and migrates) the SQLite file of DATA_DIR. */
export function sqliteEngine(options: SqliteEngineOptions): Engine {
  const raw = openDatabase(options.dataDir, options.readonly ?? false)
  const db: Db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) })
  /** Runs `fn` holding Kysely's one connection: nothing else runs on the file meanwhile. */
  const exclusive = <T>(fn: (conn: Db) => Promise<T>): Promise<T> => db.connection().execute(fn)
  let closed = false
  return {
    ...sqliteDialect,
    ...sqliteTransactions(raw, exclusive),
    ...sqliteChecks(raw, exclusive, options.busyGiveUpMs ?? BUSY_GIVE_UP_MS),
    db,
    async close() {
      if (closed) return
      closed = true
      await db.destroy()
    },
  }
}

type Exclusive = <T>(fn: (conn: Db) => Promise<T>) => Promise<T>

/** Engine.transaction and Engine.relaxed on the file's one connection. */
function sqliteTransactions(raw: Database.Database, exclusive: Exclusive): Pick<Engine, 'transaction' | 'relaxed'> {
  return {
    transaction: fn =>
      exclusive(async conn => {
        // IMMEDIATE: the write lock is taken first, so a transaction never fails half-way for another process's lock.
        await sql`BEGIN IMMEDIATE`.execute(conn)
        try {
          const result = await fn(conn)
          await sql`COMMIT`.execute(conn)
          return result
        } catch (error) {
          if (raw.inTransaction) raw.exec('ROLLBACK')
          throw error
        }
      }),

    relaxed: fn =>
      exclusive(async conn => {
        // synchronous=NORMAL in WAL mode keeps the file consistent and the next filing's FULL commit flushes it
        // anyway; switched back before the connection is handed to anyone else.
        raw.pragma('synchronous = NORMAL')
        try {
          return await fn(conn)
        } finally {
          raw.pragma('synchronous = FULL')
        }
      }),
  }
}

/** How the engine waits for another process's lock (guard, checkWritable) and reports its durability settings. */
function sqliteChecks(raw: Database.Database, exclusive: Exclusive, filingGiveUp: number): Pick<Engine, 'guard' | 'checkWritable' | 'durability'> {
  const giveUp: Record<Wait, number> = { filing: filingGiveUp, office: Math.min(OFFICE_BUSY_GIVE_UP_MS, filingGiveUp), none: 0 }
  return {
    /**
     * A foreign lock answered 500 to every request for the whole lock: every call is retried while busy
     * (safe: a failed transaction was rolled back), then refused with StoreBusyError (503 in Spanish).
     */
    async guard(call, wait) {
      const started = Date.now()
      for (;;) {
        try {
          return await call()
        } catch (error) {
          if (!isBusy(error)) throw error
          if (Date.now() - started >= giveUp[wait]) throw new StoreBusyError()
          await new Promise(resolve => setTimeout(resolve, BUSY_RETRY_MS))
        }
      }
    },

    async checkWritable() {
      // Taking the write lock (and releasing it at once) is what a filing's commit needs first; a lock held by
      // another process is waited for asynchronously, as a filing would, but only briefly: a probe must answer fast.
      const started = Date.now()
      for (;;) {
        try {
          await exclusive(async () => {
            raw.exec('BEGIN IMMEDIATE')
            raw.exec('ROLLBACK')
          })
          return
        } catch (error) {
          if (!isBusy(error) || Date.now() - started > CHECK_GIVE_UP_MS) throw isBusy(error) ? new StoreBusyError() : error
          await new Promise(resolve => setTimeout(resolve, BUSY_RETRY_MS))
        }
      }
    },

    durability: () =>
      exclusive(async () => ({
        journalMode: raw.pragma('journal_mode', { simple: true }),
        synchronous: raw.pragma('synchronous', { simple: true }),
        schemaVersions: (raw.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map(v => v.version),
      })),
  }
}
