import { expect, test } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { isInteractivePage } from '../../src/renderer/interactivity.ts'
import { axeViolations, collectConsole, forgetVisit, inShares, layoutShifts, shiftFailure } from './pageChecks.ts'
import { routesShowingEveryShape } from './routeSample.ts'

/**
 * No page may move after it is shown (Core Web Vitals: cumulative layout
 * shift). Every route is loaded at a phone width and a desktop width, with and
 * without stored display preferences, and the layout shifts the browser
 * reports through PerformanceObserver during the load are summed.
 *
 * The header writes today's date after the first paint, so what moves can
 * depend on the day («Miércoles, 25 de noviembre» wrapped at 412 px
 * with the larger font, «Lunes, 23 de noviembre» did not). The browser clock is
 * pinned to the longest date a year can show, so the sweep fails on that
 * defect every day and never because of the calendar; one sweep with a short
 * date checks that the date's box does not depend on the day either way.
 *
 * The phone sweeps also measure where each page's <h1> starts (phones first: within 300 px, 400 px with A+), and
 * the desktop sweep with the default display runs the axe-core WCAG 2.1 A/AA sweep of every route and collects the
 * console's warnings and errors, on the same page loads rather than sweeps of their own (docs/decisions/testing.md).
 * Every route is opened as a first visit (no cookie or stored choice left by the route before), and each sweep is
 * dealt into shares so that both workers stay busy; a failure names its route.
 */
const LIMIT = 0.01
/** Where a phone's <h1> must start at the latest (CSS px from the document's top), by text size. */
const H1_LIMIT = { default: 300, large: 400 }

// The four sweeps (two widths, with and without stored preferences) are independent: they share the workers.
test.describe.configure({ mode: 'parallel' })

const pages = loadManifest().manifest.pages.filter(p => !p.data.redirigirA)
const routes = pages.map(p => ({ url: p.data.ruta, interactive: isInteractivePage(p.data) }))
/** An unknown path: the site's error page, served with 404. */
const UNKNOWN = '/esta-pagina-no-existe'
// The search page also fills in its results after load; the error page is served for unknown paths.
routes.push({ url: '/buscar?q=resolucion', interactive: true }, { url: UNKNOWN, interactive: false })
routes.sort((a, b) => a.url.localeCompare(b.url))
/** The routes showing every section shape once (22 of 107), with the search results and the error page. */
const sample = new Set([...routesShowingEveryShape(pages.map(p => p.data)), '/buscar?q=resolucion', '/esta-pagina-no-existe'])
const sampleRoutes = routes.filter(r => sample.has(r.url))

const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1366, height: 768 },
]

/**
 * The visitor's stored choices (keys and values are a contract with what
 * browsers already hold: public/preferencias.js reads the same ones). The
 * largest font changes the most boxes.
 */
const STORED_PREFERENCES: Record<string, string> = { 'ese-fuente': 'grande', 'ese-gris': '1' }

/** Colombia's noon on each day; the header shows the browser's local date (the sweep runs in the machine's zone). */
const DATES = [
  { name: '«Miércoles, 30 de septiembre de 2026» (the longest)', at: new Date(2026, 8, 30, 12), shown: 'Miércoles, 30 de septiembre de 2026' },
  { name: '«Lunes, 1 de junio de 2026» (short)', at: new Date(2026, 5, 1, 12), shown: 'Lunes, 1 de junio de 2026' },
]

const [LONGEST, SHORT] = DATES
const [PHONE, DESKTOP] = VIEWPORTS
/**
 * On the longest date (the case that moves most): every route at both widths with the default display, and at the
 * phone width with the largest font stored (where the day-dependent shift of docs/decisions/rendering.md was). The desktop width with
 * stored preferences and the short date change the header and the type size, the same on every page of one shape,
 * so those sweep the routes showing every section shape. A full sweep costs CI about a minute of a worker; with axe,
 * about three. `axe`: the sweep also runs axe-core over the whole page and reads the console. At 1366 × 768 the site
 * and Pico apply the same media rules as at Playwright's default 1280 × 720, where the axe sweep ran on its own loads
 * (breakpoints at 576, 600, 768, 992, 1024, 1280 and 1536 px; none on height).
 */
