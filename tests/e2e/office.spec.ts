import { spawnSync } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { dueDates, termOf } from '../../src/filings/deadlines.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import type { FormDefinition } from '../../src/manifest/types.generated.ts'
import { interceptFileChoosers, openHydrated } from './hydration.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * The office end to end: a citizen files a PQRSD on /pqrsd; staff sign in at
 * /acceder and work it in /oficina with the keyboard alone (Tab, typing,
 * Space for the file chooser, Enter), answer it with a PDF and see it
 * answered. axe-core checks the office pages for WCAG 2.1 A/AA.
 */
const DATA_DIR = 'test-results/e2e-data' // the e2e server's (playwright.config.ts)
const STAFF = { correo: `siau.e2e.${Date.now()}@hospital.gov.co`, clave: 'clave de prueba del e2e 2026' }
const TIPO = 'Solicitud de información pública'
const ANSWER_PDF = Buffer.from('%PDF-1.4\n% respuesta e2e\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

test.beforeAll(() => {
  const r = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'Funcionaria SIAU', '--rol', 'admin']), {
    env: { ...process.env, DATA_DIR },
    input: `${STAFF.clave}\n`,
    encoding: 'utf8',
  })
  expect(r.status, r.stderr).toBe(0)
})

async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    return { id: el?.id ?? '', tag: el?.tagName.toLowerCase() ?? '', text: (el?.textContent ?? '').trim(), href: el?.getAttribute('href') ?? '' }
  })
}

async function tabTo(page: Page, want: (a: Awaited<ReturnType<typeof focused>>) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (want(await focused(page))) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`could not reach ${what} with Tab`)
}

