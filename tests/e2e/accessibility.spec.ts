import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { openHydrated } from './hydration.ts'

/** Every content route of the manifest (redirect pages only forward, so they are left out). */
const routes = loadManifest()
  .manifest.pages.filter((p) => !p.data.redirigirA)
  .map((p) => p.data.ruta)
  .sort()

async function sweep(page: Page, route: string): Promise<string[]> {
  // Every page runs its script (the header's date appears once it has); the search page then fetches its index.
  await openHydrated(page, route === '/buscar' ? '/buscar?q=resolucion' : route)
  if (route === '/buscar') await page.locator('.resultados-busqueda').waitFor()
  // axe.run in the page itself ("legacy mode"): the default runs axe per frame and then merges the results in a
  // new blank page, a second renderer and a second copy of axe per route (about a fifth of the sweep's CPU time).
  // No page has an iframe when it loads (embeds load on click), and this mode still injects axe into every frame
  // there is, so the same rules run over the same nodes.
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`)
}

test.describe('WCAG 2.1 A/AA on every pre-rendered route (axe-core)', () => {
  // Routes are independent and only read the site: they share the workers.
  test.describe.configure({ mode: 'parallel' })
  for (const route of routes) {
    test(route, async ({ page }) => {
      expect(await sweep(page, route)).toEqual([])
    })
  }
})

test.describe('WCAG 2.1 A/AA on every route in high-contrast mode (axe-core)', () => {
  test.describe.configure({ mode: 'parallel' })
  test.beforeEach(async ({ page }) => {
    // The stored choice, as the header's «Alto contraste» button leaves it; applied before the first paint.
    await page.addInitScript(() => window.localStorage.setItem('ese-contraste', '1'))
  })
  for (const route of routes) {
    test(`${route} (alto contraste)`, async ({ page }) => {
      const violations = await sweep(page, route)
      await expect(page.locator('html')).toHaveClass(/\balto-contraste\b/)
      expect(violations).toEqual([])
    })
  }
})
