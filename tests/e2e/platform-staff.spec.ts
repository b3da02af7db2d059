import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { freePort } from '../../scripts/lib/updateHealth.ts'
import { askHost } from '../helpers/hostRequest.ts'
import { buildTwoSites, TWO_SITES_FILE, TWO_SITES_HOST as HOST, twoSitesBuilt, writeTwoSites } from '../helpers/twoSites.ts'
import { chromiumExecutable } from './browser.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * Staff isolation between two hospitals of one server, in the browser («staff of site A get 403/404 for
 * every office route, download and export of site B, with and without JavaScript»; without it: tests/api/site-hosts
 * .test.ts). Chromium maps both host names to this machine (`--host-resolver-rules`), so cookies are kept per host
 * as on the Internet. Staff of A sign in at A; at B their browser, its scripts and A's own password reach nothing of
 * B's: every office page sends to B's sign-in, the office API and the downloads answer 401, A's password is unknown
 * there. (The exports are commands, `npm run export -- --sitio`, tested in site-hosts.test.ts: no route serves them.)
 * The two sites are the ones tests/api/site-hosts.test.ts built, when it ran before; else they are built here.
 */
const DATA_DIR = path.resolve('test-results/e2e-plataforma-datos')
const STAFF = {
  a: { correo: 'siau.a@hospital-a.gov.co', clave: 'clave larga del sitio A 2026' },
  b: { correo: 'siau.b@hospital-b.gov.co', clave: 'clave larga del sitio B 2026' },
}
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

let port = 0
let server: ChildProcess | undefined
let shared = ''
const at = (site: 'a' | 'b', url = '') => `http://${HOST[site]}:${port}${url}`

