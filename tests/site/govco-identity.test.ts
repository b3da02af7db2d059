/**
 * GOV.CO identity of every page (Resolución 1519 de 2020, Anexo 2, and the
 * GOV.CO site guidelines), read from the pre-rendered HTML: the top bar with
 * the GOV.CO logo linking to the national portal, and the footer items an
 * auditor checks (logos, entity data, phone lines, hours, mailboxes,
 * policies, site map, last update).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderedPage, text, clientDir, type HTMLElement } from '../helpers/builtSite.ts'
import { loadManifest } from '../../src/manifest/load.ts'

const site = loadManifest().manifest.site!.data
const ROUTES = ['/', '/atencion/contacto', '/transparencia']

function footer(route: string): HTMLElement {
  return renderedPage(route).querySelector('footer.pie')!
}

function imgFile(src: string): string {
  return path.join(clientDir(), src)
}

describe.each(ROUTES)('GOV.CO identity on %s', route => {
  it('the top bar starts with the GOV.CO logo (SVG with a text alternative) linking to https://www.gov.co, and holds no social links', () => {
    const bar = renderedPage(route).querySelector('header .barra-superior')!
    const first = bar.querySelector('a')!
    expect(first.getAttribute('href')).toBe('https://www.gov.co')
    const img = first.querySelector('img')!
    expect(img.getAttribute('src')).toMatch(/^\/assets\/.+\.svg$/)
    expect(img.getAttribute('alt')).toMatch(/GOV\.CO/)
    // a reserved box, so the logo does not shift the page while it loads
    expect(img.getAttribute('width')).toBeTruthy()
    expect(img.getAttribute('height')).toBeTruthy()
    expect(fs.readFileSync(imgFile(img.getAttribute('src')!), 'utf8')).toContain('<svg')
    const hrefs = bar.querySelectorAll('a').map(a => a.getAttribute('href') ?? '')
    expect(hrefs.filter(h => /facebook|x\.com|twitter|youtube|instagram/i.test(h))).toEqual([])
  })

  it('the footer carries the items of Anexo 2', () => {
    const pie = footer(route)
    const all = text(pie)
    // GOV.CO and country-brand logos, as SVG files with text alternatives
    const logos = pie.querySelectorAll('img').map(i => [i.getAttribute('src'), i.getAttribute('alt')])
    expect(logos).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/govco\.svg$/), expect.stringMatching(/GOV\.CO/)],
        [expect.stringMatching(/marca-pais.*\.svg$/), expect.stringMatching(/[Mm]arca país/)],
      ]),
    )
    for (const [src] of logos) expect(fs.existsSync(imgFile(src!))).toBe(true)
    expect(pie.querySelector('a[href="https://www.gov.co"] img')).not.toBeNull()
    // entity name, address with municipality, department and postal code
    expect(all).toContain(site.nombre)
    expect(all).toContain('Calle 10 No. 5-20')
    expect(all).toMatch(/Santa Rosa, Bolívar, Colombia\. Código postal: 132040/)
    // phone lines, as +57 links (the toll-free line in its national form)
    const phones = Object.fromEntries(
      pie
        .querySelectorAll('li')
        .filter(li => li.querySelector('a[href^="tel:"]'))
        .map(li => [text(li.querySelector('strong')).replace(/:$/, ''), li.querySelector('a')!]),
    )
    const expectPhone = (label: string, shown: string, href: string) => {
      expect(phones[label], `línea «${label}» en el pie`).toBeDefined()
      expect(text(phones[label])).toBe(shown)
      expect(phones[label]!.getAttribute('href')).toBe(href)
    }
    expectPhone('Conmutador', '+57 601 555 0100', 'tel:+576015550100')
    expectPhone('Línea gratuita nacional', '01 8000 555 010', 'tel:018000555010')
    expectPhone('Línea anticorrupción', '+57 601 555 0107', 'tel:+576015550107')
    expectPhone('Atención al usuario (SIAU)', '+57 601 555 0106', 'tel:+576015550106')
    expectPhone('Urgencias', '+57 601 555 0101', 'tel:+576015550101')
    for (const a of Object.values(phones)) expect(text(a)).toMatch(/^(\+57 \d{3} \d{3} \d{4}|01 8000 \d{3} \d{3})$/)
    // hours of attention
    expect(all).toContain('Consulta externa de lunes a viernes')
    // judicial-notification, SIAU and anti-corruption mailboxes
    expect(pie.querySelector('a[href="mailto:notificacionesjudiciales@hospital-muestra.gov.co"]')).not.toBeNull()
    expect(pie.querySelector('a[href="mailto:siau@hospital-muestra.gov.co"]')).not.toBeNull()
    expect(pie.querySelector('a[href="mailto:anticorrupcion@hospital-muestra.gov.co"]')).not.toBeNull()
    // policies, site map, last update; social links moved here from the top bar
    expect(pie.querySelector('a[href="/assets/politicas/terminos-y-condiciones.pdf"]')).not.toBeNull()
    expect(pie.querySelector('a[href="/assets/politicas/politica-tratamiento-datos.pdf"]')).not.toBeNull()
    // the data-treatment link leads to the HTML policy page (readable by screen readers, linked from every consent notice), not only to the PDF
    expect(
      pie
        .querySelectorAll('a')
        .find(a => text(a) === 'Política de tratamiento de datos')
        ?.getAttribute('href'),
    ).toBe('/politica-de-tratamiento-de-datos')
    expect(pie.querySelector('a[href="/mapa-del-sitio"]')).not.toBeNull()
    expect(pie.querySelector(`time[datetime="${site.ultimaActualizacion}"]`)).not.toBeNull()
    expect(all).toMatch(/Última actualización:/)
    expect(pie.querySelector('a[href^="https://www.facebook.com/"]')).not.toBeNull()
  })
})

it('no page renders a phone of site.yaml in the old «(601) …» form', () => {
  for (const route of ROUTES) {
    const html = renderedPage(route).toString()
    expect(html).not.toMatch(/>\(60\d\) \d{3} \d{4}</)
  }
})
