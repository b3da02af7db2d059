/**
 * The client and server bundles depend on the code only (docs/decisions/build.md, «One bundle for every site»): no
 * bundled module imports a site's generated files, and the pages are routed against the route list of the site
 * being rendered, handed over when it is rendered (src/renderer/siteRoutes.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { routeMatcher, siteRouteMatcher } from '../../src/renderer/routeMatcher.ts'
import { provideSiteRoutes } from '../../src/renderer/siteRoutes.ts'

/** Every module the bundler may reach: src/ but the server (not bundled) and the generated files themselves. */
function bundledModules(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return ['src/server', 'src/generated'].includes(full.split(path.sep).join('/')) ? [] : bundledModules(full)
    return /\.(tsx?|mjs|js)$/.test(e.name) ? [full] : []
  })
}

const PROVIDED = Symbol.for('ese-hospital.rutas-del-sitio')

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[PROVIDED]
})

describe('what the bundles are made of', () => {
  it('no bundled module names a file of src/generated/ (a site’s routes or validators would make the bundles that site’s)', () => {
    const naming: string[] = []
    for (const file of bundledModules())
      for (const line of fs.readFileSync(file, 'utf8').split('\n'))
        if (/(import\s*\(|from\s+|new URL\()\s*['"`](\.\.?\/)+generated\//.test(line)) naming.push(`${file}: ${line.trim()}`)
    expect(naming).toEqual([])
  })

  it('the pages route against the list of the site being rendered, whichever site that is', () => {
    const contenido = siteRouteMatcher('contenido')
    const interactivo = siteRouteMatcher('interactivo')
    provideSiteRoutes({ contenido: ['/', '/solo-a'], interactivo: ['/pqrsd'] })
    expect(contenido({ urlPathname: '/solo-a/' } as never)).toEqual({ routeParams: { ruta: '/solo-a' } })
    expect(interactivo({ urlPathname: '/pqrsd' } as never)).toEqual({ routeParams: { ruta: '/pqrsd' } })
    expect(contenido({ urlPathname: '/pqrsd' } as never)).toBe(false)
    // Another site in the same process: its own list, not the first one's.
    provideSiteRoutes({ contenido: ['/', '/solo-b'], interactivo: [] })
    expect(contenido({ urlPathname: '/solo-a' } as never)).toBe(false)
    expect(contenido({ urlPathname: '/solo-b' } as never)).toEqual({ routeParams: { ruta: '/solo-b' } })
    expect(interactivo({ urlPathname: '/pqrsd' } as never)).toBe(false)
  })

  it('a route matcher ignores a trailing slash and matches nothing else', () => {
    const match = routeMatcher(['/a'])
    expect(match({ urlPathname: '/a/' } as never)).toEqual({ routeParams: { ruta: '/a' } })
    expect(match({ urlPathname: '/b' } as never)).toBe(false)
  })
})
