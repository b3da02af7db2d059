import fs from 'node:fs'
import { openHydrated } from './hydration.ts'
import { expect, test, type Page, type Request } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { dayTimestamp, todayInColombia } from '../../src/manifest/colombiaTime.ts'
import { CITA_MESSAGES, CONSENT_MESSAGE, HISTORIA_MESSAGES, PQRSD_MESSAGES, SENSITIVE_CONSENT_MESSAGE } from '../helpers/specMessages.ts'

/**
 * Citizen forms against the built site and the real API server: spec §4, §5
 * and §8 messages verbatim, the error summary, resets, failures that keep
 * what was typed, and the anti-forgery header on every non-GET call.
 */

/** Our messages for a filled field in the wrong format (docs/decisions/forms.md); the spec's stay for empty fields. */
const PHONE_FORMAT =
  'Escriba el número con dígitos: 10 para un celular o un fijo de Colombia (por ejemplo 3001234567), o + y el indicativo del país si es del exterior.'
const DOCUMENT_DIGITS = 'Escriba el número de documento solo con números (de 3 a 15 dígitos), sin letras ni signos.'
const LETTERS_DOCUMENT = 'Para este tipo de documento escriba solo letras y números (de 3 a 20), sin espacios ni signos.'
const EMAIL_FORMAT = 'Escriba un correo electrónico válido, por ejemplo nombre@correo.com.'

/** Records every non-GET/HEAD request, to check the anti-forgery header at the end of each test. */
function recordUnsafeRequests(page: Page): Request[] {
  const unsafe: Request[] = []
  page.on('request', r => {
    if (!['GET', 'HEAD'].includes(r.method())) unsafe.push(r)
  })
  return unsafe
}

async function expectXsrfOn(page: Page, requests: Request[]): Promise<void> {
  const cookie = (await page.context().cookies()).find(c => c.name === 'XSRF-TOKEN')
  for (const r of requests) {
    expect(cookie, 'the server sets the XSRF-TOKEN cookie').toBeTruthy()
    expect(await r.headerValue('x-xsrf-token'), `${r.method()} ${r.url()} carries X-XSRF-TOKEN`).toBe(cookie!.value)
  }
}

/** Every message of a form: under its field and as a link of the focused error summary. */
async function expectEmptySubmitMessages(page: Page, formId: string, messages: Record<string, string>): Promise<void> {
  const summary = page.locator('.resumen-errores')
  await expect(summary).toBeVisible()
  await expect(summary.getByRole('heading', { name: 'Hay errores en el formulario' })).toBeVisible()
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link')).toHaveText(Object.values(messages))
  for (const [field, message] of Object.entries(messages)) {
    await expect(page.locator(`#${formId}-${field}-error`)).toHaveText(message)
    const control = page.locator(`#${formId}-${field}`)
    await expect(control).toHaveAttribute('aria-invalid', 'true')
    await expect(control).toHaveAttribute('aria-describedby', new RegExp(`${formId}-${field}-error`))
  }
}

