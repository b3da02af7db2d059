import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { routesShowingEveryShape } from '../e2e/routeSample.ts'

/**
 * The high-contrast axe sweep and two of the layout-shift sweeps open only these routes: if the sample lost a
 * section type, an option or the side menu, those sweeps would stop looking at it without failing.
 */
describe('the routes showing every section shape', () => {
  const pages = loadManifest().manifest.pages.map(p => p.data)
  const sample = routesShowingEveryShape(pages)
  const sampled = pages.filter(p => sample.includes(p.ruta))

  it('show every section type with every option the manifest writes it with', () => {
    const shapes = (list: typeof pages) => new Set(list.flatMap(p => (p.secciones ?? []).flatMap(s => [s.tipo, ...Object.keys(s).map(k => `${s.tipo}.${k}`)])))
    expect([...shapes(pages.filter(p => !p.redirigirA))].filter(s => !shapes(sampled).has(s))).toEqual([])
  })

  it('include pages with and without a side menu, at every depth, and no redirect', () => {
    expect(new Set(sampled.map(p => Boolean(p.menuLateral)))).toEqual(new Set([true, false]))
    expect(new Set(sampled.map(p => p.ruta.split('/').length))).toEqual(new Set(pages.filter(p => !p.redirigirA).map(p => p.ruta.split('/').length)))
    expect(sampled.filter(p => p.redirigirA)).toEqual([])
  })

  it('are far fewer than every route (what the sweeps save)', () => {
    expect(sample.length).toBeLessThan(pages.length / 3)
  })
})
