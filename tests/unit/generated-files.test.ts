import { describe, expect, it } from 'vitest'
import { generatedFiles } from '../../src/renderer/generatedFiles.ts'
import { loadManifest } from '../../src/manifest/load.ts'

const { manifest } = loadManifest()
const files = generatedFiles(manifest)
const base = manifest.site!.data.urlPublica!

describe('files generated from the manifest', () => {
  const locs = [...files['public/sitemap.xml']!.matchAll(/<loc>([^<]+)<\/loc>/g)].map(m => m[1]!)

  it('sitemap.xml lists every content page at the public address, and no redirect or hidden page', () => {
    const expected = manifest.pages.filter(p => !p.data.redirigirA && p.data.enMapa !== false).map(p => base + p.data.ruta)
    expect([...locs].sort()).toEqual([...expected].sort())
    expect(locs).toContain(`${base}/nuestra-gestion/control/entes`)
    expect(locs).not.toContain(`${base}/hospital`)
    expect(locs).not.toContain(`${base}/acceder`)
    expect(files['public/sitemap.xml']).toContain(`<lastmod>${manifest.site!.data.ultimaActualizacion}</lastmod>`)
  })

  it('robots.txt points at the site map and keeps crawlers out of the API', () => {
    expect(files['public/robots.txt']).toContain(`Sitemap: ${base}/sitemap.xml`)
    expect(files['public/robots.txt']).toContain('Disallow: /api/')
  })

  it('the route lists given to the browser hold paths only, split by whether the page needs React', () => {
    const { contenido, interactivo } = JSON.parse(files['src/generated/routes.json']!) as { contenido: string[]; interactivo: string[] }
    expect([...contenido, ...interactivo].sort()).toEqual(manifest.pages.map(p => p.data.ruta).sort())
    expect(interactivo).toEqual(
      expect.arrayContaining(['/', '/pqrsd', '/citas', '/historia-clinica', '/buscar', '/induccion/modulo5', '/acceder', '/accesibilidad']),
    )
    expect(contenido).toEqual(expect.arrayContaining(['/hospital/junta', '/nuestra-gestion/control/informes', '/notices/all']))
  })
})
