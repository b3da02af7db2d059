import { expect, test } from '@playwright/test'

/** Pages without interactive sections are sent as plain HTML with a small script: no React, no Vike runtime. */
test.describe('plain-HTML pages', () => {
  // A content page, and the error page every unknown address gets (a mistyped link on a slow connection).
  for (const url of ['/hospital/junta', '/esta-pagina-no-existe'])
    test(`load no React and no client router up front: ${url}`, async ({ page }) => {
      const scripts: Array<Promise<string>> = []
      page.on('response', r => r.request().resourceType() === 'script' && scripts.push(r.text()))
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      const code = await Promise.all(scripts)
      expect(code.length).toBeGreaterThan(0)
      // React elements are tagged with this symbol name; Vike's client router registers this global.
      expect(code.filter(c => c.includes('react.transitional.element') || c.includes('react-dom'))).toEqual([])
      expect(code.filter(c => c.includes('vike_pageContext'))).toEqual([])
      expect(code.reduce((n, c) => n + c.length, 0)).toBeLessThan(20_000)
      expect(await page.locator('script#vike_pageContext').count()).toBe(0)
      // The header still works: today's date and the font controls.
      await expect(page.locator('.fecha-actual time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/)
      await page.getByRole('button', { name: /^A\+/ }).click()
      await expect(page.locator('html')).toHaveClass(/\bfuente-grande\b/)
      await expect(page.getByRole('button', { name: /^A\+/ })).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('button', { name: /^A,/ })).toHaveAttribute('aria-pressed', 'false')
    })

  test('the footer newsletter loads its form on first use and answers with the spec texts', async ({ page }) => {
    await page.goto('/hospital/hospital')
    const footer = page.locator('footer')
    const email = footer.locator('#suscripcion-correoElectronico')
    await footer.getByRole('button', { name: 'Suscribirme' }).click()
    await expect(footer.locator('#suscripcion-correoElectronico-error')).toHaveText('El correo Electronico es obligatorio')
    await expect(page).toHaveURL(/\/hospital\/hospital$/)
    await email.fill(`isla.${Date.now()}@example.com`)
    // Consent under the privacy notice (docs/decisions/rendering.md): the same checkbox as on every form with personal data.
    await expect(footer.locator('#suscripcion-autorizacionDatos-error')).toHaveText(
      'Debe autorizar el tratamiento de sus datos personales para enviar el formulario.',
    )
    await footer.locator('#suscripcion-autorizacionDatos').check()
    await footer.getByRole('button', { name: 'Suscribirme' }).click()
    await expect(footer.locator('.aviso-exito .aviso-texto')).toHaveText('Registro Exitoso')
    await expect(email).toHaveValue('')
  })

  test('click-to-load embeds request nothing from third parties until asked', async ({ page }) => {
    const foreign: string[] = []
    page.on('request', r => !r.url().startsWith('http://127.0.0.1') && foreign.push(r.url()))
    await page.route(/youtube-nocookie\.com/, route => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }))
    await page.goto('/atencion/infantil')
    await page.waitForLoadState('networkidle')
    expect(foreign).toEqual([])
    const first = page.locator('[data-embebido]').first()
    const requested = page.waitForRequest(/youtube-nocookie\.com\/embed\//)
    await first.getByRole('button', { name: /Cargar video/ }).click()
    await requested
    await expect(first.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//)
    await expect(first.locator('iframe')).toBeFocused()
    await expect(first.locator('.embebido-pendiente')).toBeHidden()
  })
})
