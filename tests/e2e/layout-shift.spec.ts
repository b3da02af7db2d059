import { expect, test, type Page } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { isInteractivePage } from '../../src/renderer/interactivity.ts'
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
 * The phone sweeps also measure where each page's <h1> starts (phones first: within 300 px, 400 px with A+), on
 * the same page loads rather than a sweep of their own.
 */
const LIMIT = 0.01
/** Where a phone's <h1> must start at the latest (CSS px from the document's top), by text size. */
const H1_LIMIT = { default: 300, large: 400 }

// The four sweeps (two widths, with and without stored preferences) are independent: they share the workers.
test.describe.configure({ mode: 'parallel' })

const pages = loadManifest().manifest.pages.filter(p => !p.data.redirigirA)
const routes = pages.map(p => ({ url: p.data.ruta, interactive: isInteractivePage(p.data) }))
// The search page also fills in its results after load; the error page is served for unknown paths.
routes.push({ url: '/buscar?q=resolucion', interactive: true }, { url: '/esta-pagina-no-existe', interactive: false })
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

interface Shift {
  value: number
  nodes: string[]
}

/** Every layout shift not caused by the visitor's input since the navigation started. */
function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>(resolve => {
        const shifts: Shift[] = []
        const describe = (n: Node | null | undefined) => {
          if (!(n instanceof Element)) return n?.nodeName ?? '?'
          const text = (n.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)
          return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.classList.length ? `.${[...n.classList].join('.')}` : ''}${text ? ` «${text}»` : ''}`
        }
        // Where each moved node was and went (x,y w×h, CSS px), and when: a rare shift must be diagnosable from the report.
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
        new PerformanceObserver(list => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
            const nodes = (e.sources ?? []).map(s => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`)
            if (!e.hadRecentInput) shifts.push({ value: e.value, nodes: [...nodes, `at ${Math.round(e.startTime)} ms`] })
          }
        }).observe({ type: 'layout-shift', buffered: true })
        // Buffered entries are delivered in the observer's first callback; two frames later they are in.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(shifts), 50)))
      }),
  )
}

const [LONGEST, SHORT] = DATES
const [PHONE, DESKTOP] = VIEWPORTS
/**
 * On the longest date (the case that moves most): every route at both widths with the default display, and at the
 * phone width with the largest font stored (where the day-dependent shift of docs/decisions/rendering.md was). The desktop width with
 * stored preferences and the short date change the header and the type size, the same on every page of one shape,
 * so those sweep the routes showing every section shape. A full sweep costs CI about a minute of a worker.
 */
const SWEEPS = [
  { viewport: PHONE!, stored: false, day: LONGEST!, sweepRoutes: routes, scope: 'every route' },
  { viewport: DESKTOP!, stored: false, day: LONGEST!, sweepRoutes: routes, scope: 'every route' },
  { viewport: PHONE!, stored: true, day: LONGEST!, sweepRoutes: routes, scope: 'every route' },
  { viewport: DESKTOP!, stored: true, day: LONGEST!, sweepRoutes: sampleRoutes, scope: 'every section shape' },
  { viewport: PHONE!, stored: true, day: SHORT!, sweepRoutes: sampleRoutes, scope: 'every section shape' },
]

for (const { viewport, stored, day, sweepRoutes, scope } of SWEEPS) {
  test.describe(`layout shift ≤ ${LIMIT}, ${viewport.name} (${viewport.width} px), ${stored ? 'stored display preferences' : 'default display'}, ${day.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    test.beforeEach(async ({ context, page }) => {
      if (stored)
        await context.addInitScript(prefs => {
          for (const [k, v] of Object.entries(prefs)) window.localStorage.setItem(k, v)
        }, STORED_PREFERENCES)
      // Date only: timers, animation frames and the PerformanceObserver keep real time.
      await page.clock.setFixedTime(day.at)
    })

    test(scope, async ({ page }) => {
      test.setTimeout(300_000)
      const failures: string[] = []
      const lowHeadings: string[] = []
      for (const route of sweepRoutes) {
        await page.goto(route.url, { waitUntil: 'load' })
        // The header script has run (the pinned date is in), and hydrated pages have fetched what they load after start.
        await page.locator('.fecha-actual time').waitFor({ state: 'attached' })
        await expect(page.locator('.fecha-actual time')).toHaveText(day.shown)
        if (route.interactive) await page.waitForLoadState('networkidle')
        if (stored) await expect(page.locator('html')).toHaveClass(/\bfuente-grande\b/)
        const shifts = await layoutShifts(page)
        const total = shifts.reduce((sum, s) => sum + s.value, 0)
        if (total > LIMIT) failures.push(`${route.url}: ${total.toFixed(4)} (${shifts.map(s => `${s.value.toFixed(4)} ${s.nodes.join(', ')}`).join(' | ')})`)
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
      }
      expect(failures).toEqual([])
      expect(lowHeadings).toEqual([])
    })
  })
}
