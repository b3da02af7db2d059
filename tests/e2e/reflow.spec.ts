import { expect, test } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'

/**
 * WCAG 1.4.10 (Reflow, AA): at 320 CSS px every route is read without
 * scrolling the page sideways; wide tables scroll inside their own region.
 * axe-core does not test this. One page per chunk of routes keeps the run
 * short; the chunks are separate tests so a parallel run can share them out.
 */
const routes = loadManifest()
  .manifest.pages.filter(p => !p.data.redirigirA)
  .map(p => p.data.ruta)
  .sort()

const CHUNKS = 4
const chunks = Array.from({ length: CHUNKS }, (_, i) => routes.filter((_, j) => j % CHUNKS === i))

test.use({ viewport: { width: 320, height: 640 } })

test.describe('reflow at 320 CSS px', () => {
  chunks.forEach((chunk, i) => {
    test(`routes ${i + 1}/${CHUNKS}: the document never scrolls sideways`, async ({ page }) => {
      test.setTimeout(30_000 + chunk.length * 3_000)
      const wide: string[] = []
      for (const route of chunk) {
        await page.goto(route === '/buscar' ? '/buscar?q=resolucion' : route, { waitUntil: 'load' })
        const { scrollWidth, viewport } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }))
        if (scrollWidth > viewport) wide.push(`${route}: ${scrollWidth} px`)
      }
      expect(wide).toEqual([])
    })
  })

  test('a wide table scrolls inside a focusable, labelled region', async ({ page }) => {
    await page.goto('/hospital/directorio')
    const region = page.locator('.cuerpo-pagina [role="region"][tabindex="0"]').first()
    await expect(region).toHaveAttribute('aria-label', /.+/)
    const { inner, outer } = await region.evaluate(el => ({ inner: el.scrollWidth, outer: el.clientWidth }))
    expect(inner).toBeGreaterThan(outer)
    await region.focus()
    await expect(region).toBeFocused()
  })
})
