import { expect, test, type Page } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { openHydrated } from './hydration.ts'
import { axeViolations, collectConsole, forgetVisit, inShares, WCAG_TAGS } from './pageChecks.ts'
import { routesShowingEveryShape } from './routeSample.ts'

/**
 * axe-core WCAG 2.1 A/AA sweeps. The sweep of every route in normal mode runs on the page loads of layout-shift.spec.ts's
 * desktop sweep (default display), so each route is loaded once for both checks: docs/decisions/testing.md. This file
 * holds the sweeps whose page loads no other sweep makes: high contrast and 320 px.
 */

const pages = loadManifest().manifest.pages.map(p => p.data)

async function sweep(page: Page, route: string, tags: string[] = WCAG_TAGS): Promise<string[]> {
  // Every page runs its script (the header's date appears once it has); the search page then fetches its index.
  await openHydrated(page, route === '/buscar' ? '/buscar?q=resolucion' : route)
  if (route === '/buscar') await page.locator('.resultados-busqueda').waitFor()
  return axeViolations(page, tags)
}

/**
 * High contrast changes colours only, the same for a component wherever it is: the routes that show every section
 * shape once (22 of 107) carry every coloured component; the normal-mode sweep already opens every route. Each test
 * sweeps a share of them with one page (a new page per route started a new renderer each time); every route is
 * still opened as a first visit, and a failure names its route.
 */
const CONTRAST_SHARES = 2
const contrastShares = inShares(routesShowingEveryShape(pages), CONTRAST_SHARES)

test.describe('WCAG 2.1 A/AA in high-contrast mode on the routes showing every section shape (axe-core)', () => {
  test.describe.configure({ mode: 'parallel' })
  test.beforeEach(async ({ page }) => {
    // The stored choice, as the header's «Alto contraste» button leaves it; applied before the first paint.
    // Top frame only: an embedded frame of another origin may have no storage (the script runs in every frame).
    await page.addInitScript(() => {
      if (window === window.top) window.localStorage.setItem('ese-contraste', '1')
    })
  })
  contrastShares.forEach((share, i) => {
    test(`routes ${i + 1}/${CONTRAST_SHARES} (alto contraste): ${share[0]} …`, async ({ page }) => {
      test.setTimeout(60_000 + share.length * 15_000)
      const failures: string[] = []
      let current = ''
      const consoleMessages = collectConsole(page, () => current)
      for (const route of share) {
        current = route
        await forgetVisit(page)
        const violations = await sweep(page, route)
        // The stored choice is applied before the first paint (the init script stores it again on every navigation).
        if (!(await page.locator('html').evaluate(html => html.classList.contains('alto-contraste')))) {
          failures.push(`${route}: la página no aplicó el alto contraste guardado`)
        }
        failures.push(...violations.map(v => `${route}: ${v}`))
      }
      expect([...failures, ...consoleMessages]).toEqual([])
    })
  })
})

/**
 * At 320 px (WCAG 1.4.10, reflow) a wide table scrolls inside its region, which must then be focusable and named
 * (axe's scrollable-region-focusable only fires when the content overflows), and the header's search and the
 * search page's own form are two search landmarks told apart by name (landmark-unique, an axe best practice):
 * docs/decisions/accessibility.md. Only the routes that showed them, one page load each.
 */
test('WCAG 2.1 A/AA and axe best practices at 320 px on the routes with a wide table and two search forms', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 320, height: 640 })
  const failures: string[] = []
  for (const route of ['/induccion/modulo1', '/buscar']) {
    failures.push(...(await sweep(page, route, [...WCAG_TAGS, 'best-practice'])).map(v => `${route}: ${v}`))
  }
  expect(failures).toEqual([])
})
