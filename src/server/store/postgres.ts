import { Kysely, PostgresDialect, sql } from 'kysely'
import type pg from 'pg'
import type { Db, Engine } from './engine.ts'
import { MIGRATIONS, type Migration, pendingMigrations, recordedName, refuseNewerSchema } from './migrations.ts'
import { BYPASSES_SITES, OWNER_REFUSED, ownerRole, rowSecurityBypasser } from './pgRoles.ts'
import { checkoutFor, leasePool, type PoolLease } from './sharedPool.ts'
import { checkSiteProved, refuseKeylessPlatform, siteLocks } from './siteProof.ts'
import { DEFAULT_SITE } from './siteTenancy.ts'
import type { Tables } from './tables.ts'
import { StoreUnavailableError, StoreUnreachableError } from './unavailable.ts'

/**
 * The PostgreSQL engine (engine.ts), for deployments with several server processes or machines. Same
 * guarantees as the SQLite file, kept by the database rather than by one process:
 * - the number comes from a counter row incremented in the filing's own transaction; the row stays locked
 *   until the commit, so two processes filing in the same series wait for each other, a rolled-back filing
 *   gives its number back, and the sequence has neither repeats nor gaps;
 * - every connection runs with synchronous_commit=on: COMMIT returns only once the WAL is flushed to disk;
 * - migrations run at start in one transaction under an advisory lock, so processes starting together are safe.
 * Attachments stay files under DATA_DIR/adjuntos (uploads.ts): several processes need one shared DATA_DIR.
 */

/** Whether DATABASE_URL names a PostgreSQL database. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url)
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'DATABASE_URL'
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'EPIPE'])

/** The server went away (shut down, restarted, connection cut), as opposed to a refused statement. */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null
  const code = typeof e?.code === 'string' ? e.code : ''
  // 08…: connection exception; 57P01-57P03: admin/crash shutdown, cannot connect now.
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true
  return typeof e?.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)
}

function unavailable(error: unknown): StoreUnavailableError {
  const code = (error as { code?: unknown } | null)?.code
  return new StoreUnavailableError(`PostgreSQL no disponible${typeof code === 'string' ? ` (${code})` : ''}`)
}

/** A connection error becomes StoreUnavailableError (the server answers 503 in Spanish); any other error stays as it is. */
function storeError(error: unknown): unknown {
  return error instanceof StoreUnavailableError || !isConnectionError(error) ? error : unavailable(error)
}

/** Key of the advisory lock that serializes migrations: processes starting together wait for each other. */
export const MIGRATION_LOCK_KEY = 1_507_201_500

/**
 * Applies the migrations not yet applied, all in one transaction under a transaction-level advisory lock
 * (PostgreSQL's DDL is transactional: a failed migration leaves the schema as it was). Returns the versions run.
 */
export async function migratePostgres(client: pg.ClientBase, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const ran: number[] = []
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    // Created only when missing: the server's own role (pgRoles.ts) may not create tables, even with IF NOT EXISTS.
    const [exists] = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows
    if (!exists?.t) await client.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, nombre text NOT NULL, aplicada_en text NOT NULL)')
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(r => r.version))
    for (const m of pendingMigrations(applied, migrations)) {
      try {
        await client.query(m.postgres)
      } catch (error) {
        if ((error as { code?: string }).code === '42501') {
          throw new Error(
            `La base de datos necesita la migración ${m.version} («${m.name}») y esta cuenta de PostgreSQL no puede aplicarla. Ejecute primero, con la cuenta dueña de las tablas: npm run -s bd:preparar -- <cuenta del servidor> (vea «PostgreSQL» en docs/guia-operacion.md).`,
          )
        }
        throw error
      }
      await client.query('INSERT INTO schema_migrations (version, nombre, aplicada_en) VALUES ($1, $2, $3)', [
        m.version,
        recordedName(m, 'postgres'),
        new Date().toISOString(),
      ])
      ran.push(m.version)
    }
    await checkSchemaVersion(client)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
  return ran
}

async function checkSchemaVersion(client: pg.ClientBase): Promise<void> {
  refuseNewerSchema((await client.query<{ version: number; nombre: string }>('SELECT version, nombre FROM schema_migrations')).rows)
}