async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([300, 200])
  page.drawText('Solicitud de historia clinica (prueba)', { x: 20, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return Buffer.from(await pdf.save())
}

async function fillPqrsd(page: Page): Promise<void> {
  await page.selectOption('#pqrsd-tipoSolicitud', { label: 'Petición' })
  await page.selectOption('#pqrsd-tipoPersona', { label: 'Persona natural' })
  await page.selectOption('#pqrsd-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
  await page.fill('#pqrsd-numeroIdentificacion', '1020304050')
  await page.fill('#pqrsd-nombre', 'Ana María')
  await page.fill('#pqrsd-apellido', 'Pérez Gómez')
  await page.fill('#pqrsd-direccion', 'Calle 10 # 5-20')
  await page.fill('#pqrsd-telefono', '3001234567')
  await page.fill('#pqrsd-correoElectronico', 'ana.perez@example.com')
  await page.selectOption('#pqrsd-tipoRespuesta', { label: 'Correo electrónico' })
  await page.fill('#pqrsd-mensaje', 'Solicito información sobre los horarios de vacunación.')
  await page.check('#pqrsd-autorizacionDatos')
}

test.describe('PQRSD form', () => {
  test('an empty submit shows every message of spec §5, the focused error summary, and makes no call', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await openHydrated(page, '/pqrsd')
    // Nothing is red before the visitor touches a field.
    await expect(page.locator('#pqrsd [aria-invalid="true"], form [aria-invalid="true"]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    // The e-mail is asked for only once the reply goes by e-mail (requeridoSi; docs/decisions/forms.md).
    const { correoElectronico: emailMessage, ...withoutEmail } = PQRSD_MESSAGES
    await expectEmptySubmitMessages(page, 'pqrsd', { ...withoutEmail, autorizacionDatos: CONSENT_MESSAGE })
    await expect(page.locator('label[for="pqrsd-correoElectronico"] .obligatorio')).toHaveCount(0)
    await page.selectOption('#pqrsd-tipoRespuesta', { label: 'Correo electrónico' })
    await expect(page.locator('label[for="pqrsd-correoElectronico"] .obligatorio')).toHaveCount(1)
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('#pqrsd-correoElectronico-error')).toHaveText(emailMessage!)
    expect(unsafe).toHaveLength(0)
  })

  test('a field turns red only once touched, and a summary link takes the visitor to its field', async ({ page }) => {
    await openHydrated(page, '/pqrsd')
    const nombre = page.locator('#pqrsd-nombre')
    await nombre.focus()
    await expect(nombre).not.toHaveAttribute('aria-invalid', 'true')
    await nombre.blur()
    await expect(nombre).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#pqrsd-nombre-error')).toHaveText('El nombre es obligatorio')
    await expect(page.locator('#pqrsd-apellido')).not.toHaveAttribute('aria-invalid', 'true')
    await nombre.fill('Ana')
    await expect(nombre).not.toHaveAttribute('aria-invalid', 'true')

    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await page.locator('.resumen-errores').getByRole('link', { name: 'El mensaje es obligatorio' }).click()
    await expect(page.locator('#pqrsd-mensaje')).toBeFocused()
  })

  test('a filled field in the wrong format gets an honest message, not «obligatorio»', async ({ page }) => {
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    await page.fill('#pqrsd-telefono', '300-12x')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('.resumen-errores').getByRole('link')).toHaveText([PHONE_FORMAT])
    await expect(page.locator('#pqrsd-telefono-error')).toHaveText(PHONE_FORMAT)
  })

  test('document rules follow the document type, and numbers are sent as citizens type them, normalized', async ({ page }) => {
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    // A passport number under «cédula de ciudadanía»: the digits message.
    await page.fill('#pqrsd-numeroIdentificacion', 'AB123456')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('#pqrsd-numeroIdentificacion-error')).toHaveText(DOCUMENT_DIGITS)
    // Under «pasaporte» the same number is accepted (the message goes as soon as the type changes and the field is re-checked).
    await page.selectOption('#pqrsd-tipoIdentificacion', { label: 'PA - Pasaporte' })
    await page.fill('#pqrsd-numeroIdentificacion', 'AB 123.456')
    await expect(page.locator('#pqrsd-numeroIdentificacion-error')).toHaveCount(0)
    await page.fill('#pqrsd-numeroIdentificacion', 'AB-123/456')
    await expect(page.locator('#pqrsd-numeroIdentificacion-error')).toHaveText(LETTERS_DOCUMENT)
    // Back to a cédula typed with dots, and a phone with +57 and spaces.
    await page.selectOption('#pqrsd-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
    await page.fill('#pqrsd-numeroIdentificacion', '1.098.765.432')
    await page.fill('#pqrsd-telefono', '+57 310 555 1234')
    await page.fill('#pqrsd-correoElectronico', 'not-an-email')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('.resumen-errores').getByRole('link')).toHaveText([EMAIL_FORMAT])
    await page.fill('#pqrsd-correoElectronico', 'ana.maria@example.com')
    const answer = page.waitForResponse(r => r.url().endsWith('/api/pqrs') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    const response = await answer
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toMatchObject({ tipoIdentificacion: 1, numeroIdentificacion: '1098765432', telefono: '3105551234' })
  })

  test('a valid submit shows the success text with the id the server returned and resets the form', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    const answer = page.waitForResponse(r => r.url().endsWith('/api/pqrs') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    const response = await answer
    expect(response.status()).toBe(200)
    const { id } = (await response.json()) as { id: string | number }
    expect(String(id)).not.toBe('')
    const sent = response.request().postDataJSON() as Record<string, unknown>
    expect(sent).toMatchObject({
      tipoSolicitud: 1,
      tipoPersona: 1,
      tipoIdentificacion: 1,
      tipoRespuesta: 1,
      numeroIdentificacion: '1020304050',
      nombre: 'Ana María',
    })

    expect(sent.autorizacionDatos).toBe(true)

    const banner = page.locator('.aviso-exito')
    // The spec's success text verbatim, then the receipt (docs/decisions/forms.md).
    await expect(banner.locator('.aviso-texto p').first()).toHaveText(`PQRSD creado exitosamente con número de radicado: ${id}`)
    await expect(banner).toContainText('Fecha y hora de recibo:')
    await expect(banner).toContainText('Fecha límite de respuesta:')
    await expect(banner).toContainText(/Código de verificación: [A-Z2-9]{5}-[A-Z2-9]{5}/)
    await expect(banner).toContainText('Guarde este número y este código para consultar su solicitud.')
    await expect(banner.getByRole('button', { name: 'Imprimir recibo' })).toBeVisible()
    await expect(banner).toBeFocused()
    for (const field of [
      'numeroIdentificacion',
      'nombre',
      'apellido',
      'direccion',
      'telefono',
      'correoElectronico',
      'mensaje',
      'tipoSolicitud',
      'tipoRespuesta',
    ]) {
      await expect(page.locator(`#pqrsd-${field}`)).toHaveValue('')
    }
    await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(0)
    await expect(page.locator('.resumen-errores')).toHaveCount(0)

    const code = /Código de verificación: ([A-Z2-9]{5}-[A-Z2-9]{5})/.exec((await banner.textContent()) ?? '')![1]!
    // No mail server here, so the receipt was not e-mailed: closing it asks once (truthful receipts, docs/decisions/filings.md).
    const asked: string[] = []
    page.once('dialog', d => {
      asked.push(d.message())
      void d.accept()
    })
    await banner.getByRole('button', { name: 'Cerrar mensaje' }).click()
    await expect(banner).toHaveCount(0)
    expect(asked).toHaveLength(1)
    // The receipt is not lost with the message (docs/decisions/forms.md): number and code stay on the page, printable.
    const kept = page.locator('.recibo-guardado')
    await expect(kept).toContainText(`número de radicado ${id}, código de verificación ${code}`)
    await expect(kept.getByRole('button', { name: 'Imprimir recibo' })).toBeVisible()
    await expectXsrfOn(page, unsafe)
    expect(unsafe.length).toBeGreaterThan(0)
    // «Descargar constancia (PDF)» (docs/decisions/forms.md): a form post with the number and the code; the page stays.
    const download = page.waitForEvent('download')
    await kept.getByRole('button', { name: 'Descargar constancia (PDF)' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`constancia-${id}.pdf`)
    const bytes = fs.readFileSync((await file.path())!)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    await expect(kept).toBeVisible()
  })

  test('closing a receipt that went to no e-mail asks once; cancelled it stays, confirmed it is kept below', async ({ page }) => {
    await openHydrated(page, '/pqrsd')
    // An anonymous denuncia gives no e-mail address: the code reaches the citizen only on this page.
    await page.selectOption('#pqrsd-tipoSolicitud', { label: 'Denuncia' })
    await page.selectOption('#pqrsd-tipoPersona', { label: 'Anónimo' })
    await page.fill('#pqrsd-mensaje', 'Denuncio cobros indebidos en la ventanilla de citas.')
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    const banner = page.locator('.aviso-exito')
    await expect(banner).toContainText(/Código de verificación: [A-Z2-9]{5}-[A-Z2-9]{5}/)
    const asked: string[] = []
    page.once('dialog', d => {
      asked.push(d.message())
      void d.dismiss()
    })
    await banner.getByRole('button', { name: 'Cerrar mensaje' }).click()
    await expect.poll(() => asked.length).toBe(1)
    expect(asked[0]).toContain('No se enviaron por correo')
    await expect(banner).toBeVisible()
    page.once('dialog', d => {
      asked.push(d.message())
      void d.accept()
    })
    await banner.getByRole('button', { name: 'Cerrar mensaje' }).click()
    await expect(banner).toHaveCount(0)
    expect(asked).toHaveLength(2)
    await expect(page.locator('.recibo-guardado').getByRole('button', { name: 'Descargar constancia (PDF)' })).toBeVisible()
  })

  test('a failed call shows a clear message and keeps everything typed', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await page.route('**/api/pqrs', route =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'fallo', fields: {} }) }),
    )
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    const alert = page.locator('.aviso-error[role="alert"]')
    await expect(alert).toContainText('No fue posible enviar su solicitud')
    await expect(alert).toContainText('Los datos que escribió se conservan')
    await expect(page.locator('.aviso-exito')).toHaveCount(0)
    await expect(page.locator('#pqrsd-nombre')).toHaveValue('Ana María')
    await expect(page.locator('#pqrsd-mensaje')).toHaveValue('Solicito información sobre los horarios de vacunación.')
    await expect(page.locator('#pqrsd-tipoSolicitud')).toHaveValue('1')
    await expectXsrfOn(page, unsafe)
  })

  test('a network failure also keeps everything typed', async ({ page }) => {
    await page.route('**/api/pqrs', route => route.abort('failed'))
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('.aviso-error[role="alert"]')).toContainText('No fue posible comunicarse con el servidor')
    await expect(page.locator('#pqrsd-apellido')).toHaveValue('Pérez Gómez')
  })

  test('a 400 with fields shows the server messages on those fields', async ({ page }) => {
    await page.route('**/api/pqrs', route =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'El formulario tiene errores.', fields: { direccion: 'La dirección no es válida según el servidor' } }),
      }),
    )
    await openHydrated(page, '/pqrsd')
    await fillPqrsd(page)
    await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
    await expect(page.locator('#pqrsd-direccion-error')).toHaveText('La dirección no es válida según el servidor')
    await expect(page.locator('#pqrsd-direccion')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('.aviso-error')).toContainText('Revise los campos marcados')
    await expect(page.locator('#pqrsd-direccion')).toHaveValue('Calle 10 # 5-20')
  })

  test('the validator (Ajv) is downloaded only once the visitor interacts with a form', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', r => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await openHydrated(page, '/pqrsd')
    await page.waitForLoadState('networkidle')
    const before = scripts.length
    await page.locator('#pqrsd-nombre').focus()
    await expect.poll(() => scripts.length).toBeGreaterThan(before)
  })
})

