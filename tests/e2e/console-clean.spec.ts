import { expect, test } from '@playwright/test'
import { loadManifest } from '../../src/manifest/load.ts'
import { openHydrated } from './hydration.ts'

/**
 * Issue 27 #6: no route writes a warning or an error to the browser's console (it showed Vike's «You shouldn't
 * import … 'vike/client/router' when using Server Routing» and one Permissions-Policy warning per unknown
 * feature on every page). Every route of the other sweeps (accessibility, reflow), each opened until its script
 * has run; one page per share of routes.
 */
const routes = loadManifest()
  .manifest.pages.filter(p => !p.data.redirigirA)
  .map(p => p.data.ruta)
  .sort()

const SHARES = 4
const shares = Array.from({ length: SHARES }, (_, i) => routes.filter((_, j) => j % SHARES === i))

test.describe('the browser console stays clean on every route', () => {
  test.describe.configure({ mode: 'parallel' })
  shares.forEach((share, i) => {
    test(`routes ${i + 1}/${SHARES}: ${share[0]} …`, async ({ page }) => {
      test.setTimeout(60_000 + share.length * 4_000)
      const messages: string[] = []
      let route = ''
      page.on('console', m => {
        if (m.type() === 'warning' || m.type() === 'error') messages.push(`${route}: ${m.type()}: ${m.text().slice(0, 300)}`)
      })
      page.on('pageerror', e => messages.push(`${route}: excepción: ${e.message}`))
      for (route of share) {
        await openHydrated(page, route === '/buscar' ? '/buscar?q=resolucion' : route)
        if (route === '/buscar') await page.locator('.resultados-busqueda').waitFor()
      }
      expect(messages).toEqual([])
    })
  })
})
