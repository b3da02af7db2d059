import { spawnSync } from 'node:child_process'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { openHydrated } from './hydration.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * Tracking (docs/decisions/tracking-and-report.md): the citizen's journey end to end, with and without JavaScript:
 * file a PQRSD with consent, read the receipt, look it up at /pqrsd/consulta,
 * and see «Respondida» and the answer once an office account answers it.
 */
const DATA_DIR = 'test-results/e2e-data' // the e2e server's (playwright.config.ts)
const STAFF = { correo: `consulta.e2e.${Date.now()}@hospital.gov.co`, clave: 'clave de prueba de la consulta 2026' }
const ANSWER_PDF = Buffer.from('%PDF-1.4\n% respuesta consulta e2e\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

test.beforeAll(() => {
  const r = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'SIAU consulta', '--rol', 'siau']), {
    env: { ...process.env, DATA_DIR },
    input: `${STAFF.clave}\n`,
    encoding: 'utf8',
  })
  expect(r.status, r.stderr).toBe(0)
})

/** An office account answers through the office API, with a PDF (as tests/e2e/office.spec.ts does with the keyboard). */
async function answerAsStaff(request: APIRequestContext, radicado: string, texto: string): Promise<void> {
  await request.get('/api/tipo-solicitud')
  const xsrf = (await request.storageState()).cookies.find(c => c.name === 'XSRF-TOKEN')!.value
  expect((await request.post('/api/oficina/sesion', { data: STAFF, headers: { 'x-xsrf-token': xsrf } })).status()).toBe(200)
  const res = await request.post(`/api/oficina/radicaciones/${radicado}/acciones`, {
    multipart: { accion: 'responder', texto, archivo: { name: 'respuesta.pdf', mimeType: 'application/pdf', buffer: ANSWER_PDF } },
    headers: { 'x-xsrf-token': xsrf },
  })
  expect(res.status()).toBe(200)
}

async function fillPqrsd(page: Page, correo: string): Promise<void> {
  const form = page.locator('form[action="/api/pqrs"]')
  await form.getByLabel('Tipo de solicitud').selectOption({ label: 'Petición' })
  await form.getByLabel('Tipo de persona').selectOption({ label: 'Persona natural' })
  await form.getByLabel('Tipo de documento').selectOption({ label: 'CC - Cédula de ciudadanía' })
  await form.getByLabel('Número de documento').fill('1020304050')
  await form.getByLabel('Nombres').fill('Rosa Elena')
  await form.getByLabel('Apellidos').fill('Quintero')
  await form.getByLabel('Dirección').fill('Carrera 3 # 4-56')
  await form.getByLabel('Teléfono').fill('3001234567')
  await form.getByLabel('Correo electrónico').fill(correo)
  await form.getByLabel('Medio de respuesta').selectOption({ label: 'Correo electrónico' })
  await form.getByLabel('Mensaje').fill('Solicito el horario de la jornada de vacunación.')
  await expect(form.locator('.aviso-privacidad')).toContainText('Aviso de privacidad.')
  await form.getByLabel(/Autorizo a la E\.S\.E\. a tratar mis datos personales/).check()
  await form.getByRole('button', { name: 'Enviar PQRSD' }).click()
}

/** The number and the code as the receipt shows them. */
async function readReceipt(page: Page): Promise<{ id: string; codigo: string }> {
  const receipt = page.locator('.recibo')
  await expect(receipt).toContainText(/Código de verificación: [A-Z2-9]{5}-[A-Z2-9]{5}/)
  const text = (await receipt.textContent())!
  return { id: /número de radicado: (PQRS-\d{4}-\d{6})/.exec(text)![1]!, codigo: /Código de verificación: ([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(text)![1]! }
}

async function lookUp(page: Page, id: string, codigo: string): Promise<void> {
  const form = page.locator('form[action="/pqrsd/consulta"]')
  await form.getByLabel('Número de radicado').fill(id)
  await form.getByLabel('Código de verificación').fill(codigo)
  await form.getByRole('button', { name: 'Consultar' }).click()
}

const ANSWER = 'La jornada de vacunación es de lunes a viernes de 7:00 a 12:00 en la sede principal.'

test('with JavaScript: file with consent, read the receipt, look it up, and see «Respondida» and the answer once the office answers', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/pqrsd')
  await fillPqrsd(page, 'consulta.js@example.com')
  const { id, codigo } = await readReceipt(page)

  await openHydrated(page, '/pqrsd/consulta')
  // Today's channels stay on the page.
  await expect(page.getByRole('heading', { name: 'Telefónico' })).toBeVisible()
  await lookUp(page, id, codigo)
  const result = page.locator('section.resultado-consulta')
  await expect(result.getByRole('heading', { name: `Solicitud ${id}` })).toBeVisible()
  await expect(result.locator('.estado-consulta')).toHaveText('Radicada')
  await expect(result).toContainText('Fecha límite de respuesta')
  await expect(result).not.toContainText('Rosa Elena')

  // A wrong code: the one generic message.
  await lookUp(page, id, 'ACDEF-GHJKM')
  await expect(page.getByRole('alert')).toContainText('No encontramos una solicitud con ese número de radicado y ese código de verificación.')

  await answerAsStaff(request, id, ANSWER)
  await lookUp(page, id, codigo)
  await expect(result.locator('.estado-consulta')).toHaveText('Respondida')
  await expect(result.locator('.texto-respuesta')).toHaveText(ANSWER)
  await expect(result).toContainText('Fecha de respuesta')
  const download = page.waitForEvent('download')
  await result.getByRole('button', { name: /Descargar la respuesta en PDF/ }).click()
  expect((await download).suggestedFilename()).toBe('respuesta.pdf')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('file with consent, read the receipt, look it up, and see «Respondida» and the answer once the office answers', async ({ page, request }) => {
    await page.goto('/pqrsd')
    await fillPqrsd(page, 'consulta.sinjs@example.com')
    await expect(page).toHaveURL(/\/api\/radicado\?/)
    const { id, codigo } = await readReceipt(page)

    await page.goto('/pqrsd/consulta')
    await lookUp(page, id, codigo)
    // The server answers the site's own page (breadcrumb, menu, footer) with the result under the form.
    await expect(page).toHaveURL(/\/pqrsd\/consulta$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: `Solicitud ${id}` })).toBeVisible()
    await expect(page.locator('.estado-consulta')).toHaveText('Radicada')

    await answerAsStaff(request, id, ANSWER)
    await lookUp(page, id, codigo)
    await expect(page.locator('.estado-consulta')).toHaveText('Respondida')
    await expect(page.locator('.texto-respuesta')).toHaveText(ANSWER)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: /Descargar la respuesta en PDF/ }).click()
    expect((await download).suggestedFilename()).toBe('respuesta.pdf')
  })
})
