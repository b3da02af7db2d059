import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PINNED_DAY } from '../helpers/testClock.ts'
import { dayTimestamp } from '../../src/manifest/colombiaTime.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import { Client, countRows, historiaFields, historiaForm, startInProcess, TINY_PDF, validCita, validPqrs, type RunningServer } from './helpers.ts'
import { CITA_MESSAGES as CITA, CONSENT_MESSAGE, NEWSLETTER_EMAIL, NEWSLETTER_REQUIRED, PQRSD_MESSAGES as PQRSD } from '../helpers/specMessages.ts'

/** The clinical-record form has no spec messages: its own come from the manifest. */
const historia = loadManifest().manifest.forms.find(f => f.data.id === 'historia-clinica')!.data
const HC = Object.fromEntries(historia.campos.map(c => [c.nombre, c.mensajes ?? {}])) as Record<
  string,
  { requerido?: string; formato?: string; longitudMaxima?: string }
>

let server: RunningServer & { app: import('fastify').FastifyInstance }
let client: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'validation' })
  client = await new Client(server.url).init()
})
/** Filings this suite sends valid on purpose; every other request must store nothing. */
let validOnPurpose = 0

afterAll(async () => {
  expect(await countRows(server.dataDir)).toEqual({ radicaciones: validOnPurpose, adjuntos: 0, suscripciones: 0, archivos: 0 })
  await server?.close()
})

async function fieldsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { error: string; fields: Record<string, string> }
  expect(body.error).toBe('El formulario tiene errores. Revise los campos marcados.')
  return body.fields
}

describe('PQRSD (spec §5)', () => {
  it('an empty filing answers the spec messages, and the consent one; the e-mail once the reply goes by e-mail', async () => {
    // requeridoSi (docs/decisions/forms.md): no reply channel chosen, so no e-mail is asked for yet.
    const { correoElectronico: emailMessage, ...withoutEmail } = PQRSD
    expect(await fieldsOf(await client.postJson('/api/pqrs', {}))).toEqual({ ...withoutEmail, autorizacionDatos: CONSENT_MESSAGE })
    expect((await fieldsOf(await client.postJson('/api/pqrs', { tipoRespuesta: 1 }))).correoElectronico).toBe(emailMessage)
  })

  it('each field missing answers its own message', async () => {
    for (const [field, message] of Object.entries(PQRSD)) {
      const body = validPqrs()
      delete body[field]
      expect(await fieldsOf(await client.postJson('/api/pqrs', body))).toEqual({ [field]: message })
    }
  })

  it('blank text counts as missing', async () => {
    expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ nombre: '   ', mensaje: '' })))).toEqual({
      nombre: PQRSD.nombre,
      mensaje: PQRSD.mensaje,
    })
  })

  for (const field of ['tipoSolicitud', 'tipoPersona', 'tipoIdentificacion', 'tipoRespuesta'] as const) {
    it(`${field} must be digits only`, async () => {
      for (const bad of ['12a', '-1', '1.5', '3 00']) {
        expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ [field]: bad })))).toEqual({ [field]: PQRSD[field] })
      }
    })
  }

  it('a document number or phone typed in the wrong format gets an honest message, not «obligatorio»', async () => {
    expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ numeroIdentificacion: '12a', telefono: '300 12x' })))).toEqual({
      numeroIdentificacion: DOCUMENT_DIGITS,
      telefono: PHONE,
    })
  })

  it('accepts a document number and a phone as citizens type them, and stores them normalized', async () => {
    for (const [tipo, doc, stored] of [
      [1, '1.098.765.432', '1098765432'],
      [5, 'AB123456', 'AB123456'],
      [4, 'ce 123.456', 'CE123456'],
      [8, '900.123.456-7', '900123456-7'],
    ] as const) {
      const res = await client.postJson('/api/pqrs', validPqrs({ tipoIdentificacion: tipo, numeroIdentificacion: doc, telefono: '+57 310 555 1234' }))
      expect(res.status, `${tipo} ${doc}`).toBe(200)
      validOnPurpose++
      const datos = await lastDatos()
      expect(datos.numeroIdentificacion).toBe(stored)
      expect(datos.telefono).toBe('3105551234')
    }
    // A passport number under «cédula de ciudadanía» is refused with the digits message.
    expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ tipoIdentificacion: 1, numeroIdentificacion: 'AB123456' })))).toEqual({
      numeroIdentificacion: DOCUMENT_DIGITS,
    })
  })

  it('checks the e-mail format, since the answer goes to that address', async () => {
    for (const bad of ['not-an-email', '1', 'a@b.co\r\nBcc: x', 'sin arroba']) {
      expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ correoElectronico: bad })))).toEqual({ correoElectronico: EMAIL_FORMAT })
    }
  })

  it('bounds the length of free text', async () => {
    expect(await fieldsOf(await client.postJson('/api/pqrs', validPqrs({ mensaje: 'x'.repeat(10_001) })))).toEqual({
      mensaje: 'El texto supera el máximo de 10000 caracteres.',
    })
    const res = await client.postJson('/api/pqrs', validPqrs({ mensaje: 'x'.repeat(10_000) }))
    expect(res.status).toBe(200)
    validOnPurpose++
  })
})

