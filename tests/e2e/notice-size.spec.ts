import { expect, test } from '@playwright/test'
import { openHydrated } from './hydration.ts'

/**
 * Every notice a citizen reads on a form (privacy notice, sensitive-data notice, error summary and messages) is
 * at least 16 px as the browser computes it at the default text size (ITA criterion «c»: 12 pt or more;
 * docs/decisions/accessibility.md). The PQRSD page holds the form's notices and the footer form's compact one.
 */
test('the notices on a form and in the footer are 16 px or more', async ({ page }) => {
  await openHydrated(page, '/pqrsd')
  await page.getByRole('button', { name: 'Enviar PQRSD' }).click()
  await expect(page.locator('.resumen-errores')).toBeVisible()
  const sizes = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[class*="aviso"], [class*="aviso"] *, .resumen-errores, .resumen-errores *, .mensaje-error, [role="alert"]')]
      .filter(el => el.offsetParent !== null && (el.textContent ?? '').trim() !== '')
      .map(el => ({ what: `${el.tagName.toLowerCase()}.${el.className}`, px: Number.parseFloat(getComputedStyle(el).fontSize) })),
  )
  expect(sizes.some(s => s.what.includes('aviso-privacidad'))).toBe(true)
  expect(sizes.filter(s => s.px < 16)).toEqual([])
})
