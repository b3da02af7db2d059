import { createHash } from 'node:crypto'
import pg from 'pg'
import { StoreUnavailableError } from './unavailable.ts'

/**
 * Which sites a server process serves, told to the database (docs/decisions/platform.md, «One pool per process»).
 * A connection of the shared pool serves any site, so `application_name` can no longer say whose it is, and
 * `npm run restaurar -- --sitio` still has to refuse while any process serves that site. Each process keeps one
 * connection of its own (beside the pool, not taken from it) holding a shared session-level advisory lock per site
 * it has a store open for; the lock goes when the store closes, and with the connection when the process ends or
 * dies. The restore counts the backends holding the site's lock (`siteHolders`).
 */

/** The high 32 bits of every presence key: a key space of its own (the migrations' key is below 2^32; sites' locks use the two-key form). */
const PRESENCE_SPACE = 0x5e5e_0001

/** The site's low 32 bits: sha256 of its id (collisions only ever make a restore refuse, never a site's lock skipped). */
function siteHash(site: string): number {
  return createHash('sha256').update(site).digest().readUInt32BE(0)
}

/** The advisory lock key (a 64-bit integer, as text) that says «a process serves `site`». */
export function presenceKey(site: string): string {
  return ((BigInt(PRESENCE_SPACE) << 32n) | BigInt(siteHash(site))).toString()
}

/** How many backends (one per serving process) hold `site`'s presence lock on the client's database. */
export async function siteHolders(client: pg.ClientBase, site: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT COUNT(DISTINCT pid) AS n FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND classid = $1::bigint::oid AND objid = $2::bigint::oid
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [PRESENCE_SPACE, siteHash(site)],
  )
  return Number(rows[0]!.n)
}

export interface Presence {
  /** Holds `site`'s lock (counted: several stores of one site in a process hold it once) until as many `leave`s. */
  enter(site: string): Promise<void>
  leave(site: string): Promise<void>
  /** Resolves once `site`'s lock is held (again, after the connection broke or a restore of it ended); else 503. */
  ensure(site: string): Promise<void>
}

interface Held {
  client: pg.Client
  locked: Set<string>
  broken: boolean
}

async function openHeld(url: string): Promise<Held> {
  const client = new pg.Client({ connectionString: url, application_name: 'radicacion-presencia' })
  const held: Held = { client, locked: new Set(), broken: false }
  // A broken connection emits 'error' (without a listener it would end the process); its locks went with it.
  client.on('error', () => (held.broken = true))
  client.on('end', () => (held.broken = true))
  await client.connect()
  return held
}

/**
 * Takes the locks of `sites` the connection lacks and gives back those of sites no longer served. A site a restore
 * holds stays without its lock (not waited for: the restore holds it alone while it runs, siteRestore.ts); the
 * others are taken all the same.
 */
async function holdExactly(held: Held, sites: ReadonlyMap<string, number>): Promise<void> {
  for (const site of sites.keys()) {
    if (held.locked.has(site)) continue
    const taken = (await held.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock_shared($1::bigint) AS ok', [presenceKey(site)])).rows[0]?.ok
    if (taken) held.locked.add(site)
  }
  for (const site of [...held.locked].filter(s => !sites.has(s))) {
    held.locked.delete(site)
    await held.client.query('SELECT pg_advisory_unlock_shared($1::bigint)', [presenceKey(site)])
  }
}

/**
 * The process's presence on the database of `url`. Its connection is opened with the first site and closed with
 * the last; when it breaks, the next use of a site opens it again and takes every site's lock back before
 * that site gets a connection (postgres.ts `ensure`), so no site is served unannounced. Changes run one at a time.
 */
export function presenceOn(url: string): Presence {
  const sites = new Map<string, number>()
  let held: Held | undefined
  let queue: Promise<unknown> = Promise.resolve()
  const serial = (fn: () => Promise<void>): Promise<void> => {
    const run = queue.then(fn)
    queue = run.catch(() => undefined)
    return run
  }
  /** Makes the connection hold exactly the locks of `sites`. */
  const sync = async (): Promise<void> => {
    if (held?.broken || sites.size === 0) {
      const gone = held
      held = undefined
      await gone?.client.end().catch(() => undefined)
    }
    if (sites.size === 0) return
    held ??= await openHeld(url)
    await holdExactly(held, sites)
  }

  /** Syncs, then refuses (503) when `site` is still not held: a restore of it is running. */
  const syncHolding = async (site: string): Promise<void> => {
    await serial(sync)
    if (!held?.locked.has(site)) throw new StoreUnavailableError(`el sitio «${site}» se está restaurando`)
  }

  return {
    async enter(site) {
      sites.set(site, (sites.get(site) ?? 0) + 1)
      try {
        await syncHolding(site)
      } catch (error) {
        await this.leave(site)
        throw error
      }
    },
    async leave(site) {
      const count = sites.get(site) ?? 0
      if (count > 1) sites.set(site, count - 1)
      else sites.delete(site)
      await serial(sync).catch(() => undefined)
    },
    async ensure(site) {
      if (held && !held.broken && held.locked.has(site)) return
      if (!sites.has(site)) throw new Error(`El sitio «${site}» no tiene su almacenamiento abierto en este proceso.`)
      await syncHolding(site)
    },
  }
}
