import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportCsv } from '../../src/server/export.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { CITA_MESSAGES, CONSENT_MESSAGE } from '../helpers/specMessages.ts'
import { pinnedClock } from '../helpers/testClock.ts'
import { Client, countRows, historiaFields, historiaForm, startInProcess, validCita, validPqrs, withStore, type RunningServer } from './helpers.ts'

/**
 * docs/decisions/filings.md: no personal data without consent (Ley 1581 de 2012, art. 9;
 * Decreto 1377 de 2013, arts. 5 and 8). A filing without `autorizacionDatos:
 * true` is refused with the form's Spanish message and nothing is stored; an
 * accepted one is stored with the notice's version and the time.
 */

const NOTICE_VERSION = loadFilingForms().privacyNotice!.version
const clock = pinnedClock()
let server: RunningServer
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'consentimiento', now: clock.now })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  await server?.close()
})

async function refused(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { error: string; fields: Record<string, string> }
  expect(body.error).toMatch(/\S/)
  return body.fields
}

describe('consent before personal data', () => {
  it('a filing without consent is 400 with the Spanish field message, on every form, and stores nothing', async () => {
    const before = await countRows(server.dataDir)
    const { autorizacionDatos: _p, ...pqrsWithout } = validPqrs()
    expect(await refused(await client.postJson('/api/pqrs', pqrsWithout))).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    expect(await refused(await client.postJson('/api/pqrs', validPqrs({ autorizacionDatos: false })))).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    // The appointment keeps the spec's message for its checkbox.
    expect(await refused(await client.postJson('/api/cita', validCita({ autorizacionDatos: false })))).toEqual({
      autorizacionDatos: CITA_MESSAGES.autorizacionDatos,
    })
    const { autorizacionDatos: _h, ...historiaWithout } = historiaFields()
    expect(await refused(await client.postForm('/api/historia-clinica', historiaForm(historiaWithout)))).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    expect(await refused(await client.postJson('/api/suscripcion', { correoElectronico: 'sin-permiso@example.com' }))).toEqual({
      autorizacionDatos: CONSENT_MESSAGE,
    })
    expect(await countRows(server.dataDir)).toEqual(before)
  })

  it('an accepted filing stores that consent was given, the notice version and the time; the store and the export show it', async () => {
    // Times the server stamps come from its clock, set by the test.
    const t0 = clock.now().getTime()
    const res = await client.postJson('/api/pqrs', validPqrs())
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    const sub = await client.postJson('/api/suscripcion', { correoElectronico: 'con-permiso@example.com', autorizacionDatos: true })
    expect(sub.status).toBe(200)
    const { filings, lookups } = loadFilingForms()
    await withStore(server.dataDir, async store => {
      const row = (await store.listFilings('pqrs')).find(f => f.radicado === id)!
      expect(row.datos.autorizacionDatos).toBe(true)
      expect(row.autorizacion?.version).toBe(NOTICE_VERSION)
      const at = Date.parse(row.autorizacion!.en)
      expect(at).toBeGreaterThanOrEqual(t0 - 1000)
      expect(at).toBeLessThanOrEqual(clock.now().getTime())
      expect((await store.findFiling(id))?.autorizacion).toEqual(row.autorizacion)
      const subscription = (await store.listSubscriptions()).find(s => s.correo === 'con-permiso@example.com')!
      expect(subscription.autorizacion?.version).toBe(NOTICE_VERSION)

      const csv = await exportCsv(store, filings.find(f => f.exportacion === 'pqrs')!, lookups)
      const [header, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(header).toContain('"Aviso de privacidad (versión aceptada)";"Autorización de datos (fecha y hora)"')
      expect(lines.find(l => l.startsWith(`"${id}"`))).toMatch(new RegExp(`;"${NOTICE_VERSION}";"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}";`))
      const subs = await exportCsv(store, filings.find(f => f.exportacion === 'suscripciones')!, lookups)
      expect(subs).toMatch(new RegExp(`"con-permiso@example.com";"${NOTICE_VERSION}";"\\d{4}-`))
    })
  })

  it('a clinical-record request (multipart, with its PDF) stores its consent too, and its export shows it', async () => {
    const res = await client.postForm('/api/historia-clinica', historiaForm())
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    const { filings, lookups } = loadFilingForms()
    await withStore(server.dataDir, async store => {
      expect((await store.findFiling(id))?.autorizacion?.version).toBe(NOTICE_VERSION)
      const csv = await exportCsv(store, filings.find(f => f.exportacion === 'historias')!, lookups)
      expect(csv.split('\r\n').find(l => l.startsWith(`"${id}"`))).toMatch(new RegExp(`;"${NOTICE_VERSION}";"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}";`))
    })
  })
})
