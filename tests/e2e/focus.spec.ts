import { expect, test, type Page } from '@playwright/test'

/**
 * WCAG 2.4.7 (and 2.4.11 of WCAG 2.2 as a target): every element reached with
 * Tab shows a solid focus indicator at least 2 px thick whose colour has at
 * least 3:1 contrast against the background it is drawn on. Measured in
 * Chromium on pages that cover the header, menus, content links, tables,
 * accordions, forms and the footer.
 */
const SAMPLE = ['/', '/transparencia', '/hospital/directorio', '/pqrsd', '/normatividad/acuerdos', '/accesibilidad']

interface Measured {
  name: string
  width: number
  style: string
  ratio: number
}

async function measureFocused(page: Page): Promise<Measured | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const parse = (c: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(c)
      if (!m) return null
      const [r, g, b, a = 1] = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number)
      return { r: r!, g: g!, b: b!, a }
    }
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
    }
    // The outline is drawn outside the element: its background is what the ancestors paint there,
    // translucent layers (striped table rows) composited over the first opaque one.
    const layers: Array<{ r: number; g: number; b: number; a: number }> = []
    for (let n = el.parentElement; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor)
      if (c && c.a > 0) layers.push(c)
      if (c && c.a >= 1) break
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 }
    for (const c of layers.reverse()) bg = { r: c.r * c.a + bg.r * (1 - c.a), g: c.g * c.a + bg.g * (1 - c.a), b: c.b * c.a + bg.b * (1 - c.a), a: 1 }
    const s = getComputedStyle(el)
    const ring = parse(s.outlineColor) ?? { r: 0, g: 0, b: 0, a: 0 }
    const [l1, l2] = [lum(ring), lum(bg)].sort((a, b) => b - a)
    const ratio = ring.a < 1 ? 0 : (l1! + 0.05) / (l2! + 0.05)
    const name = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} «${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}»`
    return { name, width: parseFloat(s.outlineWidth), style: s.outlineStyle, ratio: Math.round(ratio * 100) / 100 }
  })
}

for (const route of SAMPLE) {
  test(`focus indicator ≥ 2 px and ≥ 3:1 on every focusable element of ${route}`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(route)
    await page.waitForLoadState('networkidle')
    const weak: string[] = []
    const seen = new Set<string>()
    let count = 0
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab')
      const m = await measureFocused(page)
      if (!m) break
      const key = `${i > 0 && seen.has(m.name) ? 'again:' : ''}${m.name}`
      if (key.startsWith('again:') && count > 5 && m.name === [...seen][0]) break // wrapped around
      seen.add(m.name)
      count++
      if (m.style === 'none' || m.width < 2 || m.ratio < 3) weak.push(`${m.name}: ${m.style} ${m.width}px ${m.ratio}:1`)
    }
    expect(count).toBeGreaterThan(5)
    expect(weak).toEqual([])
  })
}
