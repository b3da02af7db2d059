import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { parse } from 'node-html-parser'
import { Client, countRows, historiaForm, RADICADO, startInProcess, storedFiling, validCita, validPqrs, type RunningServer } from './helpers.ts'

const { manifest } = loadManifest()
const listas = manifest.lookups!.data.listas

let server: RunningServer
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'contract' })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  await server?.close()
})

describe('GET endpoints of spec §7', () => {
  for (const name of ['tipo-solicitud', 'tipo-persona', 'tipo-identificacion', 'tipo-respuesta', 'tipo-servicio', 'tipo-jornada']) {
    it(`/api/${name} answers the list of lookups.yaml as {id, name}`, async () => {
      const res = await client.get(`/api/${name}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const body = (await res.json()) as Array<{ id: number; name: string }>
      expect(body).toEqual(listas[name]!.map(o => ({ id: o.id, name: o.nombre })))
      for (const item of body) expect(Object.keys(item).sort()).toEqual(['id', 'name'])
    })
  }

  it('/api/noticias answers every news item, newest first, with the spec fields', async () => {
    const res = await client.get('/api/noticias')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Array<Record<string, string>>
    expect(body).toHaveLength(manifest.news.length)
    for (const item of body) {
      for (const key of ['encabezado', 'titulo', 'dependencia', 'cuerpo', 'fechaCreacion']) expect(typeof item[key]).toBe('string')
      expect(item.cuerpo).not.toMatch(/<script/i)
    }
    const dates = body.map(n => n.fechaCreacion!)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('/api/noticias/review answers the newest items for the home block', async () => {
    const all = (await (await client.get('/api/noticias')).json()) as Array<{ id: string }>
    const res = await client.get('/api/noticias/review')
    expect(res.status).toBe(200)
    const review = (await res.json()) as Array<{ id: string }>
    // The same items, in the same order, as the latest-news block of the pre-rendered home page.
    const home = parse(await (await client.get('/')).text())
    const shown = home.querySelectorAll('.noticias-recientes > li [id^="breve-"]').map(h => h.id.slice('breve-'.length))
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(all.length)
    expect(review.map(n => n.id)).toEqual(shown)
    expect(review).toEqual(all.slice(0, shown.length))
  })

  it('/api/search answers {route, title, date, abstract, category, ti_doc}; accents do not matter', async () => {
    const res = await client.get('/api/search?q=resolucion')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Array<Record<string, string>>
    expect(body.length).toBeGreaterThan(0)
    for (const r of body) expect(Object.keys(r).sort()).toEqual(['abstract', 'category', 'date', 'route', 'ti_doc', 'title'])
    expect(body.some(r => /resoluci[oó]n/i.test(r.title!))).toBe(true)
    const accented = (await (await client.get('/api/search?q=resolución')).json()) as unknown[]
    expect(accented).toEqual(body)
  })

  it('/api/search without q, with a one-letter q or with a repeated q answers a list, never an error', async () => {
    for (const q of ['', '?q=', '?q=a', '?q=x&q=y', `?q=${'z'.repeat(5000)}`]) {
      const res = await client.get(`/api/search${q}`)
      expect(res.status).toBe(200)
      expect(Array.isArray(await res.json())).toBe(true)
    }
  })

  it('unknown API paths answer 404 JSON in Spanish', async () => {
    const res = await client.get('/api/no-existe')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'El recurso solicitado no existe.', fields: {} })
  })
})

describe('saves answer {id}', () => {
  it('POST /api/pqrs stores the filing and answers its number', async () => {
    const res = await client.postJson('/api/pqrs', validPqrs({ tipoSolicitud: '2', numeroIdentificacion: '99887766' }))
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: string }
    // The receipt (docs/decisions/testing.md): number, time of receipt, due date, verification code; then the request, the channel, the
    // attachments received and whether the receipt went by e-mail (no mail server here: it did not).
    expect(Object.keys(body)).toEqual(['id', 'recibido', 'vence', 'codigo', 'solicitud', 'canal', 'adjuntos', 'correo'])
    expect(body).toMatchObject({ solicitud: 'PQRSD — Queja', canal: 'Sitio web', adjuntos: [], correo: 'no-enviado' })
    expect(body.id).toMatch(/^PQRS-\d{4}-\d{6}$/)
    const row = await storedFiling(server.dataDir, body.id)
    expect(row?.kind).toBe('pqrs')
    // Digit strings of numeric fields arrive as numbers, as in the browser.
    expect(row?.datos).toMatchObject({ tipoSolicitud: 2, numeroIdentificacion: '99887766', nombre: 'María José' })
  })

  it('POST /api/cita stores the appointment request', async () => {
    const res = await client.postJson('/api/cita', validCita())
    expect(res.status).toBe(200)
    expect(((await res.json()) as { id: string }).id).toMatch(/^CITA-\d{4}-\d{6}$/)
  })

  it('POST /api/historia-clinica stores the fields and the PDF with sha256 and size', async () => {
    const res = await client.postForm('/api/historia-clinica', historiaForm())
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    expect(id).toMatch(/^HC-\d{4}-\d{6}$/)
    const adjuntos = (await storedFiling(server.dataDir, id))!.adjuntos
    expect(adjuntos).toHaveLength(1)
    const a = adjuntos[0]!
    expect(a.archivo).toMatch(/^[0-9a-f-]{36}\.pdf$/)
    expect(a.nombreOriginal).toBe('solicitud.pdf')
    expect(a.tipo).toBe('application/pdf')
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(a.tamano).toBeGreaterThan(0)
  })

  it('numbers are consecutive per series and never repeat', async () => {
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(((await (await client.postJson('/api/pqrs', validPqrs())).json()) as { id: string }).id)
    expect(new Set(ids).size).toBe(5)
    const seq = ids.map(id => Number(id.split('-')[2]))
    for (let i = 1; i < seq.length; i++) expect(seq[i]).toBe(seq[i - 1]! + 1)
    for (const id of ids) expect(id).toMatch(RADICADO)
  })

  it('POST /api/suscripcion: a repeated address in any letter case is stored once and answers exactly as a new one', async () => {
    const before = (await countRows(server.dataDir)).suscripciones
    const first = await client.postJson('/api/suscripcion', { correoElectronico: 'Boletin.Lector@Example.com', autorizacionDatos: true })
    expect(first.status).toBe(200)
    const firstBody = await first.text()
    const again = await client.postJson('/api/suscripcion', { correoElectronico: 'boletin.lector@example.COM', autorizacionDatos: true })
    expect(again.status).toBe(200)
    const other = await client.postJson('/api/suscripcion', { correoElectronico: 'otra.persona@example.com', autorizacionDatos: true })
    // Same answer for a repeated and a new address: nothing reveals who subscribed, or how many.
    expect(await again.text()).toBe(firstBody)
    expect(await other.text()).toBe(firstBody)
    expect(firstBody).not.toMatch(/SUS-|\d{3,}/)
    expect((await countRows(server.dataDir)).suscripciones).toBe(before + 2)
  })
})

describe('anti-forgery', () => {
  it('sets a readable XSRF-TOKEN cookie, SameSite=Strict, on reads', async () => {
    const res = await fetch(`${server.url}/api/tipo-persona`)
    const cookie = res.headers.getSetCookie().find(c => c.startsWith('XSRF-TOKEN='))!
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    // A client that already has one keeps it.
    const again = await client.get('/api/tipo-persona', { cookie: `XSRF-TOKEN=${client.token}` })
    expect(again.headers.getSetCookie()).toEqual([])
  })

  const forbidden = { error: 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.', fields: {} }
  const cases: Array<[string, Record<string, string>]> = [
    ['no cookie and no header', { 'content-type': 'application/json' }],
    ['a cookie but no header', { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=' + 'a'.repeat(43) }],
    ['a header but no cookie', { 'content-type': 'application/json', 'x-xsrf-token': 'a'.repeat(43) }],
    ['a header that does not match', { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=' + 'a'.repeat(43), 'x-xsrf-token': 'b'.repeat(43) }],
    // Compared whole, never by prefix: an empty or shortened header, or one that only starts with the cookie, is refused.
    ['an empty header', { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=' + 'a'.repeat(43), 'x-xsrf-token': '' }],
    ['a header cut short', { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=' + 'a'.repeat(43), 'x-xsrf-token': 'a'.repeat(8) }],
    ['a header longer than the cookie', { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=' + 'a'.repeat(43), 'x-xsrf-token': 'a'.repeat(44) }],
  ]
  for (const [label, headers] of cases) {
    it(`POST with ${label} answers 403 in Spanish and stores nothing`, async () => {
      const before = await countRows(server.dataDir)
      for (const p of ['/api/pqrs', '/api/cita', '/api/suscripcion']) {
        const res = await client.postJson(
          p,
          p === '/api/suscripcion' ? { correoElectronico: 'x@example.com', autorizacionDatos: true } : p === '/api/pqrs' ? validPqrs() : validCita(),
          headers,
        )
        expect(res.status).toBe(403)
        expect(await res.json()).toEqual(forbidden)
      }
      const hc = await fetch(`${server.url}/api/historia-clinica`, { method: 'POST', headers: { cookie: headers.cookie ?? '' }, body: historiaForm() })
      expect(hc.status).toBe(403)
      expect(await countRows(server.dataDir)).toEqual(before)
    })
  }
})

describe('security headers', () => {
  it('CSP without inline script, nosniff, Referrer-Policy and frame-ancestors on API and pages', async () => {
    for (const p of ['/api/tipo-solicitud', '/']) {
      const res = await client.get(p)
      const csp = res.headers.get('content-security-policy') ?? ''
      const scriptSrc = csp.split(';').find(d => d.startsWith('script-src '))!
      // docs/decisions/testing.md: the validators are precompiled, so no 'unsafe-eval'; no inline style; frames only from the manifest's embeds.
      expect(scriptSrc).toBe("script-src 'self'")
      expect(csp).not.toContain("'unsafe-eval'")
      expect(csp).not.toContain("'unsafe-inline'")
      expect(csp).toContain("style-src 'self';")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toMatch(/frame-src 'self'( https:\/\/[a-z0-9.-]+)+;/)
      expect(csp).not.toMatch(/frame-src[^;]* https:(;| )/)
      expect(csp).toContain("object-src 'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-powered-by')).toBeNull()
    }
  })
})

describe('rate limit', () => {
  it('answers 429 in Spanish once an address sends too many POSTs', async () => {
    const limited = await startInProcess({ label: 'rate', rateLimitMax: 3 })
    try {
      const c = await new Client(limited.url).init()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++)
        statuses.push((await c.postJson('/api/suscripcion', { correoElectronico: `r${i}@example.com`, autorizacionDatos: true })).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      const res = await c.postJson('/api/pqrs', validPqrs())
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(await res.json()).toEqual({ error: 'Ha enviado demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.', fields: {} })
      // Reads are not limited.
      expect((await c.get('/api/tipo-solicitud')).status).toBe(200)
      expect((await countRows(limited.dataDir)).radicaciones).toBe(0)
    } finally {
      await limited.close()
    }
  })
})

describe('store', () => {
  it('a restart on the same DATA_DIR keeps the data and runs no migration twice', async () => {
    const again = await startInProcess({ label: 'reopen', dataDir: server.dataDir })
    try {
      const c = await new Client(again.url).init()
      const before = (await countRows(server.dataDir)).radicaciones
      const res = await c.postJson('/api/pqrs', validPqrs())
      expect(res.status).toBe(200)
      expect((await countRows(server.dataDir)).radicaciones).toBe(before + 1)
    } finally {
      await again.close()
    }
  })
})
