import { beforeAll, describe, expect, it } from 'vitest'
import type { FieldErrors } from 'react-hook-form'
import { loadManifest } from '../../src/manifest/load.ts'
import type { FormDefinition, Lookups } from '../../src/manifest/types.generated.ts'
import { compileFormSchema } from '../../src/forms/compileFormSchema.ts'
import { normalizeSubmission } from '../../src/forms/normalize.ts'
import { dayTimestamp, todayInColombia } from '../../src/manifest/colombiaTime.ts'
import { createFormValidator, loadFormValidator, type FieldMessages, type FormValidator } from '../../src/forms/validateSubmission.ts'
import { requestBody, successText, toPayload } from '../../src/forms/clientPayload.ts'
import { lazyAjvResolver } from '../../src/forms/lazyResolver.ts'
import { prepareForm } from '../../src/forms/prepared.ts'
import { formatResultDate, gradeQuiz } from '../../src/forms/quiz.ts'
import { isRelativeUrl, readCookie } from '../../src/forms/apiClient.ts'
import { CITA_MESSAGES, CONSENT_MESSAGE, EVALUACION_MESSAGES, HISTORIA_MESSAGES, PQRSD_MESSAGES } from '../helpers/specMessages.ts'

const { manifest } = loadManifest()
const lookups = manifest.lookups?.data as Lookups

function form(id: string): FormDefinition {
  const f = manifest.forms.find(x => x.data.id === id)?.data
  if (!f) throw new Error(`missing form ${id}`)
  return f
}

/** The server's validators: the build's precompiled code (npm test generates it before vitest). */
const validators = new Map<string, FormValidator>()
beforeAll(async () => {
  for (const f of manifest.forms) validators.set(f.data.id, await loadFormValidator(f.data, lookups))
})

/** Server path: raw values → normalizeSubmission → precompiled validator. */
function serverMessages(id: string, values: Record<string, unknown>, files = {}): FieldMessages {
  const def = form(id)
  const outcome = validators.get(id)!(normalizeSubmission(def, values, files))
  return outcome.ok ? {} : outcome.fields
}

/** Browser path: raw form values → toPayload → the same precompiled validator, loaded as the browser loads it. */
async function browserMessages(id: string, values: Record<string, unknown>): Promise<FieldMessages> {
  const resolver = lazyAjvResolver(prepareForm(form(id), lookups))
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, names: [] } as never)
  const out: FieldMessages = {}
  for (const [k, v] of Object.entries(result.errors as FieldErrors)) out[k] = String(v?.message)
  return out
}

const validPqrsd = {
  tipoSolicitud: '1',
  tipoPersona: '1',
  tipoIdentificacion: '1',
  numeroIdentificacion: '1020304050',
  nombre: 'Ana',
  apellido: 'Pérez',
  direccion: 'Calle 1 # 2-3',
  telefono: '3001234567',
  correoElectronico: 'ana@example.com',
  tipoRespuesta: '1',
  mensaje: 'Solicito información.',
  autorizacionDatos: true,
}

const validCita = {
  nombre: 'Ana Pérez',
  tipoIdentificacion: '1',
  numeroIdentificacion: '1020304050',
  correoElectronico: 'ana@example.com',
  whatsapp: '3001234567',
  eps: 'Nueva EPS',
  tipoServicio: '2',
  autorizacionDatos: true,
  autorizacionDatosSensibles: true,
  fechaCita: String(dayTimestamp('2026-03-05')),
}

const validHistoria = {
  nombre: 'Ana',
  apellido: 'Pérez',
  tipoIdentificacion: '1',
  numeroIdentificacion: '1020304050',
  telefono: '6015550101',
  whatsapp: '3001234567',
  correoElectronico: 'ana@example.com',
  autorizacionDatos: true,
  autorizacionDatosSensibles: true,
}
const pdfFile = { pdf: { nombre: 'solicitud.pdf', tipo: 'application/pdf', tamano: 2048 } }

/** Our messages for a filled field in the wrong format (the spec's stay for empty fields). */
const EMAIL_FORMAT = 'Escriba un correo electrónico válido, por ejemplo nombre@correo.com.'
const DIGITS_DOCUMENT = 'Escriba el número de documento solo con números (de 3 a 15 dígitos), sin letras ni signos.'
const DIGITS_DOCUMENT_HC = DIGITS_DOCUMENT
const LETTERS_DOCUMENT = 'Para este tipo de documento escriba solo letras y números (de 3 a 20), sin espacios ni signos.'
const NIT = 'Escriba el NIT solo con números; si incluye el dígito de verificación, sepárelo con un guion (por ejemplo 900123456-7).'
const PHONE =
  'Escriba el número con dígitos: 10 para un celular o un fijo de Colombia (por ejemplo 3001234567), o + y el indicativo del país si es del exterior.'