describe('appointment (spec §5)', () => {
  it('an empty request answers every message', async () => {
    const fields = await fieldsOf(await client.postJson('/api/cita', {}))
    expect(fields).toMatchObject(CITA)
  })

  it('each field missing answers its own message', async () => {
    for (const [field, message] of Object.entries(CITA)) {
      const body = validCita()
      delete body[field]
      expect(await fieldsOf(await client.postJson('/api/cita', body))).toEqual({ [field]: message })
    }
  })

  for (const field of ['tipoIdentificacion', 'tipoServicio'] as const) {
    it(`${field} must be digits only`, async () => {
      expect(await fieldsOf(await client.postJson('/api/cita', validCita({ [field]: '12b' })))).toEqual({ [field]: CITA[field] })
    })
  }

  it('numeroIdentificacion and whatsapp typed wrong get honest messages', async () => {
    expect(await fieldsOf(await client.postJson('/api/cita', validCita({ numeroIdentificacion: '12b', whatsapp: '12b' })))).toEqual({
      numeroIdentificacion: DOCUMENT_DIGITS,
      whatsapp: PHONE,
    })
  })

  it('correoElectronico must be a valid e-mail', async () => {
    for (const bad of ['carlos', 'carlos@', '@example.com', 'a b@example.com']) {
      expect(await fieldsOf(await client.postJson('/api/cita', validCita({ correoElectronico: bad })))).toEqual({ correoElectronico: EMAIL_FORMAT })
    }
  })

  it('fechaCita is bounded: 1e20 and 1970 are refused', async () => {
    for (const bad of [1e20, 12345, 9_999_999_999_999]) {
      expect(await fieldsOf(await client.postJson('/api/cita', validCita({ fechaCita: bad })))).toEqual({ fechaCita: 'La fecha de la solicitud no es válida.' })
    }
  })

  it("fechaCita is the day of the request: a day outside the form's window around the day of receipt is refused", async () => {
    // The server's day (startInProcess: PINNED_DAY), not the day the suite runs.
    const today = dayTimestamp(PINNED_DAY)
    const day = 86_400_000
    // diasPermitidos { antes: 1, despues: 1 } in manifest/forms/cita.yaml: 2026 is inside the schema's years but not today.
    for (const bad of [today + 2 * day, today + 40 * day, today - 2 * day, dayTimestamp('2099-12-31'), dayTimestamp('2000-01-01')]) {
      expect(await fieldsOf(await client.postJson('/api/cita', validCita({ fechaCita: bad })))).toEqual({ fechaCita: 'La fecha de la solicitud no es válida.' })
    }
    for (const good of [today - day, today, today + day]) {
      expect((await client.postJson('/api/cita', validCita({ fechaCita: good }))).status).toBe(200)
      validOnPurpose++
    }
  })

  it("the appointment consent checkbox (the spec's aceptarPolitica, now autorizacionDatos) must be checked", async () => {
    for (const bad of [false, 'false', 'si', 0]) {
      expect(await fieldsOf(await client.postJson('/api/cita', validCita({ autorizacionDatos: bad })))).toEqual({ autorizacionDatos: CITA.autorizacionDatos })
    }
  })

  it('a service or document type outside the lists is refused with the same message', async () => {
    expect(await fieldsOf(await client.postJson('/api/cita', validCita({ tipoServicio: 99, tipoIdentificacion: 999 })))).toEqual({
      tipoServicio: CITA.tipoServicio,
      tipoIdentificacion: CITA.tipoIdentificacion,
    })
  })
})

