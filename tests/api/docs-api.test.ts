import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSiteData } from '../../src/server/siteData.ts'
import { clientDir, startInProcess } from './helpers.ts'

/**
 * docs/api.md says what the server answers (docs/decisions/testing.md): every route the
 * server registers is documented there with its method, and every
 * `METHOD /path` the document names is a route of the server. Routes that come
 * from the manifest and are documented by kind (the lookup lists
 * `/api/<lista>`, the pages of the published report, group redirects) and the
 * static site's catch-all are left out; the filing endpoints of the sample
 * manifest are documented one by one.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const API_DOC = fs.readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8')

/** `METHOD /path` pairs named in a text (the route's own parameter names: `:radicado`). */
export function documentedRoutes(text: string): string[] {
  const out = new Set<string>()
  for (const m of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s`?|]*)/g)) {
    if (/[<>…]/.test(m[2]!)) continue
    out.add(`${m[1]} ${m[2]!.replace(/\/$/, '') || '/'}`)
  }
  return [...out].sort()
}

describe('docs/api.md and the server agree', () => {
  let server: Awaited<ReturnType<typeof startInProcess>>
  let served: string[]

  beforeAll(async () => {
    server = await startInProcess({ label: 'docs-api' })
    // The manifest the server was built from: its lookup lists, report pages and redirects are documented by kind.
    const site = loadSiteData(undefined, clientDir())
    const lookups = new Set(Object.keys(site.lookups.listas ?? {}).map(name => `/api/${name}`))
    const byKind = new Set([...lookups, ...site.reportPages, ...site.redirects.keys(), '/*'])
    served = [
      ...new Set(
        server.app.registeredRoutes
          .filter(r => r.method !== 'HEAD' && !byKind.has(r.url) && !/^\/api\/tipo-/.test(r.url))
          .map(r => `${r.method} ${r.url.replace(/\/$/, '') || '/'}`),
      ),
    ].sort()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reads `METHOD /path` from the document (the reader itself)', () => {
    expect(documentedRoutes('| `GET /api/search?q=` | x | `POST /api/oficina/radicaciones/:radicado/acciones` y `GET /api/<lista>`')).toEqual([
      'GET /api/search',
      'POST /api/oficina/radicaciones/:radicado/acciones',
    ])
  })

  it('every route the server registers is documented', () => {
    expect(served.length).toBeGreaterThan(20)
    const documented = new Set(documentedRoutes(API_DOC))
    expect(served.filter(r => !documented.has(r))).toEqual([])
  })

  it('every route the document names is served', () => {
    const registered = new Set(server.app.registeredRoutes.map(r => `${r.method} ${r.url.replace(/\/$/, '') || '/'}`))
    expect(documentedRoutes(API_DOC).filter(r => !registered.has(r))).toEqual([])
  })
})
