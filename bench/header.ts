/**
 * The header on a phone (docs/decisions/header-and-editor.md): at 412 × 915 px (a typical Android phone), with the default text size and
 * with A+, how tall the header is and where the page's own content (its <h1>) starts and ends. Measured in
 * Debian's Chromium on the built site; figures, never assertions in tests.
 */
import { chromium } from '@playwright/test'

export const PHONE = { width: 412, height: 915 }
export const HEADER_ROUTES = ['/', '/pqrsd', '/nuestra-gestion', '/transparencia']

export interface HeaderFigure {
  route: string
  text: 'normal' | 'A+'
  /** Bottom of the site header (GOV.CO bar, tools, identity, search, menu), px from the top of the page. */
  headerPx: number
  /** Top and bottom of the page's <h1>. */
  h1TopPx: number
  h1BottomPx: number
}

export async function measureHeader(port: number, chromiumPath: string): Promise<HeaderFigure[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] })
  const out: HeaderFigure[] = []
  try {
    for (const text of ['normal', 'A+'] as const) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, locale: 'es-CO' })
      // A+ as the header's button leaves it stored: applied before the first paint.
      if (text === 'A+') await context.addInitScript(() => window.localStorage.setItem('ese-fuente', 'grande'))
      const page = await context.newPage()
      for (const route of HEADER_ROUTES) {
        await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' })
        // The date appears once the page's script has run: the header has its final height.
        await page.locator('.fecha-actual time').waitFor({ state: 'visible' })
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
  return out
}