describe('newsletter (spec §5)', () => {
  it('required', async () => {
    expect(await fieldsOf(await client.postJson('/api/suscripcion', {}))).toEqual({
      correoElectronico: NEWSLETTER_REQUIRED,
      autorizacionDatos: CONSENT_MESSAGE,
    })
    expect(await fieldsOf(await client.postJson('/api/suscripcion', { correoElectronico: '', autorizacionDatos: true }))).toEqual({
      correoElectronico: NEWSLETTER_REQUIRED,
    })
  })

  it('valid e-mail of at most 100 characters', async () => {
    for (const bad of ['lector', 'lector@', `${'a'.repeat(95)}@example.com`]) {
      expect(await fieldsOf(await client.postJson('/api/suscripcion', { correoElectronico: bad, autorizacionDatos: true }))).toEqual({
        correoElectronico: NEWSLETTER_EMAIL,
      })
    }
  })
})

describe('clinical record (messages from the manifest; spec §5 rules)', () => {
  it('an empty request answers every required message', async () => {
    const fields = await fieldsOf(await client.postForm('/api/historia-clinica', new FormData()))
    // WhatsApp is optional: the form has a telephone (docs/decisions/forms.md).
    const required = historia.campos.filter(c => c.requerido)
    expect(required.map(c => c.nombre)).not.toContain('whatsapp')
    expect(Object.keys(fields).sort()).toEqual(required.map(c => c.nombre).sort())
    for (const c of required) expect(fields[c.nombre]).toBe(HC[c.nombre]!.requerido)
  })

  it('each field missing answers its own message', async () => {
    for (const name of Object.keys(historiaFields()).filter(n => n !== 'whatsapp')) {
      const f = historiaFields()
      delete f[name]
      expect(await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(f)))).toEqual({ [name]: HC[name]!.requerido })
    }
    expect(await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), null)))).toEqual({ pdf: HC.pdf!.requerido })
  })

  it('tipoIdentificacion must be digits only', async () => {
    expect(await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(historiaFields({ tipoIdentificacion: 'abc' }))))).toEqual({
      tipoIdentificacion: HC.tipoIdentificacion!.requerido,
    })
  })

  it('numeroIdentificacion, telefono and whatsapp typed wrong get honest messages; the e-mail is checked', async () => {
    expect(
      await fieldsOf(
        await client.postForm(
          '/api/historia-clinica',
          historiaForm(historiaFields({ numeroIdentificacion: 'abc', telefono: 'abc', whatsapp: 'abc', correoElectronico: 'not-an-email' })),
        ),
      ),
    ).toEqual({ numeroIdentificacion: DOCUMENT_DIGITS, telefono: PHONE, whatsapp: PHONE, correoElectronico: EMAIL_FORMAT })
  })

  it('the file must be a PDF by its content', async () => {
    const png = Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1')
    expect(await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content: png, name: 'foto.pdf' })))).toEqual({
      pdf: HC.pdf!.formato,
    })
  })

  it('the file must be at most 10 MB', async () => {
    const big = Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024)])
    expect(await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content: big, name: 'grande.pdf' })))).toEqual({
      pdf: HC.pdf!.longitudMaxima,
    })
  })

  it('an empty file counts as missing', async () => {
    expect(
      await fieldsOf(await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content: Buffer.alloc(0), name: 'vacio.pdf' }))),
    ).toEqual({ pdf: HC.pdf!.requerido })
  })
})

const DOCUMENT_DIGITS = 'Escriba el número de documento solo con números (de 3 a 15 dígitos), sin letras ni signos.'
const PHONE =
  'Escriba el número con dígitos: 10 para un celular o un fijo de Colombia (por ejemplo 3001234567), o + y el indicativo del país si es del exterior.'
const EMAIL_FORMAT = 'Escriba un correo electrónico válido, por ejemplo nombre@correo.com.'

/** What the store kept of the last PQRSD filed. */
async function lastDatos(): Promise<Record<string, unknown>> {
  const rows = await server.app.store.listFilings('pqrs')
  return rows[rows.length - 1]!.datos
}
