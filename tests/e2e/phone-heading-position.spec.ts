import { expect, test } from '@playwright/test'

/**
 * Phones first (docs/decisions/accessibility.md): the position of every route's <h1> at 412 px, with the default text
 * and with A+, is measured by the phone sweeps of layout-shift.spec.ts on the same page loads. Here: the GOV.CO bar
 * keeps its identity in high contrast.
 */
test('in high contrast the GOV.CO bar keeps its cobalt blue and its logo', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ese-contraste', '1'))
  await page.goto('/nuestra-gestion', { waitUntil: 'load' })
  await expect(page.locator('html')).toHaveClass(/\balto-contraste\b/)
  const bar = page.locator('header .barra-govco')
  await expect(bar).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  // The logo and the language selector sit on the same blue, in white (5.2:1), not on the rest of the page's black.
  await expect(bar.locator('.logo-govco')).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  await expect(bar.locator('.logo-govco img')).toBeVisible()
  const language = bar.locator('.idiomas > summary')
  await expect(language).toHaveCSS('background-color', 'rgb(51, 102, 204)')
  await expect(language).toHaveCSS('color', 'rgb(255, 255, 255)')
})