test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST.a} 127.0.0.1, MAP ${HOST.b} 127.0.0.1`],
  },
})

const ask = (host: string, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  askHost(port, host, method, url, headers, body)

/** A citizen's filing of the contact form at `host`, as its page's script sends it (with a PDF when asked). */
async function file(host: string, nombre: string, pdf: boolean): Promise<string> {
  const first = await ask(host, 'GET', '/api/tipo-solicitud')
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec((first.headers['set-cookie'] ?? []).join('\n'))![1]!
  const form = new FormData()
  for (const [k, v] of Object.entries({ nombre, tipo: '1', acepto: 'true' })) form.append(k, v)
  if (pdf)
    form.append('adjuntos', new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')], { type: 'application/pdf' }), 'b.pdf')
  const encoded = new Request('http://x/', { method: 'POST', body: form })
  const res = await ask(
    host,
    'POST',
    '/api/contacto',
    { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': encoded.headers.get('content-type')! },
    Buffer.from(await encoded.arrayBuffer()),
  )
  expect(res.status, res.text).toBe(200)
  return (JSON.parse(res.text) as { id: string }).id
}

/** The site's sign-in page (its `acceso` section), its script loaded, as office.spec.ts waits for it. */
async function signInPage(page: Page, site: 'a' | 'b'): Promise<void> {
  await page.goto(at(site, '/acceder'))
  await page.waitForLoadState('networkidle')
}

/** Fills the sign-in form of the page shown with `who`'s account and sends it. */
async function submitSignIn(page: Page, who: 'a' | 'b'): Promise<void> {
  await page.fill('#acceso-correo', STAFF[who].correo)
  await page.fill('#acceso-clave', STAFF[who].clave)
  await page.getByRole('button', { name: 'Ingresar' }).click()
}

test.beforeAll(async () => {
  test.setTimeout(600_000)
  if (!twoSitesBuilt()) {
    writeTwoSites()
    buildTwoSites()
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true })
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: TWO_SITES_FILE, DATA_DIR }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'PUBLICACIONES_DIR', 'DATABASE_URL']) delete env[k]
  for (const site of ['a', 'b'] as const) {
    const r = spawnSync(
      process.execPath,
      compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF[site].correo, '--nombre', `Funcionaria ${site}`, '--rol', 'admin', '--sitio', site]),
      { env, input: `${STAFF[site].clave}\n`, encoding: 'utf8' },
    )
    expect(r.status, r.stderr).toBe(0)
  }
  port = await freePort()
  server = spawn(process.execPath, compiledNodeArgs('src/server/main.ts'), {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOG_FILE: '', RESPALDO_HORA: 'no', RATE_LIMIT_MAX: '10000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let i = 0; ; i++) {
    const up = await ask(HOST.a, 'GET', '/salud').catch(() => undefined)
    if (up?.status === 200) break
    if (i > 240 || server.exitCode !== null) throw new Error('the platform server did not start')
    await new Promise(r => setTimeout(r, 250))
  }
  // The same number on both sites (each its own series): A's filing and B's, which carries a PDF.
  const a = await file(HOST.a, 'Ana de A', false)
  shared = await file(HOST.b, 'Beto de B', true)
  expect(shared).toBe(a)
})

test.afterAll(() => {
  server?.kill('SIGTERM')
})

test("staff of site A, signed in with the browser, reach nothing of site B's: pages, API, downloads, A's password", async ({ page }) => {
  test.setTimeout(120_000)
  // Signed in at A: A's filing under the number both sites gave.
  await signInPage(page, 'a')
  await submitSignIn(page, 'a')
  await expect(page).toHaveURL(at('a', '/oficina'))
  await page.goto(at('a', `/oficina/radicaciones/${shared}`))
  await expect(page.locator('main')).toContainText('Ana de A')
  expect(await page.content()).not.toContain('Beto')
  // The session works for A's scripts at A…
  expect(await page.evaluate(async url => (await fetch(url)).status, `/api/oficina/radicaciones/${shared}`)).toBe(200)
  // …and a script of A's page cannot read B's office API.
  const crossSite = await page.evaluate(
    async url => {
      try {
        const res = await fetch(url, { credentials: 'include' })
        return `${res.status} ${await res.text()}`
      } catch {
        return 'bloqueado'
      }
    },
    at('b', `/api/oficina/radicaciones/${shared}`),
  )
  expect(crossSite).not.toContain('Beto')

  // B's office pages send to B's sign-in.
  for (const url of ['/oficina', `/oficina/radicaciones/${shared}`, '/oficina/auditoria', '/oficina/radicar']) {
    await page.goto(at('b', url))
    await expect(page, url).toHaveURL(at('b', '/acceder'))
    expect(await page.content(), url).not.toContain('Beto')
  }
  // B's office API, its downloads and its actions, asked by a script of B's own page: 401, nothing of B's.
  const answers = await page.evaluate(
    async urls => {
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? ''
      const out: Array<[string, number, string]> = []
      for (const url of urls) {
        const res = await fetch(url)
        out.push([url, res.status, await res.text()])
      }
      const act = await fetch(urls[1]! + '/acciones', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ accion: 'en_tramite' }),
      })
      out.push(['acciones', act.status, await act.text()])
      return out
    },
    [
      '/api/oficina/radicaciones',
      `/api/oficina/radicaciones/${shared}`,
      `/api/oficina/radicaciones/${shared}/adjuntos/0`,
      `/api/oficina/radicaciones/${shared}/respuestas/1`,
      '/api/oficina/auditoria',
      '/api/oficina/sesion',
    ],
  )
  for (const [url, status, text] of answers) {
    expect(status, url).toBe(401)
    expect(text, url).not.toMatch(/Beto|%PDF/)
  }
  // The attachment's address opened in the browser: no download, no PDF.
  const download = await page.goto(at('b', `/api/oficina/radicaciones/${shared}/adjuntos/0`))
  expect(download?.status()).toBe(401)

  // A's password is unknown at B: B's sign-in refuses it, B's office stays closed.
  await signInPage(page, 'b')
  await submitSignIn(page, 'a')
  await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible()
  await page.goto(at('b', '/oficina'))
  await expect(page).toHaveURL(at('b', '/acceder'))
  await signInPage(page, 'b')

  // B's own staff, in the same browser, see B's filing and its PDF at B; A's session still shows A's only.
  await submitSignIn(page, 'b')
  await expect(page).toHaveURL(at('b', '/oficina'))
  await page.goto(at('b', `/oficina/radicaciones/${shared}`))
  await expect(page.locator('main')).toContainText('Beto de B')
  expect(await page.evaluate(async url => (await fetch(url)).status, `/api/oficina/radicaciones/${shared}/adjuntos/0`)).toBe(200)
  await page.goto(at('a', `/oficina/radicaciones/${shared}`))
  await expect(page.locator('main')).toContainText('Ana de A')
  expect(await page.content()).not.toContain('Beto')
})
