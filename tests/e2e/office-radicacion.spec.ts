import { spawnSync } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib'
import { addCalendarDays, isBusinessDay } from '../../src/filings/businessDays.ts'
import { dueDates } from '../../src/filings/deadlines.ts'
import { spanishDay } from '../../src/forms/receipt.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * The office register (docs/decisions/office.md) in a real browser, with and without JavaScript: staff
 * register a verbal petition in /oficina/radicar (the same plain HTML form in
 * both cases), get the constancia with the code, and its PDF carries it; the
 * number is in the web series, the channel and the staff member are in the
 * audit trail, and the term counts from the chosen day of receipt.
 */
const DATA_DIR = 'test-results/e2e-data' // the e2e server's (playwright.config.ts)
const STAFF = { correo: `ventanilla.e2e.${Date.now()}@hospital.gov.co`, clave: 'clave de la ventanilla del e2e 2026', nombre: 'Ventanilla E2E' }

test.beforeAll(() => {
  const r = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', STAFF.nombre, '--rol', 'admin']), {
    env: { ...process.env, DATA_DIR },
    input: `${STAFF.clave}\n`,
    encoding: 'utf8',
  })
  expect(r.status, r.stderr).toBe(0)
})

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of doc.getPages()) {
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray().map(r => doc.context.lookup(r)) : [contents]
    for (const s of streams) {
      const ops = s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'))
    }
  }
  return out.join('\n')
}

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Signs the context in through the office API (the sign-in page itself is covered by office.spec.ts). */
async function signIn(context: BrowserContext): Promise<string> {
  await context.request.get('/api/tipo-solicitud')
  const xsrf = (await context.cookies()).find(c => c.name === 'XSRF-TOKEN')!.value
  const res = await context.request.post('/api/oficina/sesion', { data: { correo: STAFF.correo, clave: STAFF.clave }, headers: { 'x-xsrf-token': xsrf } })
  expect(res.status()).toBe(200)
  return xsrf
}

for (const javaScriptEnabled of [true, false]) {
  test(`a verbal petition registered in /oficina/radicar ${javaScriptEnabled ? 'with' : 'without'} JavaScript: web-series number, channel and staff in the audit, constancia and PDF with the code, term from the day of receipt`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, baseURL })
    const xsrf = await signIn(context)
    const page = await context.newPage()
    // A web filing first: the office's number must follow it in the same series.
    const web = (await (
      await context.request.post('/api/pqrs', {
        headers: { 'x-xsrf-token': xsrf },
        data: {
          tipoSolicitud: 1,
          tipoPersona: 1,
          tipoIdentificacion: 1,
          numeroIdentificacion: '1020304050',
          nombre: 'Web',
          apellido: 'Ciudadana',
          direccion: 'Calle 1',
          telefono: '3001234567',
          correoElectronico: 'web@example.com',
          tipoRespuesta: 1,
          mensaje: 'Por el sitio.',
          autorizacionDatos: true,
        },
      })
    ).json()) as { id: string }

    await page.goto('/oficina')
    await page.getByRole('link', { name: 'Radicar' }).click()
    await page.getByRole('link', { name: 'Formulario de PQRSD' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Radicar: Formulario de PQRSD')
    if (javaScriptEnabled) await axe(page)
    await page.getByLabel(javaScriptEnabled ? 'Presencial' : 'Telefónico').check()
    // The office's day is the server's (the field starts at it), not this machine's: a received letter dated a few
    // business days back, chosen from the day the server says it is.
    const serverToday = await page.inputValue('#radicar-fechaRecepcion')
    expect(serverToday).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    let day = addCalendarDays(serverToday, -3)
    while (!isBusinessDay(day)) day = addCalendarDays(day, -1)
    await page.fill('#radicar-fechaRecepcion', day)
    await page.selectOption('#radicar-tipoSolicitud', { label: 'Petición' })
    await page.selectOption('#radicar-tipoPersona', { index: 1 })
    await page.selectOption('#radicar-tipoIdentificacion', { index: 1 })
    await page.fill('#radicar-numeroIdentificacion', '52123456')
    await page.fill('#radicar-nombre', 'Ana Lucía')
    await page.fill('#radicar-apellido', 'Rincón')
    await page.fill('#radicar-direccion', 'Vereda El Carmen')
    await page.fill('#radicar-telefono', '3109876543')
    await page.fill('#radicar-correoElectronico', 'ana@example.com')
    await page.selectOption('#radicar-tipoRespuesta', { index: 1 })
    await page.fill('#radicar-mensaje', 'Pide que le expliquen el cobro de la consulta.')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Radicar y generar constancia' }).click()

    await expect(page).toHaveURL(/\/oficina\/constancias\/[0-9a-f-]{36}$/)
    if (javaScriptEnabled) await axe(page)
    const value = (label: string) => page.locator('.constancia dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()
    const radicado = await value('Número de radicado')
    expect(radicado.split('-').slice(0, 2)).toEqual(web.id.split('-').slice(0, 2))
    expect(Number(radicado.split('-')[2])).toBeGreaterThan(Number(web.id.split('-')[2]))
    const codigo = await value('Código de verificación')
    expect(codigo).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/)
    const vence = dueDates(new Date(`${day}T12:00:00-05:00`), { diasHabiles: 15, diasTraslado: 5 }).vence
    expect(await value('Fecha límite de respuesta')).toBe(spanishDay(vence))
    expect(await value('Canal de recepción')).toBe(javaScriptEnabled ? 'Presencial' : 'Telefónico')
    expect(await value('Recibida por')).toBe(STAFF.nombre)

    const href = await page.getByRole('link', { name: 'Descargar constancia (PDF)' }).getAttribute('href')
    const pdf = await context.request.get(href!)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const text = await pdfText(await pdf.body())
    for (const expected of [radicado, codigo, spanishDay(vence), STAFF.nombre]) expect(text).toContain(expected)

    const audit = (await (await context.request.get('/api/oficina/auditoria')).json()) as {
      registros: Array<{ evento: string; radicado?: string; detalle?: string; cuentaCorreo?: string }>
    }
    expect(audit.registros.find(r => r.evento === 'radicar' && r.radicado === radicado)).toMatchObject({
      cuentaCorreo: STAFF.correo,
      detalle: `canal ${javaScriptEnabled ? 'presencial' : 'telefonico'}; recibida el ${day}`,
    })
    await context.close()
  })
}
