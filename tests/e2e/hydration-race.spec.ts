import { expect, test, type Page } from '@playwright/test'

/**
 * Nothing a citizen ticks, chooses or types is lost while a page starts (docs/decisions/rendering.md). Every hydrated page is
 * usable before its scripts run (public/arranque.js starts them after the first paint); a choice made in that
 * moment must survive React taking the controls over. The scripts are held until the choices are made, so
 * every run is the losing order of the race (before the fix the quiz's radio unticked itself in 2–3 of 5
 * natural loads); each page is loaded twice.
 */

interface Choice {
  /** What the citizen does right at domcontentloaded. */
  act: (page: Page) => Promise<void>
  /** What must still be there once React has hydrated. */
  check: (page: Page) => Promise<void>
}

const newsletter: Choice = {
  act: async page => page.check('#suscripcion-autorizacionDatos'),
  check: async page => expect(page.locator('#suscripcion-autorizacionDatos')).toBeChecked(),
}

const selected = (id: string, index: number): Choice => ({
  act: async page => {
    await page.selectOption(`#${id}`, { index })
  },
  check: async page => expect(page.locator(`#${id}`)).toHaveValue((await page.locator(`#${id} option`).nth(index).getAttribute('value')) as string),
})

const ticked = (id: string): Choice => ({
  act: async page => page.check(`#${id}`),
  check: async page => expect(page.locator(`#${id}`)).toBeChecked(),
})

const typed = (id: string, text: string): Choice => ({
  act: async page => page.fill(`#${id}`, text),
  check: async page => expect(page.locator(`#${id}`)).toHaveValue(text),
})

const PAGES: Record<string, Choice[]> = {
  '/': [newsletter],
  '/accesibilidad': [newsletter],
  '/buscar': [newsletter],
  '/pqrsd/consulta': [typed('consulta-radicado', 'PQRS-2026-000001'), newsletter],
  '/acceder': [ticked('acceso-recordar'), typed('acceso-correo', 'ana@example.com')],
  '/pqrsd': [selected('pqrsd-tipoSolicitud', 2), selected('pqrsd-tipoIdentificacion', 1), ticked('pqrsd-autorizacionDatos'), typed('pqrsd-nombre', 'Ana')],
  '/citas': [selected('cita-tipoServicio', 1), selected('cita-tipoIdentificacion', 1), ticked('cita-autorizacionDatos')],
  '/historia-clinica': [
    selected('historia-clinica-tipoIdentificacion', 1),
    ticked('historia-clinica-autorizacionDatos'),
    {
      act: async page =>
        page.setInputFiles('#historia-clinica-pdf', { name: 'historia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }),
      check: async page => expect.poll(() => page.locator('#historia-clinica-pdf').evaluate((i: HTMLInputElement) => i.files?.[0]?.name)).toBe('historia.pdf'),
    },
  ],
  '/induccion/modulo5': [
    ticked('evaluacion-vinculacion-1'),
    ticked('evaluacion-pregunta1-2'),
    ticked('evaluacion-pregunta11-0'),
    typed('evaluacion-nombre', 'Ana'),
  ],
}

/** Holds the page's bundled scripts (/_app/…, started by public/arranque.js) until `release` is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>(resolve => (release = resolve))
  await page.route(
    url => url.pathname.startsWith('/_app/') && url.pathname.endsWith('.js'),
    async route => {
      await released
      await route.continue()
    },
  )
  return release
}

for (const [route, choices] of Object.entries(PAGES)) {
  test(`${route}: what is ticked, chosen and typed before the scripts start is still there after hydration`, async ({ page }) => {
    test.setTimeout(60_000)
    for (let run = 1; run <= 2; run++) {
      const release = await holdScripts(page)
      await page.goto(route, { waitUntil: 'domcontentloaded' })
      for (const c of choices) await c.act(page)
      release()
      // The header's date is written only once React has mounted (tests/e2e/hydration.ts).
      await expect(page.locator('.fecha-actual time')).toBeVisible()
      await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 50))))
      for (const c of choices) await c.check(page)
      await page.unrouteAll({ behavior: 'wait' })
    }
  })
}

test('the quiz grades the answers ticked before hydration: they are in the form, not only on screen', async ({ page }) => {
  const release = await holdScripts(page)
  await page.goto('/induccion/modulo5', { waitUntil: 'domcontentloaded' })
  await page.check('#evaluacion-vinculacion-1')
  await page.check('#evaluacion-pregunta1-2')
  release()
  await expect(page.locator('.fecha-actual time')).toBeVisible()
  await page.getByRole('button', { name: 'Calificar evaluación' }).click()
  const summary = page.locator('.resumen-errores')
  await expect(summary).toBeFocused()
  // Every required question left empty is listed (12; name and document are optional and nothing personal is
  // asked: docs/decisions/consent-and-privacy.md), the two answered before hydration are not.
  await expect(summary.getByRole('link')).toHaveCount(10)
  await expect(page.locator('#evaluacion-pregunta1-error')).toHaveCount(0)
  await expect(page.locator('#evaluacion-vinculacion-error')).toHaveCount(0)
})
