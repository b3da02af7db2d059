import { describe, expect, it } from 'vitest'
import { LEAVES_SITE_CLASS } from '../../src/manifest/externalLinks.ts'
import { renderedPage } from '../helpers/builtSite.ts'

/**
 * The GOV.CO bar is the GOV.CO guide's (Resolución 1519 de 2020): the national logo, linked to the portal, and the
 * language selector. The visible «(sale del sitio)» other external links carry would widen the logo's link (281 px at
 * 412 px) and push the selector to a second line as the bar arrives (a layout shift CI caught): the logo link holds
 * the logo and the screen readers' notice only.
 */
describe('the GOV.CO bar', () => {
  it.each(['/', '/atencion/datos'])('%s: the logo link holds the logo and no visible cue', route => {
    const link = renderedPage(route).querySelector('.barra-govco a.logo-govco')
    expect(link?.getAttribute('href')).toBe('https://www.gov.co')
    expect(link?.querySelector('img')).toBeTruthy()
    expect(link?.querySelectorAll(`.${LEAVES_SITE_CLASS}`).length).toBe(0)
    expect(link?.querySelector('.visually-hidden')?.textContent).toContain('ventana nueva')
  })
  it('the main menu keeps its external items to their text: no visible cue in a row that wraps', () => {
    const external = renderedPage('/').querySelectorAll('nav.menu-principal a.externo')
    expect(external.length).toBeGreaterThan(0)
    for (const a of external) expect(a.querySelectorAll(`.${LEAVES_SITE_CLASS}`).length, a.textContent).toBe(0)
  })
})
