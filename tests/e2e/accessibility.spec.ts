import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { openHydrated } from './hydration.ts'
import { routesShowingEveryShape } from './routeSample.ts'

const pages = loadManifest().manifest.pages.map(p => p.data)
/** Every content route of the manifest (redirect pages only forward, so they are left out). */
const routes = pages
  .filter(p => !p.redirigirA)
  .map(p => p.ruta)
  .sort()

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function sweep(page: Page, route: string, tags: string[] = WCAG_TAGS): Promise<string[]> {
  // Every page runs its script (the header's date appears once it has); the search page then fetches its index.
  await openHydrated(page, route === '/buscar' ? '/buscar?q=resolucion' : route)
  if (route === '/buscar') await page.locator('.resultados-busqueda').waitFor()
  // At rest: the header controls mark the stored preference on their buttons after load, and Pico animates a button's
  // colours for 0.2 s; axe measuring contrast half-way through the fade reported the blend (seen once in CI).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(a => a.effect?.getTiming().iterations !== Infinity)
        .map(a => a.finished.catch(() => undefined)),
    ),
  )
  // axe.run in the page itself ("legacy mode"): the default runs axe per frame and then merges the results in a
  // new blank page, a second renderer and a second copy of axe per route (about a fifth of the sweep's CPU time).
  // No page has an iframe when it loads (embeds load on click), and this mode still injects axe into every frame
  // there is, so the same rules run over the same nodes.
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(tags).analyze()
  return results.violations.map(
    v =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map(n => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  )
}

/**
 * Each test sweeps a share of the routes with one page: a new page per route started a new renderer process
 * each time (about a sixth of the sweep's CPU). Every route is still opened as a first visit: cookies and
 * storage are emptied before it, and a failure names its route. Eight shares per mode keep both workers busy.
 */
const SHARES = 8
const inShares = (list: string[], n: number) => Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i))
const shares = inShares(routes, SHARES)
/**
 * High contrast changes colours only, the same for a component wherever it is: the routes that show every section
 * shape once (22 of 107) carry every coloured component; the sweep above already opens every route.
 */
const CONTRAST_SHARES = 2
const contrastShares = inShares(routesShowingEveryShape(pages), CONTRAST_SHARES)

/**
 * docs/decisions/rendering.md: no route writes a warning or an error to the browser's console (it showed Vike's «You shouldn't
 * import … 'vike/client/router' when using Server Routing» and one Permissions-Policy warning per unknown feature on
 * every page). Collected during the sweep, which already opens every route until its script has run.
 */
function collectConsole(page: Page, currentRoute: () => string): string[] {
  const messages: string[] = []
  page.on('console', m => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(`${currentRoute()}: consola: ${m.type()}: ${m.text().slice(0, 300)}`)
  })
  page.on('pageerror', e => messages.push(`${currentRoute()}: excepción: ${e.message}`))
  return messages
}

async function sweepShare(page: Page, share: string[], highContrast: boolean): Promise<string[]> {
  const failures: string[] = []
  let current = ''
  const consoleMessages = collectConsole(page, () => current)
  for (const route of share) {
    current = route
    await page.context().clearCookies()
    if (page.url().startsWith('http')) {
      await page.evaluate(() => {
        window.localStorage.clear()
        window.sessionStorage.clear()
      })
    }
    const violations = await sweep(page, route)
    // The stored choice is applied before the first paint (the init script stores it again on every navigation).
    if (highContrast && !(await page.locator('html').evaluate(html => html.classList.contains('alto-contraste')))) {
      failures.push(`${route}: la página no aplicó el alto contraste guardado`)
    }
    failures.push(...violations.map(v => `${route}: ${v}`))
  }
  return [...failures, ...consoleMessages]
}

test.describe('WCAG 2.1 A/AA on every pre-rendered route (axe-core)', () => {
  // Shares are independent and only read the site: they share the workers.
  test.describe.configure({ mode: 'parallel' })
  shares.forEach((share, i) => {
    test(`routes ${i + 1}/${SHARES}: ${share[0]} …`, async ({ page }) => {
      test.setTimeout(60_000 + share.length * 15_000)
      expect(await sweepShare(page, share, false)).toEqual([])
    })
  })
})

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
      expect(await sweepShare(page, share, true)).toEqual([])
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