async function axe(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** Leftovers of earlier runs (same data folder) would sort before today's filing: answer and close them through the office API. */
async function clearOpenOfType(page: Page, keep: string): Promise<void> {
  const xsrf = (await page.context().cookies()).find(c => c.name === 'XSRF-TOKEN')!.value
  const list = (await (await page.request.get(`/api/oficina/radicaciones?estado=abiertas&tipo=${encodeURIComponent(TIPO)}`)).json()) as {
    radicaciones: Array<{ radicado: string }>
  }
  for (const { radicado } of list.radicaciones) {
    if (radicado === keep) continue
    const post = (data: object) => page.request.post(`/api/oficina/radicaciones/${radicado}/acciones`, { data, headers: { 'x-xsrf-token': xsrf } })
    expect((await post({ accion: 'responder', texto: 'Respuesta de una prueba anterior.' })).status()).toBe(200)
    expect((await post({ accion: 'cerrar' })).status()).toBe(200)
  }
}

test('a PQRSD from the citizen to the answer in the office, keyboard only, under the strict CSP', async ({ page }) => {
  // A long journey (two roles, four axe runs) on a shared 2-core machine.
  test.setTimeout(120_000)
  interceptFileChoosers(page)
  const cspViolations: string[] = []
  page.on('console', m => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
  })

  // The citizen files a request for public information (10 business days), with the scripted form (its success status is asserted).
  await openHydrated(page, '/pqrsd')
  await page.selectOption('#pqrsd-tipoSolicitud', { label: TIPO })
  await page.selectOption('#pqrsd-tipoPersona', { label: 'Persona natural' })
  await page.selectOption('#pqrsd-tipoIdentificacion', { label: 'CC - Cédula de ciudadanía' })
  await page.fill('#pqrsd-numeroIdentificacion', '1020304050')
  await page.fill('#pqrsd-nombre', 'Ana María')
  await page.fill('#pqrsd-apellido', 'Pérez Gómez')
  await page.fill('#pqrsd-direccion', 'Calle 10 # 5-20')
  await page.fill('#pqrsd-telefono', '3001234567')
  await page.fill('#pqrsd-correoElectronico', 'ana.perez@example.com')
  await page.selectOption('#pqrsd-tipoRespuesta', { label: 'Correo electrónico' })
  await page.fill('#pqrsd-mensaje', 'Solicito el informe de gestión del último año.')
  await page.check('#pqrsd-autorizacionDatos')
  await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
  const success = page.getByRole('status').filter({ hasText: 'PQRSD creado exitosamente con número de radicado:' })
  await expect(success).toBeVisible()
  const radicado = /PQRS-\d{4}-\d{6,}/.exec((await success.textContent()) ?? '')![0]

  // Staff sign in at /acceder with the keyboard.
  await page.goto('/acceder')
  await page.waitForLoadState('networkidle')
  await tabTo(page, a => a.id === 'acceso-correo', 'the e-mail field')
  await page.keyboard.type(STAFF.correo)
  await page.keyboard.press('Tab')
  await page.keyboard.type(STAFF.clave)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/oficina$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bandeja de radicaciones')

  await clearOpenOfType(page, radicado)
  // Filter by type with the keyboard: Tab to the select, type the option's first letters, Enter on Filtrar.
  await page.reload()
  await tabTo(page, a => a.id === 'filtro-tipo', 'the type filter')
  await page.keyboard.type('Solicitud de inf')
  await tabTo(page, a => a.tag === 'button' && a.text === 'Filtrar', 'the Filtrar button')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/tipo=Solicitud/)

  // Top of the inbox, with the legal due date.
  const first = page.locator('table.bandeja tbody tr').first()
  await expect(first.locator('th')).toHaveText(radicado)
  const detail = (await (await page.request.get(`/api/oficina/radicaciones/${radicado}`)).json()) as {
    recibido: string
    vence: string
    datos: Record<string, unknown>
  }
  const { manifest } = loadManifest()
  const form = manifest.forms.find(f => f.data.id === 'pqrsd')!.data as FormDefinition
  const expected = dueDates(new Date(detail.recibido), termOf(form, detail.datos, manifest.lookups!.data)).vence
  expect(termOf(form, detail.datos, manifest.lookups!.data).diasHabiles).toBe(10)
  await expect(first.locator('time')).toHaveAttribute('datetime', expected)
  const [y, m, d] = expected.split('-')
  await expect(first.locator('time')).toHaveText(`${d}/${m}/${y}`)
  await expect(first).toContainText('10 días hábiles')
  await axe(page)

  // Open it and answer with a PDF, keyboard only.
  await tabTo(page, a => a.href === `/oficina/radicaciones/${radicado}`, 'the filing link')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Radicado ${radicado}`)
  await expect(page.locator('.datos-radicacion').last()).toContainText('Ana María')
  await expect(page.locator('.datos-radicacion').last()).toContainText(TIPO)
  // The consent given with the filing, with the notice version and the time (docs/decisions/rendering.md).
  await expect(page.locator('.datos-radicacion').last()).toContainText(
    /Autorización de tratamiento de datos personales\s*Sí: aviso de privacidad versión \S+, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
  )
  await axe(page)
  await tabTo(page, a => a.id === 'responder-texto', 'the answer text')
  await page.keyboard.type('Adjuntamos el informe de gestión solicitado.')
  await page.keyboard.press('Tab')
  expect((await focused(page)).id).toBe('responder-archivo')
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Space')
  await (await chooser).setFiles({ name: 'respuesta.pdf', mimeType: 'application/pdf', buffer: ANSWER_PDF })
  await tabTo(page, a => a.tag === 'button' && a.text === 'Enviar respuesta', 'the answer button')
  await page.keyboard.press('Enter')

  await expect(page.getByRole('status')).toHaveText('La respuesta quedó registrada.')
  await expect(page.locator('.datos-radicacion').first()).toContainText('Respondida')
  await expect(page.getByRole('link', { name: /Descargar respuesta \(PDF: respuesta\.pdf\)/ })).toBeVisible()
  await axe(page)

  // Answered in the inbox too.
  await page.goto(`/oficina?estado=respondida&tipo=${encodeURIComponent(TIPO)}`)
  await expect(page.locator('table.bandeja tbody tr', { hasText: radicado })).toContainText('Respondida')
  await page.goto('/oficina/auditoria')
  await expect(page.locator('table tbody')).toContainText(radicado)
  await axe(page)
  expect(cspViolations).toEqual([])
})

test('office pages: noindex, no-store, and unauthenticated visits go to /acceder', async ({ page, request }) => {
  const res = await request.get('/oficina', { maxRedirects: 0 })
  expect(res.status()).toBe(303)
  expect(res.headers()['location']).toBe('/acceder')
  expect(res.headers()['cache-control']).toBe('no-store')
  await page.goto('/oficina')
  await expect(page).toHaveURL(/\/acceder$/)
  // Without JavaScript the sign-in form posts natively and lands in the office.
  const ctx = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, baseURL: page.url().replace(/\/acceder$/, '') })
  const nojs = await ctx.newPage()
  await nojs.goto('/acceder')
  await nojs.fill('#acceso-correo', STAFF.correo)
  await nojs.fill('#acceso-clave', 'una clave equivocada')
  await nojs.getByRole('button', { name: 'Ingresar' }).click()
  await expect(nojs.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.')
  await nojs.fill('#acceso-clave', STAFF.clave)
  await nojs.getByRole('button', { name: 'Ingresar' }).click()
  await expect(nojs).toHaveURL(/\/oficina$/)
  const html = await nojs.content()
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
  expect(html).not.toMatch(/<script|style="/)
  await nojs.getByRole('button', { name: 'Salir' }).click()
  await expect(nojs).toHaveURL(/\/acceder$/)
  await ctx.close()
})