export interface PostgresEngineOptions {
  /** DATABASE_URL, e.g. `postgres://radicacion:clave@127.0.0.1:5432/radicacion`. */
  url: string
  /** Read-only (the export): every transaction is read-only and nothing is migrated; the schema must exist. */
  readonly?: boolean
  /** Connections this process keeps at most, every site together (DATABASE_CONEXIONES; default sharedPool.ts DEFAULT_POOL_SIZE). */
  maxConnections?: number
  /** The server: refuse a role that owns the tables or is a superuser (see pgRoles.ts). */
  refuseOwner?: boolean
  /** The site whose rows the store reads and writes (siteTenancy.ts), set on each checkout; default the single site's. */
  site?: string
  /** DATABASE_CLAVE_SITIOS: the key that proves the site to the database (siteProof.ts); unset, none is proved. */
  siteKey?: Buffer
}

/** Asks `check` until it answers (up to about 8 s while the database is unreachable); false when it never does. */
async function confirmed(check: () => Promise<boolean>): Promise<boolean> {
  for (const wait of [0, 500, 1000, 2000, 4000]) {
    await new Promise(resolve => setTimeout(resolve, wait))
    try {
      return await check()
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) && !isConnectionError(error)) throw error
    }
  }
  return false
}

/**
 * Announces the site (sitePresence.ts), then migrates on one connection of the site (or, read-only, checks the schema
 * is there and not newer); on failure the site leaves and the pool is given back.
 */
async function prepareSchema(lease: PoolLease, options: PostgresEngineOptions): Promise<void> {
  const site = options.site ?? DEFAULT_SITE
  let client: pg.PoolClient
  try {
    if (options.site !== undefined) await lease.presence.enter(options.site)
    client = await checkoutFor(lease.pool, site, options.siteKey)
  } catch (error) {
    await giveBack(lease, options)
    throw new StoreUnreachableError(`No fue posible conectarse a PostgreSQL (${describeUrl(options.url)}): ${(error as Error).message}`)
  }
  try {
    // One site of several: a role the database does not hold to the sites' policies would mix them (even with DATABASE_ALLOW_OWNER).
    if (options.site !== undefined) {
      const bypasser = await rowSecurityBypasser(client)
      if (bypasser) throw new Error(BYPASSES_SITES(bypasser))
    }
    if (options.readonly) {
      const [exists] = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows
      if (!exists?.t)
        throw new Error(
          `La base de datos ${describeUrl(options.url)} no tiene las tablas de radicación. Inicie el servidor una vez con DATABASE_URL para crearlas.`,
        )
      await checkSchemaVersion(client)
    } else {
      if (options.refuseOwner) {
        const owner = await ownerRole(client)
        if (owner) throw new Error(OWNER_REFUSED(owner))
        refuseKeylessPlatform(site, options.siteKey)
      }
      await migratePostgres(client)
    }
    await checkSiteProved(client, site, options.siteKey !== undefined)
  } catch (error) {
    client.release()
    await giveBack(lease, options)
    throw error
  }
  client.release()
}

/** The store closes: its site leaves (when it was a platform's) and its share of the pool is given back. */
async function giveBack(lease: PoolLease, options: PostgresEngineOptions): Promise<void> {
  if (options.site !== undefined) await lease.presence.leave(options.site)
  await lease.release()
}

/**
 * Kysely over the shared pool, every checkout set to the store's site (sharedPool.ts) while the process's presence
 * for it holds; no connection to be had (server down, refusing connections, network) is StoreUnavailableError: 503,
 * nothing stored.
 */
function kyselyOver(lease: PoolLease, options: PostgresEngineOptions): Db {
  const guardedPool = {
    connect: async () => {
      try {
        if (options.site !== undefined) await lease.presence.ensure(options.site)
        return await checkoutFor(lease.pool, options.site ?? DEFAULT_SITE, options.siteKey)
      } catch (error) {
        throw error instanceof StoreUnavailableError ? error : unavailable(error)
      }
    },
    // Kysely ends its pool only if it ever used it: the store's close gives the shared one back (postgresChecks).
    end: async () => undefined,
  }
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: guardedPool }) })
}

