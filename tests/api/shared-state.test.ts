/**
 * Two server processes behind one balancer, on one PostgreSQL database
 * (docs/decisions/testing.md): the POST limit, the sign-in throttle and the no-script
 * receipt live in the store, so both processes apply one limit and a
 * receipt reload reaching the other process still shows the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { Client, FILING_PLAN, startChild, tempDataDir, validPqrs, type ChildServer } from './helpers.ts'

const LIMIT = 6
const STAFF = { correo: 'jefe.siau@hospital.gov.co', clave: 'una clave larga de prueba 1' }

describe('two server processes on one PostgreSQL database share their limits and receipts', () => {
  let databaseUrl = ''
  let servers: ChildServer[] = []

  beforeAll(async () => {
    databaseUrl = await freshPostgresDatabase('compartido')
    const dataDir = tempDataDir('pg-compartido')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN, databaseUrl })
    await store.createAccount({ correo: STAFF.correo, nombre: 'Jefe SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
    await store.close()
    // As behind the balancer: the proxy (here, the test) states the client's address, so each test is its own citizen.
    servers = await Promise.all([0, 1].map(() => startChild(dataDir, { DATABASE_URL: databaseUrl, RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '127.0.0.1' })))
  })
  afterAll(async () => {
    await Promise.all(servers.map(s => s.close()))
    if (databaseUrl) await dropPostgresDatabase(databaseUrl)
  })

  it(`the POST limit of ${LIMIT} per address is one limit for both processes, not ${LIMIT} each`, async () => {
    const clients = await Promise.all(servers.map(s => new Client(s.url).init()))
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 2; i++) {
      const c = clients[i % 2]!
      const r = await c.postJson(
        '/api/pqrs',
        validPqrs({ mensaje: `Solicitud número ${i} para probar el límite compartido.` }),
        c.headers({ 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1' }),
      )
      statuses.push(r.status)
      if (r.status === 429) expect(((await r.json()) as { error: string }).error).toMatch(/^Ha enviado demasiadas solicitudes en poco tiempo/)
      else await r.arrayBuffer()
    }
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429, 429])
  })

  it('a receipt posted without JavaScript to one process, reloaded through the other, still shows the verification code', async () => {
    const [a, b] = servers.map(s => s.url)
    const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(validPqrs()).map(([k, v]) => [k, v === true ? 'on' : String(v)])) })
    const posted = await fetch(`${a}/api/pqrs`, {
      method: 'POST',
      headers: { accept: 'text/html', origin: a!, referer: `${a}/pqrsd`, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.1.0.2' },
      body,
      redirect: 'manual',
    })
    expect(posted.status).toBe(303)
    const location = posted.headers.get('location')!
    const first = await (await fetch(`${a}${location}`)).text()
    // The code is one unbreakable word after its label (ReceiptLines.tsx).
    const code = /Código de verificación: <span class="codigo-verificacion">([^<]+)<\/span>/.exec(first)?.[1]
    expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/)
    for (const url of [b, b, a]) {
      const page = await fetch(`${url}${location}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`Código de verificación: <span class="codigo-verificacion">${code}</span>`)
    }
  })

  it('wrong passwords sent to both processes count against one sign-in limit: after five, the right one is refused on either', async () => {
    const [a, b] = servers.map(s => s.url)
    const signIn = async (url: string, clave: string) => {
      const c = await new Client(url).init()
      const r = await fetch(`${url}/api/oficina/sesion`, {
        method: 'POST',
        headers: c.headers({ 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.3' }),
        body: JSON.stringify({ correo: STAFF.correo, clave }),
      })
      return { status: r.status, error: ((await r.json()) as { error?: string }).error }
    }
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? b! : a!, `equivocada número ${i}`)).status).toBe(401)
    const locked = await signIn(b!, STAFF.clave)
    expect(locked.status).toBe(429)
    expect(locked.error).toMatch(/^Demasiados intentos fallidos\. Espere \d+ minutos?/)
  })
})
