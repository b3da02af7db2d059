import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { layoutShifts, shiftFailure } from './pageChecks.ts'

/**
 * A page that arrives slowly must not move as the rest of it arrives. On a slow rural connection (and on a busy
 * machine) the browser paints what it has parsed so far; if the header's layout depends on elements further down the
 * document, they push what is already shown when they arrive (docs/decisions/rendering.md's sweep caught this only now and then: the
 * display controls sat beside the date until the last of them arrived, then wrapped under it).
 *
 * A small proxy in front of the site sends each page's HTML up to the end of the header in pieces of at least CHUNK
 * bytes, PAUSE ms apart, so the partial states of the header are painted; the rest of the page and every other file
 * pass through whole. Pieces end after a closing tag: the guard is against a layout that depends on elements still to
 * come, not against an element whose own text arrives in halves (a menu item half there wraps when the rest comes,
 * whatever the layout). The layout shifts the browser reports are summed as in layout-shift.spec.ts
 * (tests/e2e/pageChecks.ts).
 */
const LIMIT = 0.01
const CHUNK = 256
const PAUSE = 40
const ROUTES = ['/', '/hospital/agremiaciones', '/pqrsd']
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1366, height: 768 },
]
const STORED_PREFERENCES: Record<string, string> = {
  'ese-fuente': 'grande',
  'ese-gris': '1',
}

/**
 * Where the parser may stop inside the breadcrumb's last item: after its `<li>` or after its link's opening tag. The
 * item was painted with the separator and Pico's padding, at the end of a line, and jumped to the next line when its
 * text came (seen in CI on a phone with the large font, 0.0126).
 */
function breadcrumbCut(html: string, where: 'item' | 'enlace'): number {
  const nav = html.indexOf('class="migas"')
  const item = html.lastIndexOf('<li>', html.indexOf('aria-current="page"', nav))
  if (nav < 0 || item < nav) throw new Error('no breadcrumb with a current page')
  return where === 'item' ? item + '<li>'.length : html.indexOf('>', html.indexOf('<a', item)) + 1
}
const CUT_PAUSE = 300
/** A page whose last crumb starts near the end of a line at 412 px with the large font, so it wraps when whole. */
const CUT_ROUTE = '/nuestra-gestion/planeacion/informes-gestion'

// Independent sweeps: they share the workers (each worker starts its own proxy).
test.describe.configure({ mode: 'parallel' })

let proxy: Server
let proxyOrigin: string

test.beforeAll(async ({ baseURL }) => {
  proxy = createServer(async (req, res) => {
    // /~corte/<item|enlace>/<route>: the page whole but for one pause inside the breadcrumb's last item.
    const cut = /^\/~corte\/(item|enlace)(\/.*)$/.exec(req.url ?? '')
    const upstream = await fetch(new URL(cut?.[2] ?? req.url ?? '/', baseURL), {
      headers: { accept: req.headers.accept ?? '*/*' },
      redirect: 'manual',
    })
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([k]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)),
    )
    const body = Buffer.from(await upstream.arrayBuffer())
    res.writeHead(upstream.status, headers)
    const html = (upstream.headers.get('content-type') ?? '').startsWith('text/html')
    if (cut) {
      const at = breadcrumbCut(body.toString('latin1'), cut[1] as 'item' | 'enlace')
      res.write(body.subarray(0, at))
      await new Promise(r => setTimeout(r, CUT_PAUSE))
      return res.end(body.subarray(at))
    }
    const end = html ? body.indexOf('</header>') : -1
    if (end < 0) return res.end(body)
    let from = 0
    for (const m of body
      .subarray(0, end)
      .toString('latin1')
      .matchAll(/<\/[a-z0-9]+>/g)) {
      const to = m.index + m[0].length
      if (to - from < CHUNK) continue
      res.write(body.subarray(from, to))
      from = to
      await new Promise(r => setTimeout(r, PAUSE))
    }
    res.end(body.subarray(from))
  })
  await new Promise<void>(r => proxy.listen(0, '127.0.0.1', r))
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>(r => proxy.close(() => r())))

for (const viewport of VIEWPORTS) {
  for (const stored of [false, true]) {
    test(`header arriving piece by piece does not move, ${viewport.name}, ${stored ? 'stored display preferences' : 'default display'}`, async ({
      context,
      page,
    }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({
        width: viewport.width,
        height: viewport.height,
      })
      if (stored)
        await context.addInitScript(prefs => {
          for (const [k, v] of Object.entries(prefs)) window.localStorage.setItem(k, v)
        }, STORED_PREFERENCES)
      await page.clock.setFixedTime(new Date(2026, 8, 30, 12))
      const failures: string[] = []
      for (const route of ROUTES) {
        await page.goto(proxyOrigin + route, { waitUntil: 'load' })
        await expect(page.locator('.fecha-actual time')).toHaveText('Miércoles, 30 de septiembre de 2026')
        const failure = shiftFailure(route, await layoutShifts(page), LIMIT)
        if (failure) failures.push(failure)
      }
      expect(failures).toEqual([])
    })
  }
}

test('a breadcrumb item painted before its link arrives does not jump to the next line, phone, large font', async ({ context, page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await context.addInitScript(prefs => {
    for (const [k, v] of Object.entries(prefs)) window.localStorage.setItem(k, v)
  }, STORED_PREFERENCES)
  const failures: string[] = []
  for (const where of ['item', 'enlace']) {
    await page.goto(`${proxyOrigin}/~corte/${where}${CUT_ROUTE}`, {
      waitUntil: 'load',
    })
    await expect(page.locator('.migas [aria-current="page"]')).toHaveText('Informes de gestión')
    const failure = shiftFailure(where, await layoutShifts(page), LIMIT)
    if (failure) failures.push(failure)
  }
  expect(failures).toEqual([])
})
