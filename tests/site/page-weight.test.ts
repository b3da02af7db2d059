/**
 * Weight budget of the built site (docs/decisions/rendering.md): the JavaScript a route loads up
 * front stays within 80 KB gzip, and the page in all (HTML, CSS, JavaScript;
 * images aside) within 120 KB. Counted exactly as `npm run bench -- weight`
 * counts it (bench/weight.ts: module scripts, module preloads and their static
 * imports; chunks imported on demand, such as a form's validator or the
 * search index, are not counted). A deterministic artefact, not a timing: a
 * static import of a heavy module, or a build-time library reaching the
 * browser bundle, fails here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeWeights } from '../../bench/weight.ts'
import { clientDir } from '../helpers/builtSite.ts'

const KB = 1024
const routes = JSON.parse(fs.readFileSync(path.resolve('src/generated/routes.json'), 'utf8')) as { interactivo: string[]; contenido: string[] }
const weights = new Map(routeWeights(clientDir()).map(w => [w.route, w]))

describe('weight budget of every page', () => {
  it('every interactive route is built and hydrates (the counting follows its imports)', () => {
    for (const route of routes.interactivo) {
      const w = weights.get(route)
      expect(w, route).toBeDefined()
      // A hydrated page cannot run on less than its UI runtime and the page entry: a count this low means the imports were not followed.
      expect(w!.js, route).toBeGreaterThan(20 * KB)
    }
  })

  it.each(routes.interactivo)('interactive route %s: JavaScript up front ≤ 80 KB gzip, everything ≤ 120 KB', route => {
    const w = weights.get(route)!
    expect({ route, jsKB: +(w.js / KB).toFixed(1) }).toEqual({ route, jsKB: expect.toSatisfy((kb: number) => kb <= 80) })
    expect({ route, totalKB: +(w.total / KB).toFixed(1) }).toEqual({ route, totalKB: expect.toSatisfy((kb: number) => kb <= 120) })
  })

  it('content pages (plain HTML): JavaScript up front ≤ 80 KB gzip, everything ≤ 120 KB', () => {
    const over = [...weights.values()].filter(w => !routes.interactivo.includes(w.route) && (w.js > 80 * KB || w.total > 120 * KB))
    expect(over).toEqual([])
  })
})

describe('scripts start after the first paint', () => {
  const pages = fs
    .readdirSync(clientDir(), { recursive: true, withFileTypes: false })
    .map(String)
    .filter(f => f.endsWith('index.html'))
  const moduleTags = (html: string) => [...html.matchAll(/<script[^>]+type="module"[^>]*>|<link[^>]+rel="modulepreload"[^>]*>/g)].map(m => m[0])
  const bootTags = (html: string) => [...html.matchAll(/<script src="\/arranque\.js"[^>]*>/g)].map(m => m[0])

  const hydrated = new Set(routes.interactivo.map(route => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`)))

  it('no hydrated page fetches a module script or module preload before its first paint: the boot script adds them after it', () => {
    const early = [...hydrated].flatMap(rel => moduleTags(fs.readFileSync(path.join(clientDir(), rel), 'utf8')).map(t => `${rel}: ${t}`))
    expect(early).toEqual([])
    const withoutBoot = [...hydrated].filter(rel => bootTags(fs.readFileSync(path.join(clientDir(), rel), 'utf8')).length !== 1)
    expect(withoutBoot).toEqual([])
  })

  it('plain-HTML pages fetch their small script at low priority (after the style sheets)', () => {
    const plain = pages.filter(rel => !hydrated.has(rel))
    expect(plain.length).toBeGreaterThan(50)
    const highPriority = plain.flatMap(rel =>
      moduleTags(fs.readFileSync(path.join(clientDir(), rel), 'utf8'))
        .filter(t => !t.includes('fetchpriority="low"'))
        .map(t => `${rel}: ${t}`),
    )
    expect(highPriority).toEqual([])
  })

  it('a hydrated page still loads its scripts up front (the boot script names its entry and every preload, and exists)', () => {
    expect(fs.existsSync(path.join(clientDir(), 'arranque.js'))).toBe(true)
    for (const route of routes.interactivo) {
      const html = fs.readFileSync(path.join(clientDir(), route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8')
      const [boot] = bootTags(html)
      expect(boot, route).toMatch(/ defer/)
      const entry = /data-entrada="([^"]+)"/.exec(boot!)?.[1]
      const preloads = (/data-precargas="([^"]*)"/.exec(boot!)?.[1] ?? '').split(' ').filter(Boolean)
      expect(entry, route).toMatch(/^\/_app\/entries\/.+\.js$/)
      expect(preloads.length, route).toBeGreaterThan(1)
      for (const file of [entry!, ...preloads]) expect(fs.existsSync(path.join(clientDir(), file)), `${route}: ${file}`).toBe(true)
    }
  })
})
