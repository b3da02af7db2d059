import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRACKING_TEXT } from '../../src/filings/tracking.ts'
import { spanishDateTime, spanishDay } from '../../src/forms/receipt.ts'
import { Client, startInProcess, validCita, validPqrs, type RunningServer } from './helpers.ts'
import { pdfText } from './pdfText.ts'

/**
 * docs/decisions/receipt-pdf.md: «Descargar constancia (PDF)» on a web filing's receipt:
 * the PDF carries the radicado, the date and time, the due date and the
 * verification code; it is given only for the right number and code
 * together (never enumerable), with and without script, and within the
 * tracking lookups' per-address limit.
 */

const API = '/api/recibo/constancia'
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

interface Receipt {
  id: string
  recibido: string
  vence: string
  codigo: string
}

let server: RunningServer
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'constancia-web', trackingRateLimitMax: 10 })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  await server?.close()
})

/** The receipt lines as drawn (the PDF wraps long values, so lines are joined back with spaces). */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('«Descargar constancia (PDF)» of a web filing', () => {
  let pqrs: Receipt
  let cita: Receipt

  it('the right number and code give the PDF with radicado, date and time, due date and code', async () => {
    pqrs = (await (await client.postJson('/api/pqrs', validPqrs())).json()) as Receipt
    cita = (await (await client.postJson('/api/cita', validCita())).json()) as Receipt
    // As a citizen may hold it: lower case, no dash.
    const res = await client.postJson(API, { radicado: pqrs.id.toLowerCase(), codigo: pqrs.codigo.replace('-', '').toLowerCase() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('cache-control')).toBe('no-store')
    // The shared download-name helper's header (http/download.ts): the plain name and RFC 6266's UTF-8 one.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="constancia-${pqrs.id}.pdf"; filename*=UTF-8''constancia-${pqrs.id}.pdf`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const text = flat(await pdfText(new Uint8Array(await res.arrayBuffer())))
    expect(text).toContain(`Constancia de radicación ${pqrs.id}`)
    expect(text).toContain(`Número de radicado: ${pqrs.id}`)
    expect(text).toContain(`Fecha y hora de recibo: ${spanishDateTime(pqrs.recibido)}`)
    expect(text).toContain(`Fecha límite de respuesta: ${spanishDay(pqrs.vence)}`)
    expect(text).toContain(`Código de verificación: ${pqrs.codigo}`)
    // No personal data of the petitioner.
    for (const personal of ['María', 'Pérez', '1020304050', 'maria@example.com', 'vacunación']) expect(text).not.toContain(personal)
  })

  it('a wrong code, another filing’s code and a malformed number get the same 404; missing fields a Spanish message each', async () => {
    const answers: string[] = []
    for (const body of [
      { radicado: pqrs.id, codigo: 'ACDEF-GHJKM' },
      { radicado: pqrs.id, codigo: cita.codigo },
      { radicado: 'PQRS-2026-99999999', codigo: pqrs.codigo },
      { radicado: '../../etc', codigo: pqrs.codigo },
    ]) {
      const res = await client.postJson(API, body)
      expect(res.status).toBe(404)
      answers.push(await res.text())
    }
    expect(new Set(answers).size).toBe(1)
    expect(JSON.parse(answers[0]!)).toEqual({ error: TRACKING_TEXT.notFound, fields: {} })
    const empty = await client.postJson(API, {})
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { fields: Record<string, string> }).fields).toEqual({
      radicado: TRACKING_TEXT.radicadoRequerido,
      codigo: TRACKING_TEXT.codigoRequerido,
    })
  })

  it('without JavaScript: the confirmation page carries the button, and its form post downloads the PDF; from another site it is refused', async () => {
    const filed = await fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      headers: { accept: BROWSER_ACCEPT, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(validPqrs({ autorizacionDatos: 'on' })).map(([k, v]) => [k, String(v)])).toString(),
      redirect: 'manual',
    })
    expect(filed.status).toBe(303)
    const page = await (await fetch(new URL(filed.headers.get('location')!, server.url), { headers: { accept: 'text/html' } })).text()
    // Any attribute order (React writes them as the component lists them).
    const form = /<form(?=[^>]*\smethod="post")(?=[^>]*\saction="\/api\/recibo\/constancia")[^>]*>([\s\S]*?)<\/form>/.exec(page)
    expect(form).not.toBeNull()
    expect(form![1]).toContain('Descargar constancia (PDF)')
    const radicado = /name="radicado" value="([^"]+)"/.exec(form![1]!)![1]!
    const codigo = /name="codigo" value="([^"]+)"/.exec(form![1]!)![1]!
    const post = (origin: string) =>
      fetch(`${server.url}${API}`, {
        method: 'POST',
        headers: { accept: BROWSER_ACCEPT, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ radicado, codigo }).toString(),
      })
    const res = await post(server.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(flat(await pdfText(new Uint8Array(await res.arrayBuffer())))).toContain(`Código de verificación: ${codigo}`)
    expect((await post('https://otro.example')).status).toBe(403)
  })

  it('downloads count against the tracking lookups’ per-address limit: 429 once it is spent', async () => {
    let status = 0
    for (let i = 0; i < 14 && status !== 429; i++) status = (await client.postJson(API, { radicado: pqrs.id, codigo: 'ACDEF-GHJKM' })).status
    expect(status).toBe(429)
    // A filing still goes through: the limit is the lookups' own.
    expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(200)
  })
})
