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

/**
 * The no-script answer is written by the page's own components (src/views/SearchResults.tsx):
 * for the same query, the result list the server sends without JavaScript is the list the
 * page draws with JavaScript, byte for byte (heading level, readable dates, links).
 */
test.describe('the same result markup with and without JavaScript', () => {
  for (const q of ['adquisiciones', 'pqrs']) {
    test(`«${q}»`, async ({ browser }) => {
      const markup = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ javaScriptEnabled })
        const page = await context.newPage()
        await page.goto(`/buscar?q=${q}`)
        const list = page.locator('ol.resultados-busqueda')
        await expect(list).toBeVisible({ timeout: 20_000 })
        const heading = await page.getByRole('heading', { name: `Busqueda: ${q}`, exact: true }).evaluate(h => h.tagName)
        // Attributes sorted: React sets them in another order when it builds the DOM than when it writes HTML.
        const html = await list.evaluate(root => {
          const canonical = (n: Node): string => {
            if (!(n instanceof Element)) return n.textContent ?? ''
            const attrs = [...n.attributes]
              .map(a => ` ${a.name}="${a.value}"`)
              .sort()
              .join('')
            return `<${n.localName}${attrs}>${[...n.childNodes].map(canonical).join('')}</${n.localName}>`
          }
          return canonical(root)
        })
        await context.close()
        return { heading, html }
      }
      const scripted = await markup(true)
      const plain = await markup(false)
      expect(plain.heading).toBe(scripted.heading)
      expect(plain.html).toBe(scripted.html)
      // A dated result shows its date as the page does («28 de enero de 2025»), not the raw ISO day.
      if (q === 'adquisiciones') expect(plain.html).toMatch(/<dd>\d{1,2} de [a-z]+ de \d{4}<\/dd>/)
    })
  }
})