describe('citizen input as citizens type it: server and browser agree', () => {
  const both = async (id: string, values: Record<string, unknown>) => {
    const server = serverMessages(id, values)
    expect(await browserMessages(id, values)).toEqual(server)
    return server
  }

  it('the server uses the precompiled validators of the build, the same files the browser loads', () => {
    for (const f of manifest.forms) expect(validators.get(f.data.id)!.origin).toBe('precompilado')
  })

  it('accepts document numbers as typed, for every document type, on the three filing forms', async () => {
    const accepted: Array<[string, string, string]> = [
      ['1', '1.098.765.432', '1098765432'],
      ['1', '1 098 765 432', '1098765432'],
      ['1', ' 79123456 ', '79123456'],
      ['2', '1.020.304.050', '1020304050'],
      ['4', 'E-123'.replace('-', ''), 'E123'],
      ['4', '123456', '123456'],
      ['5', 'AB123456', 'AB123456'],
      ['5', 'ab 123.456', 'AB123456'],
      ['6', '123456789012345', '123456789012345'],
      ['7', '5123456', '5123456'],
      ['8', '900.123.456-7', '900123456-7'],
      ['8', '900123456', '900123456'],
      ['9', 'CD12345', 'CD12345'],
    ]
    for (const id of ['pqrsd', 'cita', 'historia-clinica']) {
      const valid = id === 'pqrsd' ? validPqrsd : id === 'cita' ? validCita : validHistoria
      for (const [tipo, typed, stored] of accepted) {
        const values = { ...valid, tipoIdentificacion: tipo, numeroIdentificacion: typed }
        const files = id === 'historia-clinica' ? pdfFile : {}
        expect(serverMessages(id, values, files), `${id} ${tipo} ${typed}`).toEqual({})
        expect(normalizeSubmission(form(id), values).numeroIdentificacion).toBe(stored)
      }
    }
  })

  it('refuses malformed document numbers with a message that says what is wrong', async () => {
    const refused: Array<[string, string, string]> = [
      ['1', 'AB123456', DIGITS_DOCUMENT],
      ['1', '12', DIGITS_DOCUMENT],
      ['1', '1098765432-1', DIGITS_DOCUMENT],
      ['1', '1'.repeat(16), DIGITS_DOCUMENT],
      ['5', 'AB-123/456', LETTERS_DOCUMENT],
      ['5', 'Ñ12345', LETTERS_DOCUMENT],
      ['8', '900123456-78', NIT],
      ['8', 'ABC123456', NIT],
    ]
    for (const [tipo, typed, message] of refused) {
      expect(await both('pqrsd', { ...validPqrsd, tipoIdentificacion: tipo, numeroIdentificacion: typed }), `${tipo} ${typed}`).toEqual({
        numeroIdentificacion: message,
      })
    }
    // Empty keeps the spec's text, verbatim, whatever the type.
    expect(await both('pqrsd', { ...validPqrsd, tipoIdentificacion: '5', numeroIdentificacion: ' ' })).toEqual({
      numeroIdentificacion: PQRSD_MESSAGES.numeroIdentificacion,
    })
    expect(await both('cita', { ...validCita, numeroIdentificacion: '' })).toEqual({ numeroIdentificacion: CITA_MESSAGES.numeroIdentificacion })
  })

  it('accepts Colombian and foreign phone numbers as typed', async () => {
    const accepted: Array<[string, string]> = [
      ['300 123 4567', '3001234567'],
      ['+57 310 555 1234', '3105551234'],
      ['+57 (601) 555-0101', '6015550101'],
      ['573105551234', '3105551234'],
      ['0057 3105551234', '3105551234'],
      ['310-555-1234', '3105551234'],
      ['601 5550101', '6015550101'],
      ['5550101', '5550101'],
      ['+1 (202) 555-0143', '+12025550143'],
      ['+58 412 1234567', '+584121234567'],
      ['0034 612 345 678', '+34612345678'],
    ]
    for (const [typed, stored] of accepted) {
      expect(await both('pqrsd', { ...validPqrsd, telefono: typed }), typed).toEqual({})
      expect(await both('cita', { ...validCita, whatsapp: typed }), typed).toEqual({})
      expect(normalizeSubmission(form('pqrsd'), { ...validPqrsd, telefono: typed }).telefono).toBe(stored)
    }
  })

  it('refuses malformed phone numbers with an honest message', async () => {
    for (const typed of ['300 123 45x7', '123', '+', '+0 123 4567', '30012345678', '3001234567 ext 2', '+1234567890123456']) {
      expect(await both('pqrsd', { ...validPqrsd, telefono: typed }), typed).toEqual({ telefono: PHONE })
    }
    expect(await both('pqrsd', { ...validPqrsd, telefono: '   ' })).toEqual({ telefono: PQRSD_MESSAGES.telefono })
  })

  it('accepts real e-mail addresses and refuses malformed ones, on every form with an e-mail', async () => {
    const good = ['ana@example.com', 'ana.perez+pqrs@correo.gov.co', 'ANA_1@sub.dominio.com.co', "o'neil@example.org", ' ana@example.com ']
    const bad = [
      'not-an-email',
      '1',
      'a@b.co\r\nBcc: x',
      'ana@',
      '@example.com',
      'ana@example',
      'ana perez@example.com',
      'ana@@example.com',
      'ana@exa_mple.com',
      'ana@example..com',
    ]
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['pqrsd', validPqrsd, 'correoElectronico'],
      ['cita', validCita, 'correoElectronico'],
      ['historia-clinica', validHistoria, 'correoElectronico'],
    ]
    for (const [id, valid, field] of cases) {
      const files = id === 'historia-clinica' ? pdfFile : {}
      for (const g of good) expect(serverMessages(id, { ...valid, [field]: g }, files), `${id} ${g}`).toEqual({})
      for (const b of bad) expect(serverMessages(id, { ...valid, [field]: b }, files), `${id} ${JSON.stringify(b)}`).toEqual({ [field]: EMAIL_FORMAT })
    }
    expect(await browserMessages('pqrsd', { ...validPqrsd, correoElectronico: 'not-an-email' })).toEqual({ correoElectronico: EMAIL_FORMAT })
  })

  it('strips NUL, other control characters and bidirectional overrides before validating and storing', () => {
    const out = normalizeSubmission(form('pqrsd'), { ...validPqrsd, nombre: 'An\u0000a\u202e', mensaje: 'línea 1\nlínea\u0007 2\u2066' })
    expect(out.nombre).toBe('Ana')
    expect(out.mensaje).toBe('línea 1\nlínea 2')
    expect(serverMessages('pqrsd', { ...validPqrsd, nombre: '\u0000\u202e' })).toEqual({ nombre: PQRSD_MESSAGES.nombre })
  })

  it('a rule can only name fields of its own form (validator)', () => {
    const def = form('pqrsd')
    const names = (r: NonNullable<typeof def.reglas>[number]) => [r.si.campo, ...(r.entonces.campo ? [r.entonces.campo] : []), ...(r.entonces.ocultar ?? [])]
    expect(def.reglas?.every(r => names(r).every(n => def.campos.some(c => c.nombre === n)))).toBe(true)
  })
})

