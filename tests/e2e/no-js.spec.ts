import { expect, test } from '@playwright/test'

/**
 * With JavaScript off, the pre-rendered PQRSD form posts natively to
 * /api/pqrs (url-encoded, no anti-forgery header) and the server answers a
 * page with the spec's success text and the filing number (§8).
 */
test.use({ javaScriptEnabled: false })

test('PQRSD without JavaScript: the native submit is filed and answers the success text with a number', async ({ page }) => {
  await page.goto('/pqrsd')
  const form = page.locator('form[action="/api/pqrs"]')
  await expect(form).toHaveAttribute('method', 'post')

  await form.getByLabel('Tipo de solicitud').selectOption({ label: 'Petición' })
  await form.getByLabel('Tipo de persona').selectOption({ label: 'Persona natural' })
  await form.getByLabel('Tipo de documento').selectOption({ label: 'CC - Cédula de ciudadanía' })
  await form.getByLabel('Número de documento').fill('1020304050')
  await form.getByLabel('Nombres').fill('María José')
  await form.getByLabel('Apellidos').fill('Pérez Gómez')
  await form.getByLabel('Dirección').fill('Calle 10 # 5-23')
  await form.getByLabel('Teléfono').fill('3001234567')
  await form.getByLabel('Correo electrónico').fill('sin-js@example.com')
  await form.getByLabel('Medio de respuesta').selectOption({ label: 'Correo electrónico' })
  await form.getByLabel('Mensaje').fill('Enviado con JavaScript desactivado.')
  // The privacy notice is in the pre-rendered form, before its consent checkbox (docs/decisions/filings.md).
  await expect(form.locator('.aviso-privacidad')).toContainText('Aviso de privacidad.')
  await form.getByLabel(/Autorizo a la E\.S\.E\. a tratar mis datos personales/).check()
  // Attachments without script (docs/decisions/filings.md): the form posts multipart with the chosen files.
  await form.getByLabel('Documentos adjuntos').setInputFiles([{ name: 'carta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }])

  const [response] = await Promise.all([
    page.waitForResponse(r => r.url().endsWith('/api/pqrs') && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Enviar PQRSD' }).click(),
  ])
  // Post/Redirect/Get: the filing answers 303 to a confirmation page, so a reload cannot file it twice.
  expect(response.status()).toBe(303)
  expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data/)

  await expect(page).toHaveURL(/\/api\/radicado\?formulario=pqrsd&id=PQRS-\d{4}-\d{6,}/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('status').locator('p').first()).toHaveText(/^PQRSD creado exitosamente con número de radicado: PQRS-\d{4}-\d{6,}$/)
  // The receipt after the success text (docs/decisions/filings.md): date and time, due date, code, and never in the address.
  await expect(page.getByRole('status')).toContainText('Fecha y hora de recibo:')
  await expect(page.getByRole('status')).toContainText('Fecha límite de respuesta:')
  await expect(page.getByRole('status')).toContainText(/Código de verificación: [A-Z2-9]{5}-[A-Z2-9]{5}/)
  await expect(page.getByRole('status')).toContainText('Guarde este número y este código para consultar su solicitud.')
  await expect(page.getByRole('link', { name: 'Volver a la página del formulario' })).toHaveAttribute('href', '/pqrsd')
  await expect(page.getByRole('link', { name: 'Ir a la página de inicio' })).toHaveAttribute('href', '/')

  const shown = await page.getByRole('status').textContent()
  await page.reload()
  await expect(page.getByRole('status')).toHaveText(shown!)
})

test('PQRSD without JavaScript: an empty submit answers the error list with the spec messages', async ({ page }) => {
  await page.goto('/pqrsd')
  const form = page.locator('form[action="/api/pqrs"]')
  await form.getByRole('button', { name: 'Enviar PQRSD' }).click()
  await expect(page.getByRole('heading', { name: 'Hay errores en el formulario' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('El tipo de solicitud es obligatoria')
  await expect(page.getByRole('alert')).toContainText('El mensaje es obligatorio')
  await expect(page.getByRole('alert')).toContainText('Debe autorizar el tratamiento de sus datos personales para enviar el formulario.')
})
