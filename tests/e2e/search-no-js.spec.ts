import { expect, test } from '@playwright/test'

/** /buscar?q= answers with results rendered by the server when the browser runs no JavaScript. */
test.describe('search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows server-rendered results, the PQRSD page first for «pqrs»', async ({ page }) => {
    await page.goto('/buscar?q=pqrs')
    const list = page.getByRole('list', { name: 'Resultados de la búsqueda «pqrs»' })
    await expect(list).toBeVisible()
    const first = list.getByRole('listitem').first().getByRole('link').first()
    await expect(first).toHaveAttribute('href', '/pqrsd')
    // Internal results open in the same window.
    await expect(first).not.toHaveAttribute('target', /.+/)
    await expect(page.getByText(/Se encontraron \d+ resultados para «pqrs»/)).toBeVisible()
  })

  test('a search with no results offers the phones, PQRSD and appointments', async ({ page }) => {
    await page.goto('/buscar?q=qqxxzzww')
    await expect(page.locator('.estado-busqueda', { hasText: 'No se encontraron resultados para «qqxxzzww»' })).toBeVisible()
    const help = page.locator('.ayuda-busqueda')
    await expect(help.getByRole('link', { name: /PQRSD/ })).toHaveAttribute('href', '/pqrsd')
    await expect(help.getByRole('link', { name: /cita/ })).toHaveAttribute('href', '/citas')
    await expect(help.locator('a[href^="tel:"]').first()).toBeVisible()
  })
})

test('with JavaScript, a search with no results also offers the phones and links', async ({ page }) => {
  await page.goto('/buscar?q=qqxxzzww')
  await expect(page.getByRole('status').filter({ hasText: 'No se encontraron resultados' })).toBeVisible()
  const help = page.locator('.ayuda-busqueda')
  await expect(help.getByRole('link', { name: /PQRSD/ })).toHaveAttribute('href', '/pqrsd')
  await expect(help.locator('a[href^="tel:"]')).toHaveCount(3)
})