const SWEEPS = [
  { viewport: DESKTOP!, stored: false, day: LONGEST!, sweepRoutes: routes, scope: 'every route', axe: true, shares: 6 },
  { viewport: PHONE!, stored: false, day: LONGEST!, sweepRoutes: routes, scope: 'every route', axe: false, shares: 2 },
  { viewport: PHONE!, stored: true, day: LONGEST!, sweepRoutes: routes, scope: 'every route', axe: false, shares: 2 },
  { viewport: DESKTOP!, stored: true, day: LONGEST!, sweepRoutes: sampleRoutes, scope: 'every section shape', axe: false, shares: 1 },
  { viewport: PHONE!, stored: true, day: SHORT!, sweepRoutes: sampleRoutes, scope: 'every section shape', axe: false, shares: 1 },
]

for (const { viewport, stored, day, sweepRoutes, scope, axe, shares } of SWEEPS) {
  const title = `layout shift ≤ ${LIMIT}${axe ? ' and WCAG 2.1 A/AA (axe-core)' : ''}, ${viewport.name} (${viewport.width} px), ${stored ? 'stored display preferences' : 'default display'}, ${day.name}`
  test.describe(title, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    test.beforeEach(async ({ context, page }) => {
      if (stored)
        await context.addInitScript(prefs => {
          for (const [k, v] of Object.entries(prefs)) window.localStorage.setItem(k, v)
        }, STORED_PREFERENCES)
      // Date only: timers, animation frames and the PerformanceObserver keep real time.
      await page.clock.setFixedTime(day.at)
    })

    inShares(sweepRoutes, shares).forEach((share, i) => {
      test(`${scope}${shares > 1 ? ` ${i + 1}/${shares}: ${share[0]!.url} …` : ''}`, async ({ page }) => {
        test.setTimeout(60_000 + share.length * (axe ? 15_000 : 5_000))
        const failures: string[] = []
        const lowHeadings: string[] = []
        const violations: string[] = []
        let current = ''
        const consoleMessages = axe ? collectConsole(page, () => current) : []
        for (const route of share) {
          current = route.url
          await forgetVisit(page)
          await page.goto(route.url, { waitUntil: 'load' })
          // The header script has run (the pinned date is in), and hydrated pages have fetched what they load after start.
          await page.locator('.fecha-actual time').waitFor({ state: 'attached' })
          await expect(page.locator('.fecha-actual time')).toHaveText(day.shown)
          if (route.interactive) await page.waitForLoadState('networkidle')
          if (route.url.startsWith('/buscar?')) await page.locator('.resultados-busqueda').waitFor()
          if (stored) await expect(page.locator('html')).toHaveClass(/\bfuente-grande\b/)
          const failure = shiftFailure(route.url, await layoutShifts(page), LIMIT)
          if (failure) failures.push(failure)
          // Phones first, on the same load: the page's <h1> starts within the first 300 CSS px of the document with
          // the default text, 400 px with A+ (docs/decisions/accessibility.md).
          if (viewport === PHONE) {
            const top = await page
              .locator('main h1')
              .first()
              .evaluate(h => Math.round(h.getBoundingClientRect().top + window.scrollY))
            const limit = stored ? H1_LIMIT.large : H1_LIMIT.default
            if (top > limit) lowHeadings.push(`${route.url}: <h1> a ${top} px (límite ${limit})`)
          }
          // The whole page, after the shifts are read: axe's own work cannot count as a shift.
          if (axe) violations.push(...(await axeViolations(page)).map(v => `${route.url}: ${v}`))
        }
        // Soft: a page that moves and also fails axe reports both.
        expect.soft(failures, 'layout shifts').toEqual([])
        expect.soft(lowHeadings, '<h1> too low').toEqual([])
        expect.soft(violations, 'axe-core violations').toEqual([])
        // Chromium logs the error page's own 404 status as a failed resource: that line is the page working.
        const notFound = `${UNKNOWN}: consola: error: Failed to load resource: the server responded with a status of 404 (Not Found)`
        const unexpected = consoleMessages.filter(m => m !== notFound)
        expect.soft(unexpected, 'browser console').toEqual([])
      })
    })
  })
}