test.describe('appointment form', () => {
  test('an empty submit shows the eight messages of spec §5', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await openHydrated(page, '/citas')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agendamiento de Citas')
    await expect(page.getByText('Aseguradora')).toBeVisible()
    await page.getByRole('button', { name: 'Solicitar cita' }).click()
    await expectEmptySubmitMessages(page, 'cita', CITA_MESSAGES)
    expect(unsafe).toHaveLength(0)
  })

  test('the e-mail must be valid', async ({ page }) => {
    await openHydrated(page, '/citas')
    await page.fill('#cita-correoElectronico', 'ana@')
    await page.locator('#cita-correoElectronico').blur()
    // Filled but malformed: the honest message (docs/decisions/forms.md); empty keeps the spec's «La dirección de correo es obligatoria.».
    await expect(page.locator('#cita-correoElectronico-error')).toHaveText(EMAIL_FORMAT)
  })

  test('a valid request shows the success text with the id, sends the request day as fechaCita and resets the checkbox', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    // The request day is the server's (it refuses another); the browser's clock is set to its noon, so the day the
    // page sends is the one this test chose, whatever the hour it runs.
    const day = todayInColombia()
    await page.clock.setFixedTime(new Date(`${day}T12:00:00-05:00`))
    await openHydrated(page, '/citas')
    await page.fill('#cita-nombre', 'Ana María Pérez')
    await page.selectOption('#cita-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
    await page.fill('#cita-numeroIdentificacion', '1020304050')
    await page.fill('#cita-correoElectronico', 'ana.perez@example.com')
    await page.fill('#cita-whatsapp', '3001234567')
    await page.fill('#cita-eps', 'Nueva EPS')
    await page.selectOption('#cita-tipoServicio', { label: 'Odontología general' })
    await page.check('#cita-autorizacionDatos')
    await page.check('#cita-autorizacionDatosSensibles')
    const answer = page.waitForResponse(r => r.url().endsWith('/api/cita') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Solicitar cita' }).click()
    const response = await answer
    expect(response.status()).toBe(200)
    const { id } = (await response.json()) as { id: string | number }
    const sent = response.request().postDataJSON() as Record<string, unknown>
    expect(response.request().headers()['content-type']).toContain('application/json')
    expect(sent).toMatchObject({ tipoIdentificacion: 1, tipoServicio: 2, autorizacionDatos: true, autorizacionDatosSensibles: true, whatsapp: '3001234567' })
    expect(sent.fechaCita).toBe(dayTimestamp(day))

    await expect(page.locator('.aviso-exito .aviso-texto p').first()).toHaveText(
      `Solicitud de cita radicada exitosamente con número: ${id}. Nuestra institución tendrá 3 días hábiles para dar respuesta a su solicitud.`,
    )
    await expect(page.locator('#cita-autorizacionDatos')).not.toBeChecked()
    await expect(page.locator('#cita-nombre')).toHaveValue('')
    await expect(page.locator('#cita-tipoServicio')).toHaveValue('')
    await expectXsrfOn(page, unsafe)
  })
})

