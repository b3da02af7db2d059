import { expect, test } from '@playwright/test'

test.describe('generic renderer in the browser', () => {
  test('breadcrumb from route labels and the active side-menu link', async ({ page }) => {
    await page.goto('/nuestra-gestion/planeacion/planes')
    const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' })
    await expect(crumbs.getByRole('listitem')).toHaveText(['Inicio', 'Nuestra Gestión', /Planeación/, /Planes/])
    await expect(crumbs.locator('[aria-current="page"]')).toHaveCount(1)
    await expect(crumbs.getByRole('listitem').last().locator('a')).toHaveAttribute('aria-current', 'page')
    const side = page.getByRole('navigation', { name: 'Menú de Planeación' })
    await expect(side.locator('[aria-current="page"]')).toHaveText('Planes estratégicos')
    await expect(side.locator('[aria-current="page"]')).toHaveAttribute('href', '/nuestra-gestion/planeacion/planes')
  })

  test('an accordion opens with its declared panel and opening another closes it', async ({ page }) => {
    await page.goto('/atencion/contacto')
    const panels = page.locator('main .acordeon details')
    await expect(panels).toHaveCount(3)
    await expect(panels.nth(2)).toHaveAttribute('open', '')
    await expect(panels.nth(0)).not.toHaveAttribute('open', '')
    await panels.nth(0).locator('summary').click()
    await expect(panels.nth(0)).toHaveAttribute('open', '')
    await expect(panels.nth(2)).not.toHaveAttribute('open', '')
  })

  test('the same one-panel-at-a-time behaviour works with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/nuestra-gestion/planeacion/planes')
    await expect(page.locator('main .acordeon details[open]')).toHaveCount(1)
    await expect(page.locator('main .acordeon details[open]')).toHaveId('static-13')
    await page.locator('main .acordeon details').first().locator('summary').click()
    await expect(page.locator('main .acordeon details[open]')).toHaveCount(1)
    await expect(page.locator('main .acordeon details').first()).toHaveAttribute('open', '')
    await context.close()
  })

  test('an empty group path lands on its main child', async ({ page, request }) => {
    const response = await request.get('/hospital', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers()['location']).toBe('/hospital/hospital')
    await page.goto('/atencion')
    await expect(page).toHaveURL(/\/atencion\/contacto$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('the pre-rendered redirect page works without the server too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/hospital/index.html')
    await expect(page).toHaveURL(/\/hospital\/hospital\/?$/)
    await context.close()
  })

  test('unknown addresses get the 404 page in Spanish', async ({ page }) => {
    const response = await page.goto('/no-existe-esta-pagina')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
})
