import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { openHydrated } from './hydration.ts'

/**
 * docs/decisions/rendering.md: the strict Content-Security-Policy (no 'unsafe-eval', no
 * inline style, frames only from the manifest's embeds) breaks nothing in
 * Chromium: every interactive page hydrates, its forms validate in the
 * browser with the precompiled validators, and no CSP violation is reported.
 */

const routes = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../src/generated/routes.json'), 'utf8')) as { interactivo: string[] }

/** Collects every CSP violation the page reports (the event fires for blocked eval, inline style, frames…). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', e => {
      ;(window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  page.on('console', m => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text())
  })
  return violations
}

test('the policy has no unsafe-eval nor unsafe-inline, and names its embed hosts', async ({ page }) => {
  const res = await page.goto('/')
  const csp = (await res!.allHeaders())['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self';")
  expect(csp).not.toContain('unsafe-eval')
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toMatch(/frame-src 'self' https:\/\/[^;]+;/)
})

for (const route of routes.interactivo) {
  test(`${route} works under the CSP: hydrated, forms validated in the browser, no violation`, async ({ page }) => {
    const violations = await recordViolations(page)
    const errors: string[] = []
    page.on('pageerror', e => errors.push(e.message))
    await page.goto(route)
    await page.waitForLoadState('networkidle')
    // The manifest's forms (ApiForm and the evaluation); /acceder's static sign-in notice is not one.
    const forms = page.locator('main section.formulario:not(.formulario-acceso) form')
    const count = await forms.count()
    for (let i = 0; i < count; i++) {
      const form = forms.nth(i)
      // An empty submit is refused by the precompiled validator in the browser: a summary or a field message appears, nothing is sent.
      const posts: string[] = []
      page.on('request', r => (r.method() === 'POST' ? posts.push(r.url()) : undefined))
      await form.locator('button[type="submit"]').click()
      await expect(page.locator('.resumen-errores, .mensaje-error').first()).toBeVisible()
      expect(posts).toEqual([])
    }
    expect(errors).toEqual([])
    expect(violations).toEqual([])
  })
}

test('the footer newsletter validates under the CSP', async ({ page }) => {
  const violations = await recordViolations(page)
  await page.goto('/hospital/hospital')
  const footer = page.locator('footer')
  await footer.getByRole('textbox', { name: /Correo electrónico/ }).fill('no-es-correo')
  await footer.getByRole('button', { name: 'Suscribirme' }).click()
  await expect(footer.locator('#suscripcion-correoElectronico-error')).toHaveText('Por favor, ingresa tu Email')
  expect(violations).toEqual([])
})

test('a click-to-load video of the manifest is allowed as a frame', async ({ page }) => {
  const violations = await recordViolations(page)
  // Third-party hosts are not reachable from the test machine: answer the frame locally, as that host.
  await page.route('https://www.youtube-nocookie.com/**', r => r.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }))
  // The home page is hydrated by React: a click before hydration would be lost.
  await openHydrated(page, '/')
  const box = page.locator('[data-embebido^="https://www.youtube-nocookie.com/"]').first()
  await box.getByRole('button', { name: /Cargar video/ }).click()
  await expect(box.locator('iframe')).toHaveCount(1)
  await expect(page.frameLocator('[data-embebido^="https://www.youtube-nocookie.com/"] iframe').first().getByText('video')).toBeVisible()
  expect(violations).toEqual([])
})
