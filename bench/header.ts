/**
 * The header on a phone (docs/decisions/header-and-editor.md): at 412 × 915 px (a typical Android phone), with the default text size and
 * with A+, how tall the header is and where the page's own content (its <h1>) starts and ends. Measured in
 * Debian's Chromium on the built site; figures, never assertions in tests.
 */
import { chromium } from '@playwright/test'
import { loadManifest } from '../src/manifest/load.ts'

export const PHONE = { width: 412, height: 915 }
const DESKTOP = { width: 1366, height: 768 }
/** Every route of the site (redirects only forward), the search results and the error page: one load each per text size. */
export const HEADER_ROUTES = [
  ...loadManifest()
    .manifest.pages.filter(p => !p.data.redirigirA)
    .map(p => p.data.ruta),
  '/buscar?q=resolucion',
  '/esta-pagina-no-existe',
].sort()
/** Phones-first limits of docs/decisions/accessibility.md: the <h1>'s top at 412 px, px from the top of the document. */
export const H1_LIMITS = { normal: 300, 'A+': 400 } as const

export interface HeaderFigure {
  route: string
  text: 'normal' | 'A+'
  /** Bottom of the site header (GOV.CO bar, tools, identity, search, menu), px from the top of the page. */
  headerPx: number
  /** Top and bottom of the page's <h1>. */
  h1TopPx: number
  h1BottomPx: number
}

export async function measureHeader(port: number, chromiumPath: string): Promise<{ phone: HeaderFigure[]; desktopHomeH1TopPx: number }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
  const out: HeaderFigure[] = []
  let desktopHomeH1TopPx = -1
  try {
    // The home page's heading on a laptop screen (1366 × 768), the default text.
    const desktop = await browser.newPage({ viewport: DESKTOP, deviceScaleFactor: 1, locale: 'es-CO' })
    await desktop.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' })
    desktopHomeH1TopPx = Math.round(
      await desktop
        .locator('main h1')
        .first()
        .evaluate(h => h.getBoundingClientRect().top + window.scrollY),
    )
    await desktop.close()
    for (const text of ['normal', 'A+'] as const) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, locale: 'es-CO' })
      // A+ as the header's button leaves it stored: applied before the first paint.
      if (text === 'A+') await context.addInitScript(() => window.localStorage.setItem('ese-fuente', 'grande'))
      const page = await context.newPage()
      for (const route of HEADER_ROUTES) {
        await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' })
        // The date is written once the page's script has run (folded on phones): the header has its final height.
        await page.locator('.fecha-actual time').waitFor({ state: 'attached' })
        const m = await page.evaluate(() => {
          const header = document.querySelector('header.cabecera')!.getBoundingClientRect()
          const h1 = document.querySelector('main h1')!.getBoundingClientRect()
          return { headerPx: header.bottom + window.scrollY, h1TopPx: h1.top + window.scrollY, h1BottomPx: h1.bottom + window.scrollY }
        })
        out.push({ route, text, ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v)])) } as HeaderFigure)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return { phone: out, desktopHomeH1TopPx }
}
