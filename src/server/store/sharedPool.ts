import pg from 'pg'
import { type Presence, presenceOn } from './sitePresence.ts'
import { SITE_PROOF_SETTING, siteProof } from './siteProof.ts'
import { connectionName, SITE_SETTING } from './siteTenancy.ts'

/**
 * One connection pool per process and per database (and read-only or not), whatever the number of sites
 * (docs/decisions/platform.md, «One pool per process»): every site's store of the process borrows it. A connection
 * belongs to no site while idle in the pool; each checkout sets the site and its proof (siteProof.ts) for that use
 * only, and the release clears both before the connection goes back. 4 nodes of DEFAULT_POOL_SIZE connections (plus
 * one presence connection each, sitePresence.ts, and the job queue's QUEUE_CONNECTIONS, jobs/queue.ts) stay under
 * PostgreSQL's stock `max_connections` of 100: 4 × (20 + 1 + 2) = 92.
 */

/** The environment variable that sizes the pool (docs/guia-operacion.md). */
export const POOL_SIZE_VARIABLE = 'DATABASE_CONEXIONES'

/** Connections a process keeps at most when DATABASE_CONEXIONES is unset: 4 × (20 + 1) = 84 < 100. */
export const DEFAULT_POOL_SIZE = 20

/** DATABASE_CONEXIONES of the environment, when set: at least 1 (a malformed value is refused in Spanish). */
export function poolSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env[POOL_SIZE_VARIABLE]?.trim()
  if (!value) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${POOL_SIZE_VARIABLE} debe ser un número entero mayor que cero (recibido «${value}»).`)
  return n
}

interface Shared {
  pool: pg.Pool
  users: number
  presence: Presence
}

const shared = new Map<string, Shared>()

/** Each pooled connection's backend pid, asked once when it is born: the proof names it. */
const backendPids = new WeakMap<pg.ClientBase, number>()

/** The pool: every connection it opens commits durably, and read-only when asked. */
function openPool(url: string, readonly: boolean, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    application_name: connectionName(readonly),
    // Run on every connection the pool opens, before it is handed out (a failure fails the connection):
    // whatever the server's, database's or role's defaults say, a COMMIT returns only once it is on disk.
    onConnect: async (client: pg.ClientBase) => {
      backendPids.set(client, (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid)
      await client.query('SET synchronous_commit = on')
      if (readonly) await client.query('SET default_transaction_read_only = on')
    },
  })
  // A connection that breaks while idle is dropped by the pool; the next query opens another.
  pool.on('error', () => undefined)
  // A connection that breaks while checked out emits 'error' on its client, and pg-pool listens only to idle
  // ones: without a listener of ours that event would end the whole process. The query in flight, or the
  // next one, fails with the same error, which the engine's guard answers as StoreUnavailableError (503).
  pool.on('connect', client => {
    client.on('error', () => undefined)
  })
  return pool
}

export interface PoolLease {
  pool: pg.Pool
  /** The process's presence on this database (sitePresence.ts). */
  presence: Presence
  /** Given back by the store when it closes; the last one ends the pool. */
  release(): Promise<void>
}

/** The process's pool for `url` (created by the first store that asks; `max` is the first one's). */
export function leasePool(url: string, readonly: boolean, max = DEFAULT_POOL_SIZE): PoolLease {
  const key = `${readonly ? 'ro' : 'rw'} ${url}`
  let entry = shared.get(key)
  if (!entry) {
    entry = { pool: openPool(url, readonly, max), users: 0, presence: presenceOn(url) }
    shared.set(key, entry)
  }
  const held = entry
  held.users++
  let released = false
  return {
    pool: held.pool,
    presence: held.presence,
    async release() {
      if (released) return
      released = true
      if (--held.users > 0) return
      if (shared.get(key) === held) shared.delete(key)
      await held.pool.end().catch(() => undefined)
    },
  }
}

const setSite = (client: pg.ClientBase, site: string, proof: string) =>
  client.query('SELECT set_config($1, $2, false), set_config($3, $4, false)', [SITE_SETTING, site, SITE_PROOF_SETTING, proof])

/**
 * A connection of the pool for `site`: the site and, with a key, its proof for this backend, set session-wide for
 * this checkout (a transaction's BEGIN, COMMIT and every single statement run on it). Its `release` clears both
 * before the pool may hand it out again; a connection whose clearing fails is destroyed, never reused.
 */
export async function checkoutFor(pool: pg.Pool, site: string, key: Buffer | undefined): Promise<pg.PoolClient> {
  const client = await pool.connect()
  try {
    const pid = backendPids.get(client)
    if (pid === undefined) throw new Error('conexión sin proceso del servidor conocido')
    await setSite(client, site, key ? siteProof(key, site, pid) : '')
  } catch (error) {
    client.release(error instanceof Error ? error : true)
    throw error
  }
  const release = client.release
  client.release = (error?: Error | boolean) => {
    if (error) return release(error)
    setSite(client, '', '').then(
      () => release(),
      (failed: unknown) => release(failed instanceof Error ? failed : true),
    )
  }
  return client
}
