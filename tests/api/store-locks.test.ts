/**
 * A foreign write lock on the SQLite file (a backup tool, an admin's
 * `sqlite3` holding a transaction), docs/decisions/store.md: office requests answer a
 * Spanish 503 while it lasts, never 500; a filing's outcome is decided once:
 * stored and answered with its number and code, or refused with an error and
 * never stored afterwards.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { Client, countRows, FILING_PLAN, startInProcess, tempDataDir, validPqrs } from './helpers.ts'

const STAFF = { correo: 'siau@hospital.gov.co', clave: 'una clave larga de prueba 1' }
const UNAVAILABLE = 'El servicio no está disponible en este momento. Intente de nuevo más tarde.'

/** Another connection takes the write lock (BEGIN IMMEDIATE) and holds it; release() ends it. */
function holdWriteLock(dataDir: string): { release(): void } {
  const db = new Database(path.join(dataDir, DB_FILE))
  db.exec('BEGIN IMMEDIATE')
  return {
    release() {
      if (!db.open) return
      db.exec('ROLLBACK')
      db.close()
    },
  }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describe('the office under a foreign write lock', () => {
  it('signed-in pages and API calls, and signing in, answer 503 in Spanish while the lock is held, and work again once it ends', async () => {
    const dataDir = tempDataDir('office-lock')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    await store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
    await store.close()
    const server = await startInProcess({ dataDir })
    try {
      const client = await new Client(server.url).init()
      const signIn = () =>
        fetch(`${server.url}/api/oficina/sesion`, {
          method: 'POST',
          headers: client.headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(STAFF),
        })
      const signedIn = await signIn()
      expect(signedIn.status).toBe(200)
      const session = signedIn.headers
        .getSetCookie()
        .find(c => c.startsWith('oficina_sesion='))!
        .split(';')[0]!
      const get = (p: string) => fetch(`${server.url}${p}`, { headers: { cookie: `XSRF-TOKEN=${client.token}; ${session}` }, redirect: 'manual' })

      const lock = holdWriteLock(dataDir)
      try {
        for (const p of ['/api/oficina/radicaciones', '/api/oficina/sesion']) {
          const r = await get(p)
          expect(r.status, p).toBe(503)
          expect(((await r.json()) as { error: string }).error, p).toBe(UNAVAILABLE)
        }
        const page = await get('/oficina')
        expect(page.status).toBe(503)
        expect(page.headers.get('content-type')).toMatch(/^text\/html/)
        expect(await page.text()).toContain(UNAVAILABLE)
        const again = await signIn()
        expect(again.status).toBe(503)
        expect(((await again.json()) as { error: string }).error).toBe(UNAVAILABLE)
        // The public site is not the store: it keeps answering.
        expect((await fetch(`${server.url}/`)).status).toBe(200)
      } finally {
        lock.release()
      }
      expect((await get('/api/oficina/radicaciones')).status).toBe(200)
      expect((await get('/oficina')).status).toBe(200)
    } finally {
      await server.close()
    }
  }, 60_000)
})

/**
 * The finding's case, on a shorter clock: a lock longer than the time the
 * server gives a body to arrive (30 s there, 1 s here) and, in the second
 * case, longer than the store's wait for it (20 s there, 4 s here).
 */
describe('a filing during a foreign write lock longer than the request timeout: its outcome is decided once', () => {
  const options = { bodyTimeoutMs: 1_000, storeBusyGiveUpMs: 4_000 }

  it("a lock shorter than the store's wait: the filing is stored after it and the citizen gets its number and code, not a 408", async () => {
    const server = await startInProcess({ label: 'lock-short', ...options })
    try {
      const client = await new Client(server.url).init()
      const lock = holdWriteLock(server.dataDir)
      setTimeout(() => lock.release(), 2_000)
      const r = await client.postJson('/api/pqrs', validPqrs({ mensaje: 'enviada durante un bloqueo corto' }))
      lock.release()
      expect(r.status).toBe(200)
      const body = (await r.json()) as { id: string; codigo: string }
      expect(body.id).toMatch(/^PQRS-\d{4}-000001$/)
      expect(body.codigo).toMatch(/\S{6,}/)
      expect((await countRows(server.dataDir)).radicaciones).toBe(1)
    } finally {
      await server.close()
    }
  }, 60_000)

  it("a lock longer than the store's wait: the citizen gets the Spanish 503 and the filing is never stored, not even once the lock ends", async () => {
    const server = await startInProcess({ label: 'lock-long', ...options })
    try {
      const client = await new Client(server.url).init()
      const lock = holdWriteLock(server.dataDir)
      const released = sleep(7_000).then(() => lock.release())
      const r = await client.postJson('/api/pqrs', validPqrs({ mensaje: 'enviada durante un bloqueo largo' }))
      expect(r.status).toBe(503)
      expect(((await r.json()) as { error: string }).error).toBe(UNAVAILABLE)
      await released
      // Well after the lock: a filing retried behind the citizen's back would be stored by now.
      await sleep(3_000)
      expect((await countRows(server.dataDir)).radicaciones).toBe(0)
      // And the next filing is received normally, numbered 1: nothing was taken.
      const next = await client.postJson('/api/pqrs', validPqrs({ mensaje: 'enviada después del bloqueo' }))
      expect(((await next.json()) as { id: string }).id).toMatch(/^PQRS-\d{4}-000001$/)
    } finally {
      await server.close()
    }
  }, 60_000)
})
