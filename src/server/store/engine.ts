import type { Kysely, RawBuilder } from 'kysely'
import type { Tables } from './tables.ts'

/** A Kysely instance over the store's tables: the whole database, or one connection inside a transaction. */
export type Db = Kysely<Tables>

/**
 * How long a call may wait for a database another process has locked (SQLite; PostgreSQL waits by itself):
 * a filing or subscription the longest, an office call or a read briefly, a request count not at all.
 */
export type Wait = 'filing' | 'office' | 'none'

/**
 * The adapter between the one store (filingRecords.ts, officeRecords.ts, sharedRecords.ts) and a database
 * engine: everything in which SQLite and PostgreSQL differ, in one place per engine (sqlite.ts, postgres.ts).
 * The store's queries are written once over `db` with Kysely; what an engine needs of its own (how a
 * transaction takes its lock, how a lost answer is confirmed, a busy file, an unreachable server, a few
 * SQL fragments) is asked of this interface.
 */
export interface Engine {
  /** `sqlite` or `postgresql`, for logs. */
  readonly name: string
  readonly db: Db
  /**
   * Runs `fn` in one transaction on one connection, committed durably when it returns, rolled back when it
   * throws. SQLite takes the write lock first (BEGIN IMMEDIATE). PostgreSQL, when the connection breaks while
   * COMMIT's answer is on its way, asks `confirm` on a new connection whether the work was committed.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, confirm?: (result: T) => Promise<boolean>): Promise<T>
  /** Runs `fn` on one connection whose commits need not wait for the disk (a request counter, not a record). */
  relaxed<T>(fn: (db: Db) => Promise<T>): Promise<T>
  /** Runs a store call, turning the engine's failures into the store's errors (StoreBusyError, StoreUnavailableError), retrying while another process holds the file. */
  guard<T>(call: () => Promise<T>, wait: Wait): Promise<T>
  /** Filings arriving together are written in one commit (SQLite: one fsync for all); PostgreSQL groups WAL flushes itself. */
  readonly groupCommit: boolean
  /** Rows can be locked with SELECT … FOR UPDATE (PostgreSQL); SQLite's transaction already holds the whole file's write lock. */
  readonly locksRows: boolean
  /**
   * Inside a transaction, serializes it with every other transaction of every process that locks one of the
   * same keys (PostgreSQL: advisory locks, taken in one order so two never wait for each other's second key;
   * SQLite: nothing more to do, its transaction holds the whole file's write lock).
   */
  lockKeys(tx: Db, keys: readonly string[]): Promise<void>
  /**
   * The columns that lead every per-site key (PostgreSQL: `sitio`, siteTenancy.ts; SQLite: none, one file per
   * site): an upsert's conflict target starts with them.
   */
  readonly siteKey: readonly 'sitio'[]
  /** A boolean as the engine binds it (SQLite has none: 0/1). */
  flag(value: boolean): number | boolean
  /** Whether an error is the violation of a unique constraint (named `constraint` when given). */
  isUniqueViolation(error: unknown, constraint?: string): boolean
  /** Column or expression sorted in byte order, as SQLite sorts text by default. */
  byteOrder(expression: RawBuilder<unknown>): RawBuilder<unknown>
  /** The order rows of `adjuntos` were inserted in. */
  readonly attachmentOrder: RawBuilder<unknown>
  /** The Colombian calendar day (UTC−5, YYYY-MM-DD) of an ISO instant held in `expression`. */
  colombiaDay(expression: RawBuilder<unknown>): RawBuilder<string | null>
  /** A field of a filing's `datos` (JSON) when it holds a number, else NULL. */
  numberField(datos: RawBuilder<unknown>, field: string): RawBuilder<unknown>
  /** Fails (throws) when a filing could not be written now; writes nothing. */
  checkWritable(): Promise<void>
  /** The durability settings in force and the schema versions applied, for the engine-specific tests. */
  durability(): Promise<Record<string, unknown>>
  close(): Promise<void>
}

/** A boolean column as either engine returns it. */
export const truth = (value: unknown): boolean => value === true || value === 1

/** A JSON column as either engine returns it (SQLite: text; `pg`: already parsed). */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/** A bigint column (`pg` returns text) or a count. */
export const num = (value: unknown): number => Number(value)
