import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'

/** Every content route of the manifest (redirect pages only forward, so they are left out). */
const routes = loadManifest()
  .manifest.pages.filter((p) => !p.data.redirigirA)
  .map((p) => p.data.ruta)
  .sort()

test.describe('WCAG 2.1 A/AA on every pre-rendered route (axe-core)', () => {
  for (const route of routes) {
    test(route, async ({ page }) => {
      await page.goto(route === '/buscar' ? '/buscar?q=resolucion' : route)
      await page.waitForLoadState('networkidle')
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`)
      expect(summary).toEqual([])
    })
  }
})