/** Engine.transaction for PostgreSQL: BEGIN/COMMIT on one pooled connection, a lost COMMIT answer confirmed by `confirm`. */
function transactionsOn(db: Db): Engine['transaction'] {
  return async function transaction<T>(fn: (tx: Db) => Promise<T>, confirm?: (result: T) => Promise<boolean>): Promise<T> {
    let done: { result: T } | undefined
    try {
      return await db.connection().execute(async conn => {
        await sql`BEGIN`.execute(conn)
        try {
          done = { result: await fn(conn) }
          await sql`COMMIT`.execute(conn)
          return done.result
        } catch (error) {
          // A broken connection is dropped by the pool rather than handed out again (it is no longer queryable).
          if (!isConnectionError(error)) await sql`ROLLBACK`.execute(conn).catch(() => undefined)
          throw error
        }
      })
    } catch (error) {
      // The connection broke while COMMIT's answer was on its way: the outcome is unknown. Asked again on a new
      // connection (for a while: the database may be restarting), so a filing that was committed is answered with
      // its number (and its kept upload is not removed) instead of being reported as failed.
      const outcome = done
      if (isConnectionError(error) && outcome && confirm && (await confirmed(() => confirm(outcome.result)))) return outcome.result
      throw storeError(error)
    }
  }
}

/** Connects, then migrates (or, read-only, checks the schema is there and not newer than this program). */
export async function postgresEngine(options: PostgresEngineOptions): Promise<Engine> {
  const lease = leasePool(options.url, options.readonly ?? false, options.maxConnections)
  await prepareSchema(lease, options)
  const db = kyselyOver(lease, options)
  const lockKeys = siteLocks(options.site ?? DEFAULT_SITE)
  return { ...postgresDialect, ...postgresChecks(db, () => giveBack(lease, options)), lockKeys, db, transaction: transactionsOn(db), relaxed: fn => fn(db) }
}

/** What PostgreSQL does differently in SQL (the Engine's fragments), independent of any connection. */
const postgresDialect = {
  name: 'postgresql',
  groupCommit: false,
  locksRows: true,
  siteKey: ['sitio'],
  flag: (value: boolean) => value,
  isUniqueViolation(error: unknown, constraint?: string) {
    const e = error as { code?: unknown; constraint?: unknown } | null
    return e?.code === '23505' && (constraint === undefined || e.constraint === constraint)
  },
  // COLLATE "C": the same order as SQLite's byte order, whatever the database's locale.
  byteOrder: expression => sql`${expression} COLLATE "C"`,
  attachmentOrder: sql`id`,
  colombiaDay: expression => sql<string | null>`to_char((${expression})::timestamptz AT TIME ZONE 'UTC' - interval '5 hours', 'YYYY-MM-DD')`,
  numberField: (datos, field) => sql`CASE WHEN json_typeof(${datos} -> ${field}::text) = 'number' THEN (${datos} ->> ${field}::text)::numeric END`,
  async guard(call) {
    try {
      return await call()
    } catch (error) {
      throw storeError(error)
    }
  },
} satisfies Partial<Engine>

/** The engine's checks of the live database: writable now, durability settings, closing once (the pool given back). */
function postgresChecks(db: Db, giveBackPool: () => Promise<void>): Pick<Engine, 'checkWritable' | 'durability' | 'close'> {
  let closed: Promise<void> | undefined
  return {
    async checkWritable() {
      // A standby (recovery) or a database set read-only accepts connections but refuses every filing.
      const { rows } = await sql<{
        ro: string
        recovery: boolean
      }>`SELECT current_setting('transaction_read_only') AS ro, pg_is_in_recovery() AS recovery`.execute(db)
      if (rows[0]?.ro !== 'off' || rows[0].recovery) throw new Error('PostgreSQL solo admite lectura en este momento.')
    },

    async durability() {
      const sync = (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0]!.synchronous_commit
      const versions = (await db.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map(r => r.version)
      return { synchronousCommit: sync, schemaVersions: versions }
    },

    close() {
      closed ??= db.destroy().then(giveBackPool)
      return closed
    },
  }
}
