import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { sensitiveDataParagraph } from '../../src/manifest/privacyNotice.ts'
import type { FormDefinition } from '../../src/manifest/types.generated.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { CITA_MESSAGES, SENSITIVE_CONSENT_MESSAGE } from '../helpers/specMessages.ts'
import { pinnedClock } from '../helpers/testClock.ts'
import { Client, countRows, historiaFields, historiaForm, startInProcess, validCita, validPqrs, withStore, type RunningServer } from './helpers.ts'

/**
 * docs/decisions/testing.md: health data with its own consent (Ley 1581 de 2012, arts.
 * 5–6; Decreto 1377 de 2013, art. 6). The clinical-record and appointment
 * forms mark their sensitive fields; the server refuses a filing without the
 * explicit sensitive-data authorization (with JSON, multipart and the
 * no-script post alike) and stores it, with the notice version and time,
 * beside the general one.
 */

const NOTICE_VERSION = loadFilingForms().privacyNotice!.version
const forms = loadManifest().manifest.forms.map(f => f.data)
const form = (id: string) => forms.find(f => f.id === id)!
const clock = pinnedClock()
let server: RunningServer
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'datos-sensibles', now: clock.now })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  await server?.close()
})

async function refusedFields(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400)
  return ((await res.json()) as { fields: Record<string, string> }).fields
}

/** A browser without JavaScript: multipart for the clinical record, Accept text/html, same-origin Referer, no anti-forgery header. */
function postNative(path: string, body: FormData): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { accept: 'text/html', origin: server.url, referer: `${server.url}/historia-clinica` },
    body,
    redirect: 'manual',
  })
}

describe('the sensitive-data paragraph of the notice', () => {
  it('names the sensitive fields and says truthfully that they are required; never «voluntario»', () => {
    const hc = sensitiveDataParagraph(form('historia-clinica'))!
    expect(hc).toContain('«Formato de solicitud (PDF)» es un dato sensible')
    expect(hc).toContain('El dato «Formato de solicitud (PDF)» es obligatorio para esta solicitud')
    expect(hc).toContain('Usted no está obligado a autorizar el tratamiento de datos sensibles')
    expect(hc).not.toMatch(/voluntari|opcional/)
    const cita = sensitiveDataParagraph(form('cita'))!
    expect(cita).toContain('«Servicio» es un dato sensible')
    expect(cita).toContain('El dato «Servicio» es obligatorio')
    // A form without sensitive fields keeps the general notice.
    expect(sensitiveDataParagraph(form('pqrsd'))).toBeUndefined()
    expect(form('pqrsd').campos.some(c => c.nombre === 'autorizacionDatosSensibles')).toBe(false)
  })

  it('an optional sensitive field is called optional, a required one required', () => {
    const base = form('cita')
    const mixed: FormDefinition = {
      ...base,
      campos: base.campos.map(c => (c.nombre === 'eps' ? { ...c, sensible: true, requerido: false } : c)) as FormDefinition['campos'],
    }
    const text = sensitiveDataParagraph(mixed)!
    expect(text).toContain('los datos «Aseguradora» y «Servicio» son datos sensibles')
    expect(text).toContain('El dato «Servicio» es obligatorio')
    expect(text).toContain('El dato «Aseguradora» es opcional')
  })
})

describe('the explicit sensitive-data authorization on the server', () => {
  it('a clinical-record request without it is refused with its message and stores nothing', async () => {
    const before = await countRows(server.dataDir)
    const { autorizacionDatosSensibles: _s, ...without } = historiaFields()
    expect(await refusedFields(await client.postForm('/api/historia-clinica', historiaForm(without)))).toEqual({
      autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
    })
    expect(await refusedFields(await client.postForm('/api/historia-clinica', historiaForm(historiaFields({ autorizacionDatosSensibles: 'false' }))))).toEqual({
      autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
    })
    // The general authorization alone is not enough, and the sensitive one alone is not either.
    const { autorizacionDatos: _g, ...onlySensitive } = historiaFields()
    expect(Object.keys(await refusedFields(await client.postForm('/api/historia-clinica', historiaForm(onlySensitive))))).toEqual(['autorizacionDatos'])
    expect(await countRows(server.dataDir)).toEqual(before)
  })

  it('an appointment without it is refused too; its spec fields keep the spec messages', async () => {
    const before = await countRows(server.dataDir)
    expect(await refusedFields(await client.postJson('/api/cita', validCita({ autorizacionDatosSensibles: false })))).toEqual({
      autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
    })
    expect(await refusedFields(await client.postJson('/api/cita', validCita({ autorizacionDatos: false, autorizacionDatosSensibles: false })))).toEqual({
      autorizacionDatos: CITA_MESSAGES.autorizacionDatos,
      autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
    })
    expect(await countRows(server.dataDir)).toEqual(before)
  })

  it('an accepted clinical-record request stores both authorizations, each with the notice version and the time; the office reads them', async () => {
    // Times the server stamps come from its clock, set by the test.
    const t0 = clock.now().getTime()
    const res = await client.postForm('/api/historia-clinica', historiaForm())
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    await withStore(server.dataDir, async store => {
      const row = (await store.findFiling(id))!
      expect(row.autorizacion?.version).toBe(NOTICE_VERSION)
      expect(row.autorizacionSensibles?.version).toBe(NOTICE_VERSION)
      for (const at of [Date.parse(row.autorizacion!.en), Date.parse(row.autorizacionSensibles!.en)]) {
        expect(at).toBeGreaterThanOrEqual(t0 - 1000)
        expect(at).toBeLessThanOrEqual(clock.now().getTime())
      }
      expect((await store.listFilings('historia')).find(f => f.radicado === id)?.autorizacionSensibles).toEqual(row.autorizacionSensibles)
    })
  })

  it('an accepted appointment stores it; a PQRSD (no sensitive field) stores none', async () => {
    const cita = await client.postJson('/api/cita', validCita())
    expect(cita.status).toBe(200)
    const pqrs = await client.postJson('/api/pqrs', validPqrs())
    expect(pqrs.status).toBe(200)
    const [citaId, pqrsId] = [((await cita.json()) as { id: string }).id, ((await pqrs.json()) as { id: string }).id]
    await withStore(server.dataDir, async store => {
      expect((await store.findFiling(citaId))?.autorizacionSensibles?.version).toBe(NOTICE_VERSION)
      const plain = (await store.findFiling(pqrsId))!
      expect(plain.autorizacion?.version).toBe(NOTICE_VERSION)
      expect(plain.autorizacionSensibles).toBeUndefined()
    })
  })

  it('without JavaScript: refused with an HTML page naming the message, then filed with both authorizations when ticked', async () => {
    const before = await countRows(server.dataDir)
    const { autorizacionDatosSensibles: _s, ...without } = historiaFields({ autorizacionDatos: 'on' })
    const refused = await postNative('/api/historia-clinica', historiaForm(without))
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await refused.text()).toContain(SENSITIVE_CONSENT_MESSAGE)
    expect(await countRows(server.dataDir)).toEqual(before)

    const accepted = await postNative('/api/historia-clinica', historiaForm(historiaFields({ autorizacionDatos: 'on', autorizacionDatosSensibles: 'on' })))
    expect(accepted.status).toBe(303)
    const id = new URL(accepted.headers.get('location')!, server.url).searchParams.get('id')!
    await withStore(server.dataDir, async store => {
      const row = (await store.findFiling(id))!
      expect(row.autorizacion?.version).toBe(NOTICE_VERSION)
      expect(row.autorizacionSensibles?.version).toBe(NOTICE_VERSION)
    })
  })
})
