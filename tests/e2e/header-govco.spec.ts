import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { openHydrated } from './hydration.ts'

/**
 * The header on phones and the official GOV.CO bar (docs/decisions/header-and-editor.md). The bar follows the GOV.CO design
 * guide: cobalt #3366CC, 56 px high whatever the text size, the GOV.CO logo first and linked to www.gov.co. On a
 * 412 px phone the page's content starts within the first screen with the default text and with A+, the search
 * field shows its whole placeholder, and the display controls (under «Accesibilidad») keep their contrast in the
 * normal and the high-contrast modes. Header heights are figures of `npm run bench -- header`, not assertions.
 */
const PHONE = { width: 412, height: 915 }
const A_PLUS = () => window.localStorage.setItem('ese-fuente', 'grande')
const HIGH_CONTRAST = () => window.localStorage.setItem('ese-contraste', '1')

async function placeholderFits(page: Page): Promise<{ need: number; room: number }> {
  return page.locator('#buscar-sitio').evaluate((input: HTMLInputElement) => {
    const s = getComputedStyle(input)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`
    return {
      need: Math.ceil(ctx.measureText(input.placeholder).width),
      room: Math.floor(input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)),
    }
  })
}

test('the official GOV.CO bar: #3366CC, 56 px high with any text size, the GOV.CO logo first linking to www.gov.co', async ({ page }) => {
  for (const big of [false, true]) {
    if (big) await page.addInitScript(A_PLUS)
    await openHydrated(page, '/')
    const bar = page.locator('header .barra-govco')
    await expect(bar).toHaveCSS('background-color', 'rgb(51, 102, 204)')
    expect(Math.round((await bar.boundingBox())!.height)).toBe(56)
    // The bar is the header's first thing, and the GOV.CO logo its first link.
    expect(await page.locator('header.cabecera').evaluate(h => h.querySelector('a, button, summary, input') === h.querySelector('.barra-govco a'))).toBe(true)
    const logo = bar.getByRole('link', { name: /GOV\.CO/ }).first()
    await expect(logo).toHaveAttribute('href', 'https://www.gov.co')
    await expect(logo.locator('img')).toHaveAttribute('src', /\/assets\/identidad\//)
    const logoBox = (await logo.boundingBox())!
    const languageBox = (await bar.locator('.idiomas > summary').boundingBox())!
    expect(logoBox.x).toBeLessThan(languageBox.x)
  }
})

for (const big of [false, true]) {
  test(`at 412 px with ${big ? 'A+' : 'the default text'}: content within the first screen, the whole search placeholder`, async ({ page }) => {
    await page.setViewportSize(PHONE)
    if (big) await page.addInitScript(A_PLUS)
    for (const route of ['/', '/pqrsd', '/nuestra-gestion']) {
      await openHydrated(page, route)
      const h1 = (await page.locator('main h1').boundingBox())!
      expect(h1.y + 40, `${route}: the page's heading starts within the first screen`).toBeLessThan(PHONE.height)
      const { need, room } = await placeholderFits(page)
      expect(need, `${route}: «Buscar en el sitio» needs ${need} px, the field shows ${room} px`).toBeLessThanOrEqual(room)
    }
  })
}

test('at 320 px the search placeholder is whole too', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  for (const big of [false, true]) {
    if (big) await page.addInitScript(A_PLUS)
    await openHydrated(page, '/nuestra-gestion')
    const { need, room } = await placeholderFits(page)
    expect(need).toBeLessThanOrEqual(room)
  }
})

for (const contrast of [false, true]) {
  test(`on a phone the display controls open under «Accesibilidad» and pass axe${contrast ? ' in high-contrast mode' : ''}`, async ({ page }) => {
    await page.setViewportSize(PHONE)
    if (contrast) await page.addInitScript(HIGH_CONTRAST)
    await openHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Alto contraste', exact: true })
    await expect(toggle).toBeHidden()
    await page.locator('.opciones-accesibilidad > summary').focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-pressed', String(contrast))
    // At rest: Pico fades a button's colours for 0.2 s; axe measuring half-way reports the blend.
    await page.evaluate(() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => undefined))))
    const results = await new AxeBuilder({ page }).include('header.cabecera').setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(results.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`)).toEqual([])
  })
}