test.describe('clinical-record form', () => {
  test('shows no request-type, person-type or answer-type fields, and an empty submit shows every message', async ({ page }) => {
    await openHydrated(page, '/historia-clinica')
    const form = page.locator('form[action="/api/historia-clinica"]')
    await expect(form.locator('[name="tipoSolicitud"], [name="tipoPersona"], [name="tipoRespuesta"]')).toHaveCount(0)
    await expect(page.locator('a[href$=".pdf"][href^="/assets/atencion/historia-clinica/"]')).toHaveCount(5)
    await page.getByRole('button', { name: 'Radicar solicitud' }).click()
    // WhatsApp is optional: the form has a telephone (docs/decisions/forms.md).
    const { whatsapp: _whatsapp, ...required } = HISTORIA_MESSAGES
    await expectEmptySubmitMessages(page, 'historia-clinica', required)
  })

  test('names its sensitive datum as required (never «voluntario») and asks its explicit authorization apart', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await openHydrated(page, '/historia-clinica')
    const notice = page.locator('#historia-clinica-aviso-datos-sensibles')
    await expect(notice).toContainText('«Formato de solicitud (PDF)» es un dato sensible')
    await expect(notice).toContainText('El dato «Formato de solicitud (PDF)» es obligatorio para esta solicitud')
    await expect(page.locator('form[action="/api/historia-clinica"]')).not.toContainText('voluntario')
    // Everything valid and the general authorization given, but not the sensitive one: nothing is sent.
    await page.fill('#historia-clinica-nombre', 'Ana María')
    await page.fill('#historia-clinica-apellido', 'Pérez Gómez')
    await page.selectOption('#historia-clinica-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
    await page.fill('#historia-clinica-numeroIdentificacion', '1020304050')
    await page.fill('#historia-clinica-telefono', '6015550101')
    await page.fill('#historia-clinica-whatsapp', '3001234567')
    await page.fill('#historia-clinica-correoElectronico', 'ana.perez@example.com')
    await page.setInputFiles('#historia-clinica-pdf', { name: 'solicitud.pdf', mimeType: 'application/pdf', buffer: await samplePdf() })
    await page.check('#historia-clinica-autorizacionDatos')
    await page.getByRole('button', { name: 'Radicar solicitud' }).click()
    await expect(page.locator('#historia-clinica-autorizacionDatosSensibles-error')).toHaveText(SENSITIVE_CONSENT_MESSAGE)
    expect(unsafe).toHaveLength(0)
  })

  test('a file that is not a PDF is refused in the browser', async ({ page }) => {
    await openHydrated(page, '/historia-clinica')
    await page.setInputFiles('#historia-clinica-pdf', { name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') })
    await page.getByRole('button', { name: 'Radicar solicitud' }).click()
    await expect(page.locator('#historia-clinica-pdf-error')).toHaveText('El archivo debe ser un PDF.')
  })

  test('a valid request with a real PDF is filed as multipart; the banner shows the id and the file input is cleared', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    await openHydrated(page, '/historia-clinica')
    await page.fill('#historia-clinica-nombre', 'Ana María')
    await page.fill('#historia-clinica-apellido', 'Pérez Gómez')
    await page.selectOption('#historia-clinica-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
    await page.fill('#historia-clinica-numeroIdentificacion', '1020304050')
    await page.fill('#historia-clinica-telefono', '6015550101')
    await page.fill('#historia-clinica-whatsapp', '3001234567')
    await page.fill('#historia-clinica-correoElectronico', 'ana.perez@example.com')
    await page.setInputFiles('#historia-clinica-pdf', { name: 'solicitud.pdf', mimeType: 'application/pdf', buffer: await samplePdf() })
    await page.check('#historia-clinica-autorizacionDatos')
    await page.check('#historia-clinica-autorizacionDatosSensibles')
    const answer = page.waitForResponse(r => r.url().endsWith('/api/historia-clinica') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Radicar solicitud' }).click()
    const response = await answer
    expect(response.status()).toBe(200)
    expect(response.request().headers()['content-type']).toContain('multipart/form-data')
    const { id } = (await response.json()) as { id: string | number }
    await expect(page.locator('.aviso-exito')).toContainText(`${id}`)
    await expect(page.locator('.aviso-exito .aviso-texto p').first()).toHaveText(
      `Solicitud de historia clínica radicada exitosamente con número: ${id}. La respuesta se enviará al correo electrónico indicado.`,
    )
    expect(await page.locator('#historia-clinica-pdf').evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0)
    await expect(page.locator('#historia-clinica-pdf')).toHaveValue('')
    await expect(page.locator('#historia-clinica-nombre')).toHaveValue('')
    await expectXsrfOn(page, unsafe)
  })
})

test.describe('newsletter in the footer', () => {
  test('is on every page, validates with the spec messages and answers «Registro Exitoso»', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    for (const route of ['/', '/hospital/hospital', '/pqrsd']) {
      // Once the page's script has started (the header date is its sign): a click before that posts natively, by design.
      await openHydrated(page, route)
      await expect(page.locator('footer #suscripcion-correoElectronico')).toHaveCount(1)
    }
    const footer = page.locator('footer')
    const email = footer.locator('#suscripcion-correoElectronico')
    await footer.getByRole('button', { name: 'Suscribirme' }).click()
    await expect(footer.locator('#suscripcion-correoElectronico-error')).toHaveText('El correo Electronico es obligatorio')
    await expect(email).toBeFocused()
    expect(unsafe).toHaveLength(0)
    await email.fill('no-es-correo')
    await expect(footer.locator('#suscripcion-correoElectronico-error')).toHaveText('Por favor, ingresa tu Email')
    await email.fill(`${'a'.repeat(89)}@example.com`)
    await expect(footer.locator('#suscripcion-correoElectronico-error')).toHaveText('Por favor, ingresa tu Email')

    await email.fill(`boletin.${Date.now()}@example.com`)
    // The privacy notice is in the footer form too, before its consent checkbox (docs/decisions/forms.md).
    await expect(footer.locator('.aviso-privacidad')).toContainText('Aviso de privacidad.')
    await expect(footer.locator('#suscripcion-autorizacionDatos-error')).toHaveText(CONSENT_MESSAGE)
    await footer.locator('#suscripcion-autorizacionDatos').check()
    const answer = page.waitForResponse(r => r.url().endsWith('/api/suscripcion') && r.request().method() === 'POST')
    await footer.getByRole('button', { name: 'Suscribirme' }).click()
    expect((await answer).status()).toBe(200)
    const alert = footer.locator('.aviso-exito')
    await expect(alert.locator('.aviso-texto')).toHaveText('Registro Exitoso')
    await expect(email).toHaveValue('')
    await alert.getByRole('button', { name: 'Cerrar mensaje' }).click()
    await expect(alert).toHaveCount(0)
    await expectXsrfOn(page, unsafe)
  })
})

test.describe('sign-in page', () => {
  test('/acceder posts to the office sign-in; wrong credentials get one plain message and stay on the page', async ({ page }) => {
    const unsafe = recordUnsafeRequests(page)
    // The scripted sign-in is what is tested: before hydration the form posts natively (the no-JavaScript path, tested elsewhere).
    await openHydrated(page, '/acceder')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicia Sesión')
    await expect(page.getByLabel('Correo electrónico').first()).toBeVisible()
    await expect(page.getByLabel('Contraseña')).toHaveAttribute('type', 'password')
    await expect(page.getByLabel('Recordarme')).not.toBeChecked()
    await page.getByLabel('Correo electrónico').first().fill('nadie@example.org')
    await page.getByLabel('Contraseña').fill('secreto equivocado')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.locator('.formulario-acceso [role="alert"]')).toContainText('Correo o contraseña incorrectos.')
    await expect(page).toHaveURL(/\/acceder$/)
    await expectXsrfOn(page, unsafe)
  })
})