describe('PQRSD form (spec §5)', () => {
  it('an empty submission gets the spec messages, verbatim, on server and browser alike, and the consent one', async () => {
    // The e-mail's message only once the reply goes by e-mail (requeridoSi; docs/decisions/forms.md).
    const { correoElectronico: emailMessage, ...withoutEmail } = PQRSD_MESSAGES
    const expected = { ...withoutEmail, autorizacionDatos: CONSENT_MESSAGE }
    expect(serverMessages('pqrsd', {})).toEqual(expected)
    const emptyBrowser = { ...Object.fromEntries(Object.keys(PQRSD_MESSAGES).map(k => [k, ''])), autorizacionDatos: false }
    expect(await browserMessages('pqrsd', emptyBrowser)).toEqual(expected)
    expect(serverMessages('pqrsd', emptyBrowser)).toEqual(expected)
    const byEmail = { ...expected, correoElectronico: emailMessage }
    delete (byEmail as Record<string, string>).tipoRespuesta
    expect(serverMessages('pqrsd', { tipoRespuesta: 1 })).toEqual(byEmail)
    expect(await browserMessages('pqrsd', { ...emptyBrowser, tipoRespuesta: '1' })).toEqual(byEmail)
  })

  it('consent is required on every form with the privacy notice: unchecked, missing or forged is refused', async () => {
    for (const bad of [false, 'false', '', 'sí', 1, null]) {
      expect(serverMessages('pqrsd', { ...validPqrsd, autorizacionDatos: bad })).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    }
    const { autorizacionDatos: _, ...without } = validPqrsd
    expect(serverMessages('pqrsd', without)).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    expect(await browserMessages('pqrsd', { ...validPqrsd, autorizacionDatos: false })).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    expect(serverMessages('historia-clinica', { ...validHistoria, autorizacionDatos: false }, pdfFile)).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    expect(serverMessages('suscripcion', { correoElectronico: 'ana@example.com' })).toEqual({ autorizacionDatos: CONSENT_MESSAGE })
    // Every filing form and the newsletter carry the same checkbox, last, with the notice's label
    // (followed, on the forms with sensitive fields, by the explicit sensitive-data checkbox: docs/decisions/forms.md).
    for (const id of ['pqrsd', 'cita', 'historia-clinica', 'suscripcion']) {
      const fields = form(id).campos.filter(c => c.control !== 'hidden' && c.nombre !== 'autorizacionDatosSensibles')
      expect(fields.at(-1)).toMatchObject({ nombre: 'autorizacionDatos', control: 'checkbox', tipoDato: 'booleano', requerido: true })
    }
  })

  it('accepts a complete submission and turns numeric ids into numbers', () => {
    const def = form('pqrsd')
    const outcome = createFormValidator(def, lookups)(normalizeSubmission(def, validPqrsd))
    expect(outcome.ok).toBe(true)
    if (outcome.ok) {
      expect(outcome.value.tipoSolicitud).toBe(1)
      expect(outcome.value.numeroIdentificacion).toBe('1020304050')
    }
  })

  it('checks the e-mail format, since the answer goes to that address (a departure from §5)', () => {
    for (const bad of ['no es un correo', 'not-an-email', '1', 'a@b.co\r\nBcc: x']) {
      expect(serverMessages('pqrsd', { ...validPqrsd, correoElectronico: bad })).toEqual({ correoElectronico: EMAIL_FORMAT })
    }
  })

  it('a filled field in the wrong format gets an honest message, not «obligatorio»', () => {
    expect(serverMessages('pqrsd', { ...validPqrsd, numeroIdentificacion: '10a' })).toEqual({ numeroIdentificacion: DIGITS_DOCUMENT })
    expect(serverMessages('pqrsd', { ...validPqrsd, telefono: '300 123 45x7' })).toEqual({ telefono: PHONE })
    expect(serverMessages('pqrsd', { ...validPqrsd, tipoSolicitud: 'uno' })).toEqual({ tipoSolicitud: PQRSD_MESSAGES.tipoSolicitud })
    expect(serverMessages('pqrsd', { ...validPqrsd, tipoPersona: '1a' })).toEqual({ tipoPersona: PQRSD_MESSAGES.tipoPersona })
    expect(serverMessages('pqrsd', { ...validPqrsd, tipoIdentificacion: '-1' })).toEqual({ tipoIdentificacion: PQRSD_MESSAGES.tipoIdentificacion })
    expect(serverMessages('pqrsd', { ...validPqrsd, tipoRespuesta: '2.5' })).toEqual({ tipoRespuesta: PQRSD_MESSAGES.tipoRespuesta })
  })

  it('refuses an id that is not in the lookup', () => {
    expect(serverMessages('pqrsd', { ...validPqrsd, tipoSolicitud: '999' })).toEqual({ tipoSolicitud: PQRSD_MESSAGES.tipoSolicitud })
  })

  it('bounds every free-text field (a departure from §5)', () => {
    expect(serverMessages('pqrsd', { ...validPqrsd, mensaje: 'x'.repeat(10_000) })).toEqual({})
    expect(serverMessages('pqrsd', { ...validPqrsd, mensaje: 'x'.repeat(10_001) })).toEqual({ mensaje: 'El texto supera el máximo de 10000 caracteres.' })
    expect(serverMessages('pqrsd', { ...validPqrsd, nombre: 'x'.repeat(201) })).toEqual({ nombre: 'El texto supera el máximo de 200 caracteres.' })
  })

  it('counts text made only of spaces as empty', () => {
    expect(serverMessages('pqrsd', { ...validPqrsd, nombre: '   ', mensaje: '\n\t ' })).toEqual({
      nombre: PQRSD_MESSAGES.nombre,
      mensaje: PQRSD_MESSAGES.mensaje,
    })
  })

  it('rejects fields the definition does not have, with one message for all of them', () => {
    expect(serverMessages('pqrsd', { ...validPqrsd, admin: true })).toEqual({ _formulario: 'El formulario contiene campos que no se esperan.' })
    const junk = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x${i}`, 1]))
    expect(serverMessages('pqrsd', { ...validPqrsd, ...junk })).toEqual({ _formulario: 'El formulario contiene campos que no se esperan.' })
  })
})

describe('appointment form (spec §5)', () => {
  it('an empty submission gets the eight messages plus the request-date one', async () => {
    const expected = { ...CITA_MESSAGES, fechaCita: 'La fecha de la solicitud no es válida.' }
    expect(serverMessages('cita', {})).toEqual(expected)
    // In the browser fechaCita is filled at submit, so the visitor only ever sees the eight of the spec.
    const empty = {
      nombre: '',
      tipoIdentificacion: '',
      numeroIdentificacion: '',
      correoElectronico: '',
      whatsapp: '',
      eps: '',
      tipoServicio: '',
      autorizacionDatos: false,
      fechaCita: '',
    }
    expect(await browserMessages('cita', empty)).toEqual(CITA_MESSAGES)
  })

  it('accepts a complete request', () => {
    expect(serverMessages('cita', validCita)).toEqual({})
  })

  it('checks the e-mail format', () => {
    expect(serverMessages('cita', { ...validCita, correoElectronico: 'ana@' })).toEqual({ correoElectronico: EMAIL_FORMAT })
  })

  it('asks for digits only in tipoIdentificacion, numeroIdentificacion, whatsapp and tipoServicio', () => {
    expect(serverMessages('cita', { ...validCita, numeroIdentificacion: 'CC123' })).toEqual({ numeroIdentificacion: DIGITS_DOCUMENT })
    expect(serverMessages('cita', { ...validCita, whatsapp: '+57 300' })).toEqual({ whatsapp: PHONE })
    expect(serverMessages('cita', { ...validCita, tipoIdentificacion: 'CC' })).toEqual({ tipoIdentificacion: CITA_MESSAGES.tipoIdentificacion })
    expect(serverMessages('cita', { ...validCita, tipoServicio: '7' })).toEqual({ tipoServicio: CITA_MESSAGES.tipoServicio })
  })

  it('requires the policy checkbox to be checked', () => {
    expect(serverMessages('cita', { ...validCita, autorizacionDatos: false })).toEqual({ autorizacionDatos: CITA_MESSAGES.autorizacionDatos })
    expect(serverMessages('cita', { ...validCita, autorizacionDatos: 'false' })).toEqual({ autorizacionDatos: CITA_MESSAGES.autorizacionDatos })
    expect(serverMessages('cita', { ...validCita, autorizacionDatos: 'true' })).toEqual({})
  })

  it('fechaCita is a timestamp number between 2000 and 2100', () => {
    for (const bad of ['2026-03-05', 1e20, 12345, -1, 5e12, 1.5e12 + 0.5]) {
      expect(serverMessages('cita', { ...validCita, fechaCita: bad })).toEqual({ fechaCita: 'La fecha de la solicitud no es válida.' })
    }
    expect(serverMessages('cita', { ...validCita, fechaCita: dayTimestamp('2000-01-01') })).toEqual({})
  })

  it('the browser fills fechaCita with the day of the request, Colombia time', () => {
    const def = form('cita')
    // 02:00 UTC on 6 March is still 5 March in Colombia (UTC-5).
    const payload = toPayload(def, { ...validCita, fechaCita: '' }, new Date('2026-03-06T02:00:00Z'))
    expect(payload.fechaCita).toBe(dayTimestamp('2026-03-05'))
    expect(payload.fechaCita).toBe(Date.parse('2026-03-05T05:00:00Z'))
    expect(payload.autorizacionDatos).toBe(true)
    expect(payload.tipoServicio).toBe(2)
    expect(todayInColombia(new Date('2026-03-06T05:00:00Z'))).toBe('2026-03-06')
  })
})

describe('clinical-record form (spec §5)', () => {
  // WhatsApp is optional where the form has a telephone (docs/decisions/forms.md).
  const { whatsapp: _whatsapp, ...expectedEmpty } = HISTORIA_MESSAGES

  it('requires every field but WhatsApp, the PDF included', async () => {
    expect(serverMessages('historia-clinica', {})).toEqual(expectedEmpty)
    const empty = {
      nombre: '',
      apellido: '',
      tipoIdentificacion: '',
      numeroIdentificacion: '',
      telefono: '',
      whatsapp: '',
      correoElectronico: '',
      pdf: undefined,
      autorizacionDatos: false,
    }
    expect(await browserMessages('historia-clinica', empty)).toEqual(expectedEmpty)
  })

  it('has no request-type, person-type or answer-type fields', () => {
    const names = form('historia-clinica').campos.map(c => c.nombre)
    expect(names).toEqual([
      'nombre',
      'apellido',
      'tipoIdentificacion',
      'numeroIdentificacion',
      'telefono',
      'whatsapp',
      'correoElectronico',
      'pdf',
      'autorizacionDatos',
      'autorizacionDatosSensibles',
    ])
  })

  it('accepts a complete request with a PDF and checks the e-mail format (a departure from §5)', () => {
    expect(serverMessages('historia-clinica', validHistoria, pdfFile)).toEqual({})
    expect(serverMessages('historia-clinica', { ...validHistoria, correoElectronico: 'sin formato' }, pdfFile)).toEqual({ correoElectronico: EMAIL_FORMAT })
  })

  it('digits only in the four numeric fields, with honest messages once filled', () => {
    expect(serverMessages('historia-clinica', { ...validHistoria, telefono: '555-01x1' }, pdfFile)).toEqual({ telefono: PHONE })
    expect(serverMessages('historia-clinica', { ...validHistoria, whatsapp: 'x' }, pdfFile)).toEqual({ whatsapp: PHONE })
    expect(serverMessages('historia-clinica', { ...validHistoria, numeroIdentificacion: '12 3a' }, pdfFile)).toEqual({
      numeroIdentificacion: DIGITS_DOCUMENT_HC,
    })
  })

  it('checks the file type and size', () => {
    expect(serverMessages('historia-clinica', validHistoria, { pdf: { nombre: 'a.txt', tipo: 'text/plain', tamano: 10 } })).toEqual({
      pdf: 'El archivo debe ser un PDF.',
    })
    expect(serverMessages('historia-clinica', validHistoria, { pdf: { nombre: 'a.pdf', tipo: 'application/pdf', tamano: 10 * 1024 * 1024 + 1 } })).toEqual({
      pdf: 'El archivo supera el tamaño máximo de 10 MB.',
    })
    expect(serverMessages('historia-clinica', validHistoria, { pdf: { nombre: 'a.pdf', tipo: 'application/pdf', tamano: 10 * 1024 * 1024 } })).toEqual({})
    expect(serverMessages('historia-clinica', validHistoria, { pdf: { nombre: 'a.pdf', tipo: 'application/pdf', tamano: 0 } })).toEqual({
      pdf: expectedEmpty.pdf,
    })
  })

  it('the browser describes a chosen File the way the server does, and sends it as multipart', async () => {
    const def = form('historia-clinica')
    const file = new File([new Uint8Array([37, 80, 68, 70, 45])], 'solicitud.pdf', { type: 'application/pdf' })
    const wrong = new File(['hola'], 'nota.txt', { type: 'text/plain' })
    expect(toPayload(def, { ...validHistoria, pdf: [file] }).pdf).toEqual({ nombre: 'solicitud.pdf', tipo: 'application/pdf', tamano: 5 })
    expect(await browserMessages('historia-clinica', { ...validHistoria, pdf: [file] })).toEqual({})
    expect(await browserMessages('historia-clinica', { ...validHistoria, pdf: [wrong] })).toEqual({ pdf: 'El archivo debe ser un PDF.' })
    // By content, not by name: a text renamed «.pdf» and announced as a PDF is refused in the browser too.
    const renamed = new File(['hola'], 'carta.pdf', { type: 'application/pdf' })
    expect(await browserMessages('historia-clinica', { ...validHistoria, pdf: [renamed] })).toEqual({ pdf: 'El archivo debe ser un PDF.' })
    const body = requestBody(def, toPayload(def, { ...validHistoria, pdf: [file] }), { ...validHistoria, pdf: [file] })
    expect(body).toBeInstanceOf(FormData)
    const data = body as FormData
    expect(data.get('tipoIdentificacion')).toBe('1')
    expect((data.get('pdf') as File).name).toBe('solicitud.pdf')
  })
})

describe('attachments (control: archivos)', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])
  const PDF = new Uint8Array([37, 80, 68, 70, 45, 49])
  const MB = 1024 * 1024

  it('several PDF, JPEG and PNG files are accepted; none is fine (optional); the JSON body carries no file', async () => {
    const files = [
      new File([PDF], 'carta.pdf', { type: 'application/pdf' }),
      new File([JPEG], 'foto.jpg', { type: 'image/jpeg' }),
      new File([PNG], 'captura.png', { type: 'image/png' }),
    ]
    expect(await browserMessages('pqrsd', { ...validPqrsd, adjuntos: files })).toEqual({})
    expect(await browserMessages('pqrsd', { ...validPqrsd, adjuntos: [] })).toEqual({})
    const def = form('pqrsd')
    expect(requestBody(def, toPayload(def, { ...validPqrsd }), { ...validPqrsd })).not.toBeInstanceOf(FormData)
    const body = requestBody(def, toPayload(def, { ...validPqrsd, adjuntos: files }), { ...validPqrsd, adjuntos: files }) as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(body.getAll('adjuntos').map(f => (f as File).name)).toEqual(['carta.pdf', 'foto.jpg', 'captura.png'])
  })

  it('a file is judged by its content: a program renamed «.png» is refused in the browser', async () => {
    const fake = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'foto.png', { type: 'image/png' })
    expect(await browserMessages('pqrsd', { ...validPqrsd, adjuntos: [fake] })).toEqual({
      adjuntos: 'Solo se admiten archivos PDF, JPEG o PNG; se revisa el contenido de cada archivo, no su nombre.',
    })
  })

  it('the limits per file, per filing and in number give their own messages (the same on the server)', () => {
    const d = (tamano: number, tipo = 'application/pdf') => ({ nombre: 'a.pdf', tipo, tamano })
    expect(serverMessages('pqrsd', validPqrsd, { adjuntos: [d(10 * MB + 1)] })).toEqual({ adjuntos: 'Cada archivo puede pesar como máximo 10 MB.' })
    expect(serverMessages('pqrsd', validPqrsd, { adjuntos: [d(8 * MB), d(8 * MB), d(8 * MB)] })).toEqual({
      adjuntos: 'Los archivos juntos superan el máximo de 20 MB por solicitud.',
    })
    expect(serverMessages('pqrsd', validPqrsd, { adjuntos: [d(1), d(1), d(1), d(1), d(1), d(1)] })).toEqual({
      adjuntos: 'Puede adjuntar como máximo 5 archivos por solicitud.',
    })
    expect(serverMessages('pqrsd', validPqrsd, { adjuntos: [d(10 * MB), d(10 * MB)] })).toEqual({})
    // A forged descriptor in a JSON body is dropped: files come only from real uploads.
    expect(serverMessages('pqrsd', { ...validPqrsd, adjuntos: { archivos: [d(1, 'text/plain')], tamanoTotal: 1 } })).toEqual({})
  })
})

describe('newsletter form (spec §5)', () => {
  it('requires the e-mail', () => {
    expect(serverMessages('suscripcion', { autorizacionDatos: true })).toEqual({ correoElectronico: 'El correo Electronico es obligatorio' })
    expect(serverMessages('suscripcion', { correoElectronico: '  ', autorizacionDatos: true })).toEqual({
      correoElectronico: 'El correo Electronico es obligatorio',
    })
  })

  it('checks the format and the 100-character limit', async () => {
    expect(serverMessages('suscripcion', { correoElectronico: 'ana', autorizacionDatos: true })).toEqual({ correoElectronico: 'Por favor, ingresa tu Email' })
    expect(await browserMessages('suscripcion', { correoElectronico: 'ana', autorizacionDatos: true })).toEqual({
      correoElectronico: 'Por favor, ingresa tu Email',
    })
    const at100 = `${'a'.repeat(88)}@example.com`
    expect(at100).toHaveLength(100)
    expect(serverMessages('suscripcion', { correoElectronico: at100, autorizacionDatos: true })).toEqual({})
    expect(serverMessages('suscripcion', { correoElectronico: `a${at100}`, autorizacionDatos: true })).toEqual({
      correoElectronico: 'Por favor, ingresa tu Email',
    })
  })

  it('trims the address before checking it', () => {
    const def = form('suscripcion')
    expect(normalizeSubmission(def, { correoElectronico: '  ana@example.com ' })).toEqual({ correoElectronico: 'ana@example.com' })
    expect(serverMessages('suscripcion', { correoElectronico: '  ana@example.com ', autorizacionDatos: true })).toEqual({})
  })

  it('success is «Registro Exitoso»', () => {
    expect(successText(form('suscripcion'), '17')).toBe('Registro Exitoso')
  })
})

describe('final evaluation form (spec §5)', () => {
  const answers = Object.fromEntries(['C', 'A', 'A', 'D', 'B', 'A', 'C', 'B', 'C', 'A', 'D'].map((a, i) => [`pregunta${i + 1}`, a]))
  const valid = { nombre: 'Ana Pérez', numeroIdentificacion: '1020304050', vinculacion: 'Contratista', ...answers }

  it('is kept in the browser, asks no e-mail, and takes name and document as optional (docs/decisions/consent-and-privacy.md)', () => {
    expect(form('evaluacion').envio).toBe('navegador')
    expect(form('evaluacion').endpoint).toBeUndefined()
    const personal = form('evaluacion').campos.filter(c => ['nombre', 'numeroIdentificacion', 'email'].includes(c.nombre))
    expect(personal.map(c => [c.nombre, c.requerido ?? false])).toEqual([
      ['nombre', false],
      ['numeroIdentificacion', false],
    ])
    expect(serverMessages('evaluacion', { ...valid, nombre: '', numeroIdentificacion: '' })).toEqual({})
  })

  it('an empty submission gets every message, verbatim', async () => {
    expect(serverMessages('evaluacion', {})).toEqual(EVALUACION_MESSAGES)
    const empty: Record<string, unknown> = { nombre: '', numeroIdentificacion: '', vinculacion: null }
    for (let i = 1; i <= 11; i++) empty[`pregunta${i}`] = null
    expect(await browserMessages('evaluacion', empty)).toEqual(EVALUACION_MESSAGES)
  })

  it('checks the document and the allowed choices', () => {
    expect(serverMessages('evaluacion', valid)).toEqual({})
    // Staff may be foreign: letters are allowed (departure from §5, docs/decisions/forms.md); signs are not.
    expect(serverMessages('evaluacion', { ...valid, numeroIdentificacion: 'ab123456' })).toEqual({})
    expect(serverMessages('evaluacion', { ...valid, numeroIdentificacion: '10#a' })).toEqual({
      numeroIdentificacion: 'Escriba el número de documento solo con letras y números (de 3 a 20), sin espacios ni signos.',
    })
    expect(serverMessages('evaluacion', { ...valid, vinculacion: 'Visitante' })).toEqual({ vinculacion: EVALUACION_MESSAGES.vinculacion })
    expect(serverMessages('evaluacion', { ...valid, pregunta3: 'C' })).toEqual({ pregunta3: 'Seleccione una respuesta' })
    expect(serverMessages('evaluacion', { ...valid, pregunta1: 'E' })).toEqual({ pregunta1: 'Seleccione una respuesta' })
  })

  it('has 11 questions; true/false ones offer only A = Verdadero and B = Falso', () => {
    const questions = form('evaluacion').campos.filter(c => /^pregunta\d+$/.test(c.nombre))
    expect(questions.map(q => q.nombre)).toEqual(Array.from({ length: 11 }, (_, i) => `pregunta${i + 1}`))
    for (const q of questions) {
      expect(q.control).toBe('radio')
      const opts = q.opciones ?? []
      if (opts.length === 2) expect(opts.map(o => o.etiqueta)).toEqual(['A. Verdadero', 'B. Falso'])
      else expect(opts.map(o => o.valor)).toEqual(['A', 'B', 'C', 'D'])
    }
  })

  it('the key of the page is C, A, A, D, B, A, C, B, C, A, D and each answer is an option of its question', () => {
    const page = manifest.pages.find(p => p.data.ruta === '/induccion/modulo5')?.data
    const section = page?.secciones?.find(s => s.tipo === 'evaluacion')
    expect(section && 'clave' in section ? section.clave : undefined).toEqual(['C', 'A', 'A', 'D', 'B', 'A', 'C', 'B', 'C', 'A', 'D'])
    const questions = form('evaluacion').campos.filter(c => /^pregunta\d+$/.test(c.nombre))
    for (const [i, q] of questions.entries()) expect(q.opciones?.map(o => o.valor)).toContain(['C', 'A', 'A', 'D', 'B', 'A', 'C', 'B', 'C', 'A', 'D'][i])
  })
})

describe('quiz grading and date', () => {
  const key = ['C', 'A', 'A', 'D', 'B', 'A', 'C', 'B', 'C', 'A', 'D']
  const answers = Object.fromEntries(key.map((a, i) => [`pregunta${i + 1}`, a]))
  it('passes only at 11 of 11', () => {
    expect(gradeQuiz(key, answers)).toEqual({ score: 11, total: 11, passed: true })
    expect(gradeQuiz(key, { ...answers, pregunta11: 'A' })).toEqual({ score: 10, total: 11, passed: false })
    expect(gradeQuiz(key, {})).toEqual({ score: 0, total: 11, passed: false })
  })
  it('formats the date as yyyy-MM-dd hh:mm a', () => {
    expect(formatResultDate(new Date(2026, 2, 5, 14, 7))).toBe('2026-03-05 02:07 PM')
    expect(formatResultDate(new Date(2026, 11, 31, 0, 30))).toBe('2026-12-31 12:30 AM')
    expect(formatResultDate(new Date(2026, 0, 1, 12, 0))).toBe('2026-01-01 12:00 PM')
  })
})

describe('compiled schema and browser helpers', () => {
  it('is draft-07 compatible (no $schema of 2020-12) and closed', () => {
    const schema = compileFormSchema(form('pqrsd'), lookups)
    expect(schema.$schema).toBeUndefined()
    expect(schema.additionalProperties).toBe(false)
  })
  it('success texts carry the filing number', () => {
    expect(successText(form('pqrsd'), '42')).toBe('PQRSD creado exitosamente con número de radicado: 42')
    expect(successText(form('cita'), '7')).toBe(
      'Solicitud de cita radicada exitosamente con número: 7. Nuestra institución tendrá 3 días hábiles para dar respuesta a su solicitud.',
    )
  })
  it('reads the anti-forgery cookie and knows relative URLs', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%2Ddef; b=2')).toBe('abc-def')
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined()
    expect(isRelativeUrl('/api/pqrs')).toBe(true)
    expect(isRelativeUrl('https://example.com/api')).toBe(false)
    expect(isRelativeUrl('//example.com/api')).toBe(false)
  })
})
