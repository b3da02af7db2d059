import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { clientDir, startInProcess, type RunningServer } from './helpers.ts'

/** Needs the built site: `npm test` builds before vitest (or BUILD_OUT_DIR points at a build). */
const dir = clientDir()
const redirects = loadManifest()
  .manifest.pages.map(p => p.data)
  .filter(p => p.redirigirA)

function files(under: string, test: (f: string) => boolean): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(under, { withFileTypes: true })) {
    const full = path.join(under, e.name)
    if (e.isDirectory()) out.push(...files(full, test))
    else if (test(full)) out.push(full)
  }
  return out
}
const rel = (f: string) => '/' + path.relative(dir, f).split(path.sep).join('/')

let server: RunningServer
const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => fetch(`${server.url}${p}`, { headers, method, redirect: 'manual' })

/** Conditional requests through node:http: fetch adds `Cache-Control: no-cache` to them, which forces a full answer. */
function status(p: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${p}`, { headers }, res => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      .on('error', reject)
  })
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`No hay sitio compilado en ${dir}: ejecute npm run build (o defina BUILD_OUT_DIR).`)
  server = await startInProcess({ label: 'static' })
})
afterAll(async () => {
  await server?.close()
})

describe('pre-rendered pages', () => {
  it('/ and /ruta and /ruta/ answer the page, revalidated (no-cache + ETag → 304)', async () => {
    const home = await get('/')
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toMatch(/^text\/html/)
    expect(home.headers.get('cache-control')).toBe('no-cache')
    expect(await home.text()).toBe(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))
    const etag = home.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(await status('/', { 'if-none-match': etag })).toBe(304)

    const expected = fs.readFileSync(path.join(dir, 'hospital/hospital/index.html'), 'utf8')
    for (const p of ['/hospital/hospital', '/hospital/hospital/', '/hospital/hospital?x=1']) {
      const res = await get(p)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(expected)
    }
  })

  it('group paths with redirigirA answer 301 to their main child', async () => {
    expect(redirects.length).toBeGreaterThan(0)
    for (const page of redirects) {
      for (const p of [page.ruta, `${page.ruta}/`]) {
        const res = await get(p)
        expect(res.status, p).toBe(301)
        expect(res.headers.get('location')).toBe(page.redirigirA)
      }
    }
  })

  it('unknown paths answer the site 404 page with status 404', async () => {
    const page404 = fs.readFileSync(path.join(dir, '404.html'), 'utf8')
    for (const p of ['/no-existe', '/hospital/no-existe/', '/assets/no-existe.pdf', '/_app/no-existe.js']) {
      const res = await get(p)
      expect(res.status, p).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await res.text()).toBe(page404)
    }
    expect((await get('/no-existe', {}, 'HEAD')).status).toBe(404)
  })

  it('API paths never fall into the site', async () => {
    const res = await get('/api/no-existe')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('hidden files and paths outside the site are not served', async () => {
    for (const p of ['/.vite/manifest.json', '/..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2f..%2fpackage.json', '/..\\package.json']) {
      const res = await get(p)
      expect(res.status, p).toBeGreaterThanOrEqual(400)
      expect(res.status, p).toBeLessThan(500)
      expect(await res.text()).not.toContain('"devDependencies"')
    }
  })

  it('every pre-rendered page loads script only from files: no inline script needs the CSP', () => {
    const pages = files(dir, f => f.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(10)
    for (const page of pages) {
      for (const tag of fs.readFileSync(page, 'utf8').match(/<script\b[^>]*>/g) ?? []) {
        expect(/\bsrc="\/[^"]*"/.test(tag) || /type="application\/json"/.test(tag), `${rel(page)}: ${tag}`).toBe(true)
      }
      expect(fs.readFileSync(page, 'utf8'), rel(page)).not.toMatch(/\son[a-z]+="/)
    }
  })
})

describe('cache headers and compression', () => {
  it('hashed files under /_app are immutable for a year, without cookies', async () => {
    const js = files(path.join(dir, '_app'), f => f.endsWith('.js'))[0]!
    const res = await get(rel(js))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('staff files under /assets: short max-age with revalidation; PDFs may be framed by the site itself', async () => {
    const pdf = files(path.join(dir, 'assets'), f => f.endsWith('.pdf'))[0]!
    const res = await get(rel(pdf))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('cache-control')).toBe('public, max-age=600, must-revalidate')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.getSetCookie()).toEqual([])
    const lastModified = res.headers.get('last-modified')!
    expect(await status(rel(pdf), { 'if-modified-since': lastModified })).toBe(304)
  })

  it('pages set the XSRF-TOKEN cookie and carry the security headers', async () => {
    const res = await get('/pqrsd')
    expect(res.headers.getSetCookie().some(c => c.startsWith('XSRF-TOKEN='))).toBe(true)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('HTML, JS and JSON are compressed for clients that accept it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/', { 'accept-encoding': encoding })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      // fetch decodes transparently: the page is intact.
      expect(await res.text()).toContain('</html>')
    }
    const api = await get('/api/search?q=hospital', { 'accept-encoding': 'gzip' })
    expect(api.headers.get('content-encoding')).toBe('gzip')
  })
})
