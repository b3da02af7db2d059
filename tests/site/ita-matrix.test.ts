import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { clientDir, isPrerendered, renderedPage } from '../helpers/builtSite.ts'

/**
 * The ITA evidence matrix the built site publishes, read against the annex's own list
 * (docs/normas/anexo2-transparencia.yaml) and manifest/ita.yaml, not against the code that writes it:
 * no numeral forgotten, and every evidence URL of the site lands on a page (and section) that exists.
 */
const yamlOf = (file: string) => parseYaml(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
const annex = yamlOf('docs/normas/anexo2-transparencia.yaml') as { items: { numero: string; nombre: string }[] }
const criteria = (yamlOf('manifest/ita.yaml') as { criterios: { codigo: string; nombre: string }[] }).criterios
const site = yamlOf('manifest/site.yaml') as { urlPublica: string }

interface Row {
  bloque: string
  numeral: string
  nombre: string
  estado: string
  razon: string
  evidencias: string[]
}
const json = () => JSON.parse(fs.readFileSync(path.join(clientDir(), 'ita/matriz-ita.json'), 'utf8')) as { filas: Row[] }

describe('ITA evidence matrix of the built site', () => {
  it('has a row for every numeral of the annex with its name as the annex words it, then every criterion of ita.yaml', () => {
    const { filas } = json()
    expect(filas.map(r => [r.numeral, r.nombre])).toEqual([...annex.items.map(i => [i.numero, i.nombre]), ...criteria.map(c => [c.codigo, c.nombre])])
    for (const r of filas) {
      expect(['publicado', 'no aplica', 'pendiente']).toContain(r.estado)
      if (r.estado === 'publicado') expect(r.evidencias.length, r.numeral).toBeGreaterThan(0)
      else expect(r.razon.length, r.numeral).toBeGreaterThan(10)
    }
  })

  it('gives absolute URLs whose pages, files and anchors exist in the built site', () => {
    const missing: string[] = []
    const urls = json().filas.flatMap(r => r.evidencias.map(u => [r.numeral, u] as const))
    expect(urls.length).toBeGreaterThan(100)
    for (const [numeral, url] of urls) {
      if (!url.startsWith('https://') && !url.startsWith('http://')) missing.push(`${numeral}: ${url} no es absoluta`)
      if (!url.startsWith(`${site.urlPublica}/`)) continue
      const [pathname, anchor] = url.slice(site.urlPublica.length).split('#') as [string, string | undefined]
      const route = pathname === '/' ? '/' : pathname.replace(/\/$/, '')
      if (pathname.startsWith('/assets/')) {
        if (!fs.existsSync(path.join(clientDir(), decodeURI(pathname)))) missing.push(`${numeral}: ${url}`)
      } else if (!isPrerendered(route)) missing.push(`${numeral}: ${url}`)
      else if (anchor && !renderedPage(route).querySelector(`[id="${anchor}"]`)) missing.push(`${numeral}: ${url} (ancla)`)
    }
    expect(missing).toEqual([])
  })

  it('sends the items that share /atencion/datos to their own sections', () => {
    const byNumeral = new Map(json().filas.map(r => [r.numeral, r.evidencias]))
    const first = ['7.1.1', '7.1.2', '7.1.3'].map(n => byNumeral.get(n)?.[0])
    expect(new Set(first).size).toBe(3)
    for (const url of first) expect(url).toMatch(new RegExp(`^${site.urlPublica}/atencion/datos#[a-z]`))
  })

  it('is offered for download on the transparency page, as CSV and JSON', () => {
    const links = renderedPage('/transparencia').querySelectorAll('.descarga-matriz-ita a[download]')
    const hrefs = links.map(a => a.getAttribute('href')!)
    expect(hrefs).toEqual(['/ita/matriz-ita.csv', '/ita/matriz-ita.json'])
    const csv = fs
      .readFileSync(path.join(clientDir(), hrefs[0]!), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(csv[0]).toBe('"bloque","numeral","nombre","estado","razon","evidencia"')
    expect(csv).toHaveLength(json().filas.length + 1)
  })
})
