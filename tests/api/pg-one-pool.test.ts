/**
 * One PostgreSQL pool per process whatever the number of sites (docs/decisions/platform.md, «One pool per process»):
 * the connections a process opens stay within one pool's bound with one site or ten; a connection released by one
 * site and reused by another shows the second nothing of the first; an idle connection of the pool names no site;
 * the process tells the database which sites it serves (what `npm run restaurar -- --sitio` counts), and a site being
 * restored is not served meanwhile.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Engine } from '../../src/server/store/engine.ts'
import { openEngine } from '../../src/server/store/open.ts'
import { leasePool } from '../../src/server/store/sharedPool.ts'
import { presenceKey, siteHolders } from '../../src/server/store/sitePresence.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { oneFilingPerSite } from './helpers.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const KEY = randomBytes(32).toString('hex')
const SERVER_ROLE = `servidor_pool_${suffix}`
const SITES = Array.from({ length: 10 }, (_, i) => `sitio${i}`)

let database: PlatformDatabase | undefined
let serverUrl: string

const open = (site: string, maxConnections: number) => openEngine({ dataDir: '.', databaseUrl: serverUrl, siteId: site, siteKey: KEY, maxConnections })

/** The connections of the server's role (this process's only), by application_name. */
async function connectionsOfThisProcess(): Promise<Record<string, number>> {
  const rows = await querySite<{ a: string; n: string }>(
    database!.adminUrl,
    undefined,
    'SELECT application_name AS a, COUNT(*) AS n FROM pg_stat_activity WHERE usename = $1 GROUP BY 1',
    [SERVER_ROLE],
  )
  return Object.fromEntries(rows.map(r => [r.a, Number(r.n)]))
}

/** Keeps every connection the pool will give busy at once: 30 statements of 50 ms spread over the engines. */
const burst = (engines: Engine[]) => Promise.all(Array.from({ length: 30 }, (_, i) => sql`SELECT pg_sleep(0.05)`.execute(engines[i % engines.length]!.db)))

const filingsSeen = async (engine: Engine) =>
  (await sql<{ m: string }>`SELECT datos ->> 'm' AS m FROM radicaciones ORDER BY numero`.execute(engine.db)).rows.map(r => r.m)

const backendPid = async (engine: Engine) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(engine.db)).rows[0]!.pid

beforeAll(async () => {
  database = await platformDatabase('una_reserva', `duenio_pool_${suffix}`, SERVER_ROLE, KEY)
  serverUrl = database.serverUrl
  await oneFilingPerSite(serverUrl, KEY, 'pool')
})

afterAll(async () => {
  await database?.drop()
})

describe('one pool per process', () => {
  it('with 1 site or 10 sites visited, the process holds at most the pool’s connections plus its presence connection', async () => {
    for (const sites of [SITES.slice(0, 1), SITES]) {
      const engines = await Promise.all(sites.map(site => open(site, 3)))
      try {
        await burst(engines)
        const held = await connectionsOfThisProcess()
        expect(held.radicacion, `${sites.length} sitio(s): ${JSON.stringify(held)}`).toBeLessThanOrEqual(3)
        expect(held['radicacion-presencia'], JSON.stringify(held)).toBe(1)
        expect(
          Object.values(held).reduce((a, b) => a + b, 0),
          JSON.stringify(held),
        ).toBeLessThanOrEqual(4)
      } finally {
        await Promise.all(engines.map(e => e.close()))
      }
    }
    // The last store closed ends the pool and the presence connection.
    await expect.poll(connectionsOfThisProcess).toEqual({})
  })

  it('a connection released by one site and reused by another shows it nothing of the first (a pool of 1, alternating)', async () => {
    const [a, b] = [await open('a', 1), await open('b', 1)]
    try {
      const pids = new Set<number>()
      for (let i = 0; i < 4; i++) {
        expect(await filingsSeen(a)).toEqual(['de a'])
        expect(await a.transaction(tx => sql<{ n: string }>`SELECT COUNT(*) AS n FROM radicaciones`.execute(tx))).toMatchObject({ rows: [{ n: '1' }] })
        expect(await filingsSeen(b)).toEqual(['de b'])
        expect(await b.transaction(tx => sql<{ m: string }>`SELECT datos ->> 'm' AS m FROM radicaciones`.execute(tx))).toMatchObject({ rows: [{ m: 'de b' }] })
        pids.add(await backendPid(a)).add(await backendPid(b))
      }
      // The same backend served both sites in turn: the reuse really happened.
      expect(pids.size).toBe(1)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('a connection back in the pool names no site: on it nothing is seen and nothing can be written', async () => {
    const a = await open('a', 1)
    const lease = leasePool(serverUrl, false)
    try {
      expect(await filingsSeen(a)).toEqual(['de a'])
      const idle = await lease.pool.connect()
      try {
        const { rows } = await idle.query(
          "SELECT current_setting('app.sitio', true) AS sitio, current_setting('app.sitio_prueba', true) AS prueba, sitio_actual() AS actual, (SELECT COUNT(*) FROM radicaciones) AS n",
        )
        expect(rows).toEqual([{ sitio: '', prueba: '', actual: null, n: '0' }])
      } finally {
        idle.release()
      }
    } finally {
      await lease.release()
      await a.close()
    }
  })
})

describe('the database knows which sites a process serves (the site restore counts them)', () => {
  const holders = async (site: string) => {
    const c = new pg.Client({ connectionString: database!.ownerUrl })
    await c.connect()
    try {
      return await siteHolders(c, site)
    } finally {
      await c.end()
    }
  }

  it('a site’s open stores hold its presence once per process, and closing the last lets it go', async () => {
    const [a1, a2] = [await open('a', 2), await open('a', 2)]
    try {
      expect([await holders('a'), await holders('b')]).toEqual([1, 0])
      await a1.close()
      expect(await holders('a')).toBe(1)
    } finally {
      await a2.close()
    }
    expect(await holders('a')).toBe(0)
  })

  it('while a restore holds the site, a store of that site does not open; the other sites do', async () => {
    const restoring = new pg.Client({ connectionString: database!.ownerUrl })
    await restoring.connect()
    try {
      await restoring.query('BEGIN')
      expect((await restoring.query('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', [presenceKey('a')])).rows).toEqual([{ ok: true }])
      await expect(open('a', 2)).rejects.toThrow(/el sitio «a» se está restaurando/)
      const b = await open('b', 2)
      await b.close()
      await restoring.query('ROLLBACK')
      const a = await open('a', 2)
      await a.close()
    } finally {
      await restoring.end()
    }
  })
})
