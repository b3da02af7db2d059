import { expect, test } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'

/**
 * Phones first (docs/decisions/accessibility.md): on a 412 px phone every route's <h1> starts within the first
 * 300 CSS px of the document with the default text, and within 400 px with A+ (the stored `ese-fuente`, applied
 * before the first paint by public/preferencias.js). The header's tools fold into one control, the breadcrumb
 * keeps one line (none on the home page) and the section menu does not come before the heading. One page load per
 * route and text size; the two sizes are separate tests, so the two workers share them.
 */
const PHONE = { width: 412, height: 915 }
const LIMITS = [
  { text: 'default text', stored: null, limit: 300 },
  { text: 'A+', stored: 'grande', limit: 400 },
] as const

const routes = loadManifest()
  .manifest.pages.filter(p => !p.data.redirigirA)
  .map(p => p.data.ruta)
routes.push('/buscar?q=resolucion', '/esta-pagina-no-existe')
routes.sort()

test.describe.configure({ mode: 'parallel' })
test.use({ viewport: PHONE })

for (const { text, stored, limit } of LIMITS) {
  test(`at 412 px with ${text}, every route's <h1> starts within ${limit} px`, async ({ context, page }) => {
    test.setTimeout(60_000 + routes.length * 3_000)
    if (stored) await context.addInitScript(size => window.localStorage.setItem('ese-fuente', size), stored)
    const low: string[] = []
    for (const route of routes) {
      // Not 'load': images have their boxes reserved, and the page's module script, which writes the date, runs only
      // once the style sheets are in, so the header has its final height when the date is there.
      await page.goto(route, { waitUntil: 'domcontentloaded' })
      await page.locator('.fecha-actual time').waitFor({ state: 'attached' })
      if (stored) await expect(page.locator('html')).toHaveClass(/\bfuente-grande\b/)
      const top = await page
        .locator('main h1')
        .first()
        .evaluate(h => Math.round(h.getBoundingClientRect().top + window.scrollY))
      if (top > limit) low.push(`${route}: ${top} px`)
    }
    expect(low).toEqual([])
  })
}

test('in high contrast the GOV.CO bar keeps its cobalt blue and its logo', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ese-contraste', '1'))
  await page.goto('/nuestra-gestion', { waitUntil: 'load' })
  await expect(page.locator('html')).toHaveClass(/\balto-contraste\b/)
  const bar = page.locator('header .barra-govco')
  await expect(bar).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  // The logo and the language selector sit on the same blue, in white (5.2:1), not on the rest of the page's black.
  await expect(bar.locator('.logo-govco')).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  await expect(bar.locator('.logo-govco img')).toBeVisible()
  const language = bar.locator('.idiomas > summary')
  await expect(language).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  await expect(language).toHaveCSS('color', 'rgb(255, 255, 255)')
})
