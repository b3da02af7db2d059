/**
 * Tenancy an injection cannot cross (docs/decisions/platform.md, «Tenancy an injection cannot cross»): on a platform's
 * shared PostgreSQL database with a registered site key, the server's role sees another site's rows only with a proof
 * made from a key it cannot read; its own `set_config('app.sitio', …)` (what an injected statement can run) shows it
 * nothing. Advisory locks carry the site, so two hospitals never wait for each other's keys.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEngine, openFilingStore } from '../../src/server/store/open.ts'
import { pgBinary } from '../../src/server/features/backup/pgTools.ts'
import { copyPostgres } from '../../src/server/features/backup/snapshot.ts'
import { SITE_KEY_VARIABLE, SITE_PROOF_SETTING, siteProof, siteToolOptions } from '../../src/server/store/siteProof.ts'
import { SITE_SETTING } from '../../src/server/store/siteTenancy.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { FILING_PLAN, oneFilingPerSite, tempDataDir } from './helpers.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const KEY = randomBytes(32).toString('hex')

let database: PlatformDatabase | undefined
let serverUrl: string

async function onServerConnection<T>(work: (c: pg.Client, pid: number) => Promise<T>, options?: string): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl, ...(options ? { options } : {}) })
  await c.connect()
  try {
    const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
    return await work(c, pid)
  } finally {
    await c.end()
  }
}

const filingsSeen = async (c: pg.Client) => (await c.query<{ datos: { m: string } }>('SELECT datos FROM radicaciones ORDER BY numero')).rows.map(r => r.datos.m)

beforeAll(async () => {
  database = await platformDatabase('prueba_sitio', `duenio_prueba_${suffix}`, `servidor_prueba_${suffix}`, KEY)
  serverUrl = database.serverUrl
  await oneFilingPerSite(serverUrl, KEY, 'prueba')
})

afterAll(async () => {
  await database?.drop()
})

describe('the server role cannot switch sites by itself', () => {
  it('with a proof for its own site it sees that site; after its own set_config to another site it sees nothing of either', async () => {
    await onServerConnection(async (c, pid) => {
      await c.query('SELECT set_config($1, $2, false), set_config($3, $4, false)', [
        SITE_SETTING,
        'a',
        SITE_PROOF_SETTING,
        siteProof(Buffer.from(KEY, 'hex'), 'a', pid),
      ])
      expect(await filingsSeen(c)).toEqual(['de a'])
      // What an injected statement can do: name another site.
      await c.query('SELECT set_config($1, $2, false)', [SITE_SETTING, 'b'])
      expect(await filingsSeen(c)).toEqual([])
      await expect(c.query("INSERT INTO consecutivos (serie, anio, ultimo) VALUES ('X', 2026, 1)")).rejects.toMatchObject({ code: '42501' })
    })
  })

  it('a proof made for another backend, a forged one, or one from a key of its own in a temporary table show nothing', async () => {
    const other = await onServerConnection(async (_c, pid) => pid)
    await onServerConnection(async (c, pid) => {
      const forgeries = [siteProof(Buffer.from(KEY, 'hex'), 'b', other === pid ? pid + 1 : other), 'f'.repeat(64), '']
      for (const proof of forgeries) {
        await c.query('SELECT set_config($1, $2, false), set_config($3, $4, false)', [SITE_SETTING, 'b', SITE_PROOF_SETTING, proof])
        expect(await filingsSeen(c), proof).toEqual([])
      }
      // A temporary table named like the key's, holding the injector's own key, must not stand in for it.
      const mine = Buffer.alloc(64, 7)
      await c.query('CREATE TEMP TABLE sitio_clave (unica boolean, interna bytea, externa bytea)')
      await c.query('INSERT INTO sitio_clave VALUES (true, $1, $2)', [mine.map(b => b ^ 0x36), mine.map(b => b ^ 0x5c)])
      await c.query('SELECT set_config($1, $2, false)', [SITE_PROOF_SETTING, siteProof(mine, 'b', pid)])
      expect(await filingsSeen(c)).toEqual([])
    })
  })

  it('the key is out of the server role’s reach: it reads no row of it and can neither change nor remove it', async () => {
    await onServerConnection(async c => {
      expect((await c.query('SELECT * FROM public.sitio_clave')).rows).toEqual([])
      for (const change of ['DELETE FROM public.sitio_clave', 'TRUNCATE public.sitio_clave', "UPDATE public.sitio_clave SET interna = ''::bytea"])
        await expect(c.query(change), change).rejects.toMatchObject({ code: '42501' })
      await expect(c.query("INSERT INTO public.sitio_clave VALUES (true, ''::bytea, ''::bytea)")).rejects.toMatchObject({ code: '42501' })
    })
    // Still registered: the site without a proof still shows nothing.
    await onServerConnection(async c => {
      await c.query('SELECT set_config($1, $2, false)', [SITE_SETTING, 'a'])
      expect(await filingsSeen(c)).toEqual([])
    })
  })

  it('a tool’s start-up proof (pg_dump, psql) holds for its site until it expires', async () => {
    const key = Buffer.from(KEY, 'hex')
    await onServerConnection(async c => expect(await filingsSeen(c)).toEqual(['de b']), siteToolOptions(key, 'b', new Date()))
    await onServerConnection(async c => expect(await filingsSeen(c)).toEqual([]), siteToolOptions(key, 'b', new Date(Date.now() - 7 * 3_600_000)))
  })

  it('a server with another key refuses to start, in Spanish', async () => {
    await expect(
      openFilingStore({
        dataDir: tempDataDir('prueba-otra'),
        plan: FILING_PLAN,
        databaseUrl: serverUrl,
        siteId: 'a',
        siteKey: randomBytes(32).toString('hex'),
      }),
    ).rejects.toThrow(/^La base de datos no reconoce la clave de DATABASE_CLAVE_SITIOS para el sitio «a»/)
  })

  it('a platform’s server without the key does not start: its role could otherwise switch hospitals', async () => {
    await expect(
      openFilingStore({ dataDir: tempDataDir('prueba-sin-clave'), plan: FILING_PLAN, databaseUrl: serverUrl, siteId: 'a', refuseOwner: true }),
    ).rejects.toThrow(/^El sitio «a» es de una plataforma de varios hospitales en PostgreSQL y DATABASE_CLAVE_SITIOS no está definida/)
  })
})

describe('advisory locks carry the site', () => {
  it('a key held by one hospital does not make another wait', async () => {
    const engines = await Promise.all(['a', 'b'].map(site => openEngine({ dataDir: '.', databaseUrl: serverUrl, siteId: site, siteKey: KEY })))
    const [a, b] = engines as [(typeof engines)[0], (typeof engines)[0]]
    try {
      let release!: () => void
      const held = new Promise<void>(resolve => (release = resolve))
      let locked!: () => void
      const lockedNow = new Promise<void>(resolve => (locked = resolve))
      const holder = a.transaction(async tx => {
        await a.lockKeys(tx, ['radicar|clave'])
        locked()
        await held
      })
      await lockedNow
      const started = Date.now()
      const other = await Promise.race([
        b.transaction(async tx => {
          await b.lockKeys(tx, ['radicar|clave'])
          return (await sql<{ one: number }>`SELECT 1 AS one`.execute(tx)).rows[0]!.one
        }),
        new Promise<'waited'>(resolve => setTimeout(() => resolve('waited'), 3000)),
      ])
      release()
      await holder
      expect(other, `${Date.now() - started} ms`).toBe(1)
    } finally {
      await Promise.all(engines.map(e => e.close()))
    }
  })
})

describe('the server role backs up its site on a database with a site key', () => {
  it('the copy holds the site’s rows and no other site’s (its connection and pg_dump prove the site)', async () => {
    const staging = tempDataDir('copia-con-clave')
    const before = process.env[SITE_KEY_VARIABLE]
    process.env[SITE_KEY_VARIABLE] = KEY
    try {
      const copy = await copyPostgres(serverUrl, staging, 'a')
      expect(copy.counts.radicaciones).toBe(1)
      const dump = spawnSync(pgBinary('pg_restore'), ['--file=-', path.join(staging, copy.file)], { encoding: 'utf8' }).stdout
      expect(dump).toContain('{"m":"de a"}')
      expect(dump).not.toContain('{"m":"de b"}')
    } finally {
      if (before === undefined) delete process.env[SITE_KEY_VARIABLE]
      else process.env[SITE_KEY_VARIABLE] = before
    }
  })
})
