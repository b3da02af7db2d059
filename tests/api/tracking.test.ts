import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRACKING_TEXT } from '../../src/filings/tracking.ts'
import { initialTramite } from '../../src/filings/deadlines.ts'
import { hashCode } from '../../src/server/verificationCode.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { pinnedClock } from '../helpers/testClock.ts'
import { Client, FILING_PLAN, historiaForm, ROOT, startInProcess, tempDataDir, validCita, validPqrs, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/** The Superintendencia's line as site.yaml gives it (contacto.telefonos.supersalud). */
const SUPERSALUD_PHONE = '01 8000 513 700'

/**
 * docs/decisions/tracking-and-report.md: a citizen follows a filing at /pqrsd/consulta with its
 * number and verification code, over JSON and without JavaScript; a wrong
 * number and a wrong code are answered alike; lookups have their own limit.
 */

const STAFF = { correo: 'consulta.siau@hospital.gov.co', clave: 'una clave larga de consulta 1' }
const ANSWER_PDF = Buffer.from('%PDF-1.4\n% respuesta de la consulta\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

interface Receipt {
  id: string
  recibido: string
  vence: string
  codigo: string
}

let server: RunningServer
let citizen: Client
let pqrs: Receipt
let cita: Receipt
let historia: Receipt
let staffCookies = ''
let staffToken = ''

const lookup = (body: unknown) => citizen.postJson('/api/consulta', body)
const nativeLookup = (url: string, fields: Record<string, string>) =>
  fetch(`${url}/pqrsd/consulta`, {
    method: 'POST',
    headers: { accept: BROWSER_ACCEPT, origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
/** The server's answer inside the page: what a browser without script shows under the form. */
const noscriptOf = (html: string) => /<noscript id="consulta-sin-js">([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? ''

beforeAll(async () => {
  const dataDir = tempDataDir('consulta')
  const made = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'SIAU', '--rol', 'siau']), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    input: `${STAFF.clave}\n`,
    encoding: 'utf8',
  })
  expect(made.status).toBe(0)
  server = await startInProcess({ dataDir, trackingRateLimitMax: 1000 })
  citizen = await new Client(server.url).init()
  pqrs = (await (await citizen.postJson('/api/pqrs', validPqrs())).json()) as Receipt
  cita = (await (await citizen.postJson('/api/cita', validCita())).json()) as Receipt
  historia = (await (await citizen.postForm('/api/historia-clinica', historiaForm())).json()) as Receipt
  const staff = await new Client(server.url).init()
  const signIn = await fetch(`${server.url}/api/oficina/sesion`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${staff.token}`, 'x-xsrf-token': staff.token, 'content-type': 'application/json' },
    body: JSON.stringify(STAFF),
  })
  expect(signIn.status).toBe(200)
  const session = signIn.headers
    .getSetCookie()
    .find(c => c.startsWith('oficina_sesion='))!
    .split(';')[0]
  staffCookies = `XSRF-TOKEN=${staff.token}; ${session}`
  staffToken = staff.token
})
afterAll(async () => server?.close())

async function answerAsStaff(radicado: string, texto: string): Promise<void> {
  const form = new FormData()
  form.append('accion', 'responder')
  form.append('texto', texto)
  form.append('archivo', new Blob([new Uint8Array(ANSWER_PDF)], { type: 'application/pdf' }), 'respuesta-pqrsd.pdf')
  const res = await fetch(`${server.url}/api/oficina/radicaciones/${radicado}/acciones`, {
    method: 'POST',
    headers: { cookie: staffCookies, 'x-xsrf-token': staffToken },
    body: form,
  })
  expect(res.status).toBe(200)
}

describe('tracking a filing by number and code', () => {
  it('the right code shows the state in plain Spanish and the dates, for PQRS, CITA and HC numbers, and no other personal data', async () => {
    for (const r of [pqrs, cita, historia]) {
      // As a citizen may type it: lower case, spaces, no dash in the code.
      const res = await lookup({ radicado: ` ${r.id.toLowerCase()} `, codigo: r.codigo.replace('-', '').toLowerCase() })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const body = (await res.json()) as Record<string, unknown>
      expect(body).toEqual({
        radicado: r.id,
        estado: 'radicada',
        estadoTexto: 'Radicada',
        explicacion: expect.stringMatching(/\S/),
        recibido: r.recibido,
        vence: r.vence,
        vencida: false,
      })
      const text = JSON.stringify(body)
      for (const personal of ['María', 'Pérez', '1020304050', 'maria@example.com', 'Carlos', '79111222', 'Luz Dary', '52333444', 'vacunación'])
        expect(text).not.toContain(personal)
    }
  })

  it('after staff answer, the lookup shows «Respondida», the answer text and date, and the answer PDF downloads only with the right code', async () => {
    await answerAsStaff(pqrs.id, 'Le informamos que la vacunación es de lunes a viernes de 7:00 a 12:00.')
    const res = await lookup({ radicado: pqrs.id, codigo: pqrs.codigo })
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      radicado: pqrs.id,
      estado: 'respondida',
      estadoTexto: 'Respondida',
      respuesta: 'Le informamos que la vacunación es de lunes a viernes de 7:00 a 12:00.',
    })
    expect(body.respondido).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/)
    expect(body.respuestaPdf).toEqual({ nombre: 'respuesta-pqrsd.pdf', tamano: ANSWER_PDF.length })
    // When and how to go to the Superintendencia Nacional de Salud, with its line from site.yaml (docs/decisions/tracking-and-report.md).
    expect(body.escalamiento).toContain('Si esta respuesta no resuelve su queja o reclamo sobre la atención en salud')
    expect(body.escalamiento).toContain('Superintendencia Nacional de Salud')
    expect(body.escalamiento).toContain(SUPERSALUD_PHONE)
    expect(body.escalamiento).toContain(pqrs.id)

    const pdf = await citizen.postJson('/api/consulta/respuesta', { radicado: pqrs.id, codigo: pqrs.codigo })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="respuesta-pqrsd.pdf"/)
    expect(Buffer.from(await pdf.arrayBuffer()).equals(ANSWER_PDF)).toBe(true)
    const refused = await citizen.postJson('/api/consulta/respuesta', { radicado: pqrs.id, codigo: cita.codigo })
    expect(refused.status).toBe(404)
    expect(await refused.json()).toEqual({ error: TRACKING_TEXT.notFound, fields: {} })
  })

  it('a filing whose term passed unanswered says so and points to the Superintendencia; one within its term does not', async () => {
    const { filings, lookups } = loadFilingForms()
    const filing = filings.find(f => f.kind === 'pqrs')!
    // 60 days before the server's day (startInProcess: PINNED_DAY).
    const past = new Date(pinnedClock().now().getTime() - 60 * 86_400_000)
    const datos = validPqrs()
    const codigo = 'ACDEF-GHJKM'
    // Stored beside the running server (WAL), received 60 days ago.
    const store = await openFilingStore({ dataDir: server.dataDir, plan: FILING_PLAN })
    let id: string
    try {
      id = await store.createFiling({
        kind: 'pqrs',
        datos,
        now: past,
        tramite: initialTramite(filing.form, datos, lookups, past),
        codigoHash: hashCode(codigo),
      })
    } finally {
      await store.close()
    }
    const overdue = (await (await lookup({ radicado: id, codigo })).json()) as Record<string, unknown>
    expect(overdue.estado).toBe('radicada')
    expect(overdue.escalamiento).toContain('El término para responder su solicitud venció sin respuesta de la E.S.E.')
    expect(overdue.escalamiento).toContain(SUPERSALUD_PHONE)
    expect(noscriptOf(await (await nativeLookup(server.url, { radicado: id, codigo })).text())).toContain('venció sin respuesta')
    // Within its term: nothing to escalate yet.
    expect(((await (await lookup({ radicado: cita.id, codigo: cita.codigo })).json()) as Record<string, unknown>).escalamiento).toBeUndefined()
  })

  it('without JavaScript the page posts to itself and the server answers the page with the state and the answer', async () => {
    const res = await nativeLookup(server.url, { radicado: pqrs.id, codigo: pqrs.codigo })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    // The site's own page (layout, menu, footer) with the answer where the form left room for it.
    expect(html).toContain('<h1')
    expect(html).toContain('Consulte su solicitud en línea')
    const shown = noscriptOf(html)
    expect(shown).toContain(`Solicitud ${pqrs.id}`)
    expect(shown).toContain('Respondida')
    expect(shown).toContain('Le informamos que la vacunación es de lunes a viernes de 7:00 a 12:00.')
    expect(shown).toContain('action="/api/consulta/respuesta"')
    expect(shown).toContain(
      `puede acudir a la Superintendencia Nacional de Salud, que vigila a la E.S.E.: en línea, en www.supersalud.gov.co, o por teléfono, al ${SUPERSALUD_PHONE}`,
    )
    expect(shown).not.toContain('María')
    // From another site: refused like every form posted without script.
    const forged = await fetch(`${server.url}/pqrsd/consulta`, {
      method: 'POST',
      headers: { accept: BROWSER_ACCEPT, origin: 'https://otro.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ radicado: pqrs.id, codigo: pqrs.codigo }).toString(),
    })
    expect(forged.status).toBe(403)
  })

  it('a wrong code, a wrong number and a malformed number get byte-identical answers, over JSON and without JavaScript', async () => {
    const other = pqrs.id.replace(/\d{6}$/, n => String(Number(n) + 500).padStart(6, '0'))
    const cases = [
      { radicado: pqrs.id, codigo: cita.codigo },
      { radicado: other, codigo: pqrs.codigo },
      { radicado: other, codigo: 'ACDEF-GHJKM' },
      { radicado: 'no-es-un-radicado', codigo: pqrs.codigo },
    ]
    const json: string[] = []
    const pages: string[] = []
    for (const c of cases) {
      const res = await lookup(c)
      json.push(`${res.status} ${await res.text()}`)
      const page = await nativeLookup(server.url, c)
      pages.push(`${page.status} ${await page.text()}`)
    }
    expect(json[0]).toBe(`404 ${JSON.stringify({ error: TRACKING_TEXT.notFound, fields: {} })}`)
    expect(new Set(json).size).toBe(1)
    expect(pages[0]).toMatch(/^404 /)
    expect(pages[0]).toContain(TRACKING_TEXT.notFound)
    expect(new Set(pages).size).toBe(1)
  })

  it('empty fields get a Spanish message each', async () => {
    const res = await lookup({ radicado: ' ', codigo: '' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      radicado: TRACKING_TEXT.radicadoRequerido,
      codigo: TRACKING_TEXT.codigoRequerido,
    })
  })
})

describe('the lookup limit', () => {
  it('lookups per address have their own, stricter limit: 429 after it, while filings still go through', async () => {
    const limited = await startInProcess({ label: 'consulta-limite', rateLimitMax: 100, trackingRateLimitMax: 3 })
    try {
      const c = await new Client(limited.url).init()
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await c.postJson('/api/consulta', { radicado: 'PQRS-2026-000001', codigo: 'ACDEF-GHJKM' })).status)
      expect(statuses).toEqual([404, 404, 404, 429])
      // The page without script and the PDF share the same budget.
      expect((await nativeLookup(limited.url, { radicado: 'PQRS-2026-000001', codigo: 'ACDEF-GHJKM' })).status).toBe(429)
      expect((await c.postJson('/api/consulta/respuesta', { radicado: 'PQRS-2026-000001', codigo: 'ACDEF-GHJKM' })).status).toBe(429)
      expect((await c.postJson('/api/pqrs', validPqrs())).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
