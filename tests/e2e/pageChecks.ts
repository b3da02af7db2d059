import type { Page } from '@playwright/test'
import axe from 'axe-core'

/**
 * What the route sweeps check on a page once it has loaded: its layout shifts, its axe-core violations and what it
 * wrote to the console. One module, so the layout-shift sweeps and the axe sweeps read the same measure and a sweep
 * can run both checks on one page load (docs/decisions/testing.md).
 */

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export interface Shift {
  value: number
  nodes: string[]
}

/**
 * Every layout shift not caused by the visitor's input since the navigation started, each with what moved: tag, id,
 * classes and the start of its text, its box before and after (x,y w×h, CSS px), and when, so a rare shift can be
 * diagnosed from the report alone.
 */
export function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>(resolve => {
        const shifts: Shift[] = []
        const describe = (n: Node | null | undefined) => {
          if (!(n instanceof Element)) return n?.nodeName ?? '?'
          const text = (n.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)
          return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.classList.length ? `.${[...n.classList].join('.')}` : ''}${text ? ` «${text}»` : ''}`
        }
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
        const take = (entries: PerformanceEntryList) => {
          for (const e of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
            const nodes = (e.sources ?? []).map(s => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`)
            if (!e.hadRecentInput) shifts.push({ value: e.value, nodes: [...nodes, `at ${Math.round(e.startTime)} ms`] })
          }
        }
        const observer = new PerformanceObserver(list => take(list.getEntries()))
        observer.observe({ type: 'layout-shift', buffered: true })
        // Three frames: a change made before the reading began, even one made after the next frame was laid out,
        // has been laid out and its shift queued on the observer (a shift is queued when its frame is laid out;
        // the callback comes in a later task). The records the callback has not had yet are taken directly, rather
        // than waiting a timer for it on every route (docs/decisions/testing.md).
        const frame = () => new Promise(requestAnimationFrame)
        void frame()
          .then(frame)
          .then(frame)
          .then(() => {
            take(observer.takeRecords())
            observer.disconnect()
            resolve(shifts)
          })
      }),
  )
}

/** The page's total shift and, when it is over `limit`, one line naming each shift and what moved. */
export function shiftFailure(label: string, shifts: Shift[], limit: number): string | undefined {
  const total = shifts.reduce((sum, s) => sum + s.value, 0)
  if (total <= limit) return undefined
  return `${label}: ${total.toFixed(4)} (${shifts.map(s => `${s.value.toFixed(4)} ${s.nodes.join(', ')}`).join(' | ')})`
}

/**
 * The axe-core violations of the whole page as it is now, one line each: rule, impact, help and the first five nodes.
 * Run after the page has settled; layout shifts are read first, so nothing axe does can count as one.
 */
export async function axeViolations(page: Page, tags: string[] = WCAG_TAGS): Promise<string[]> {
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
  // axe.run in the page itself, as @axe-core/playwright's legacy mode runs it (the default runs axe per frame and
  // merges the results in a new blank page: a second renderer and a second copy of axe per route). No page has an
  // iframe when it loads (embeds load on click), so the same rules run over the same nodes. Called directly rather
  // than through AxeBuilder, which parses and runs axe's 550 KB source twice per call, and asked for violations
  // only: axe then skips gathering every passing node (`resultTypes`), which changes no rule and no violation but
  // took about a third of each run. Together about 0.6 s per route of the sweeps (docs/decisions/testing.md).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const results = await page.evaluate(
    values => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] }),
    tags,
  )
  return results.violations.map(
    v =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map(n => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  )
}

/**
 * docs/decisions/rendering.md: no route writes a warning or an error to the browser's console (it showed Vike's «You shouldn't
 * import … 'vike/client/router' when using Server Routing» and one Permissions-Policy warning per unknown feature on
 * every page). Collected during a sweep, which opens every route until its script has run; each line names the route.
 */
export function collectConsole(page: Page, currentRoute: () => string): string[] {
  const messages: string[] = []
  page.on('console', m => {
    if (m.type() === 'warning' || m.type() === 'error') messages.push(`${currentRoute()}: consola: ${m.type()}: ${m.text().slice(0, 300)}`)
  })
  page.on('pageerror', e => messages.push(`${currentRoute()}: excepción: ${e.message}`))
  return messages
}

/** A first visit: no cookie and no stored choice left by the route opened before on the same page. */
export async function forgetVisit(page: Page): Promise<void> {
  await page.context().clearCookies()
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      window.localStorage.clear()
      window.sessionStorage.clear()
    })
  }
}

/** `list` dealt round-robin into `n` shares (tests of one sweep that the two workers take in parallel). */
export const inShares = <T>(list: readonly T[], n: number): T[][] => Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i))
