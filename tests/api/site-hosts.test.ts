/**
 * One server, many hosts (src/server/siteHosts.ts): two tiny sites (copies of
 * tests/fixtures/manifest-min; B has a page of its own) built once, served by one process by their `Host`. Each host
 * serves its own pages and search; a filing on each gets number 1 of its own series; staff of site A reach nothing of
 * site B, with and without JavaScript; an unknown host gets a plain 404.
 */
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadPlatform, type Platform, type PlatformSite } from '../../src/manifest/platform.ts'
import { runBackupCommand } from '../../src/server/backupCommand.ts'
import { runExport } from '../../src/server/export.ts'
import { installationKey } from '../../src/server/features/backup/signature.ts'
import { verifyBackup } from '../../src/server/features/backup/verify.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { buildHostsServer, UNKNOWN_HOST_TEXT } from '../../src/server/siteHosts.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { ALL_SITE_TABLES } from '../../src/server/store/siteTenancy.ts'
import { askHost, type HostAnswer } from '../helpers/hostRequest.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { buildTwoSites, TWO_SITES_DIR, TWO_SITES_FILE, TWO_SITES_HOST, writeTwoSites } from '../helpers/twoSites.ts'
import { TINY_PDF } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = TWO_SITES_DIR
const platformFile = TWO_SITES_FILE
const HOST = TWO_SITES_HOST
const STAFF = { correo: 'siau@hospital.gov.co', clave: 'una clave larga de prueba 2026' }
const BROWSER = 'text/html,application/xhtml+xml'

type Answer = HostAnswer

let port = 0

/** A request to the one server as a browser at `host` makes it. */
const ask = (host: string, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  askHost(port, host, method, url, headers, body)

const cookie = (a: Answer, name: string) =>
  (a.headers['set-cookie'] ?? [])
    .find(c => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1)

/** A browser's visit at `host`: its XSRF cookie, and its office session once signed in. */
async function visitor(host: string): Promise<{ headers: (extra?: Record<string, string>) => Record<string, string>; signIn(): Promise<Answer> }> {
  const first = await ask(host, 'GET', '/api/tipo-solicitud')
  const xsrf = cookie(first, 'XSRF-TOKEN')!
  let session = ''
  const headers = (extra: Record<string, string> = {}) => ({ cookie: `XSRF-TOKEN=${xsrf}${session}`, 'x-xsrf-token': xsrf, ...extra })
  return {
    headers,
    async signIn() {
      const res = await ask(host, 'POST', '/api/oficina/sesion', headers({ 'content-type': 'application/json' }), JSON.stringify(STAFF))
      session = `; oficina_sesion=${cookie(res, 'oficina_sesion')}`
      return res
    },
  }
}

/** Files the contact form at `host` as the page's script does (multipart, with a PDF when asked). */
async function file(host: string, nombre: string, pdf = false): Promise<string> {
  const v = await visitor(host)
  const form = new FormData()
  for (const [k, v] of Object.entries({ nombre, tipo: '1', acepto: 'true' })) form.append(k, v)
  if (pdf) form.append('adjuntos', new Blob([TINY_PDF], { type: 'application/pdf' }), 'soporte.pdf')
  const encoded = new Request('http://x/', { method: 'POST', body: form })
  const res = await ask(
    host,
    'POST',
    '/api/contacto',
    v.headers({ 'content-type': encoded.headers.get('content-type')! }),
    Buffer.from(await encoded.arrayBuffer()),
  )
  expect(res.status, res.text).toBe(200)
  return (JSON.parse(res.text) as { id: string }).id
}

async function addStaff(site: PlatformSite, databaseUrl?: string): Promise<void> {
  const store = await openFilingStore({ dataDir: site.dataDir, plan: loadFilingForms(site.manifestDir).plan, siteId: site.id, databaseUrl })
  try {
    await store.createAccount({ correo: STAFF.correo, nombre: `Funcionaria ${site.id}`, rol: 'siau', clave: await hashPassword(STAFF.clave) })
  } finally {
    await store.close()
  }
}

let platform: Platform

/**
 * The platform's one server on a free port (`ask` talks to it); its data apart from any other run's. `sitesInMemory`:
 * 1 closes one site's server whenever the other's is asked (siteAppCache.ts), so every test also shows that a site
 * started again keeps its filings, numbering, sessions and pages.
 */
async function startServer(databaseUrl?: string, sitesInMemory?: number, memorySaving?: boolean): Promise<FastifyInstance> {
  for (const site of platform.sites) {
    fs.rmSync(site.dataDir, { recursive: true, force: true })
    await addStaff(site, databaseUrl)
  }
  const server = await buildHostsServer(
    { dataDir: dir, clientDir: dir, logLevel: 'silent', rateLimitMax: 10_000, databaseUrl, sitesInMemory, memorySaving },
    platform,
  )
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  port = typeof address === 'object' && address ? address.port : 0
  return server
}

beforeAll(() => {
  writeTwoSites()
  // Both at once, as `npm run build -- --todos` does (src/build/vikeConfigLock.ts keeps their Vike processes apart).
  buildTwoSites()
  const loaded = loadPlatform(platformFile)
  expect(loaded.problems).toEqual([])
  platform = loaded.platform!
}, 600_000)

/** A filing on each site, then what staff of A can reach of B's, with and without JavaScript. Returns the shared number. */
async function filingsAndStaff(): Promise<string> {
  const a = await file(HOST.a, 'Ana de A')
  const b = await file(HOST.b, 'Beto de B', true)
  expect(a).toMatch(/^CON-\d{4}-0*1$/)
  expect(b).toBe(a)

  // B's own staff see B's filing and its PDF at B's host.
  const staffB = await visitor(HOST.b)
  expect((await staffB.signIn()).status).toBe(200)
  expect((await ask(HOST.b, 'GET', `/api/oficina/radicaciones/${b}`, staffB.headers())).text).toContain('Beto de B')
  const pdf = await ask(HOST.b, 'GET', `/api/oficina/radicaciones/${b}/adjuntos/0`, staffB.headers())
  expect(pdf.status).toBe(200)
  expect(pdf.text.startsWith('%PDF')).toBe(true)

  const staffA = await visitor(HOST.a)
  expect((await staffA.signIn()).status).toBe(200)

  // With A's session at A's host, the number both share is A's filing; B's attachment is not there.
  const mine = await ask(HOST.a, 'GET', `/api/oficina/radicaciones/${a}`, staffA.headers())
  expect(mine.status).toBe(200)
  expect(mine.text).toContain('Ana de A')
  expect(mine.text).not.toContain('Beto')
  expect((await ask(HOST.a, 'GET', `/api/oficina/radicaciones/${b}/adjuntos/0`, staffA.headers())).status).toBe(404)
  const inbox = await ask(HOST.a, 'GET', '/api/oficina/radicaciones', staffA.headers())
  expect(inbox.status).toBe(200)
  expect(inbox.text).not.toContain('Beto')
  const pageMine = await ask(HOST.a, 'GET', `/oficina/radicaciones/${a}`, staffA.headers({ accept: BROWSER }))
  expect(pageMine.status).toBe(200)
  expect(pageMine.text).toContain('Ana de A')
  expect(pageMine.text).not.toContain('Beto')

  // A's session cookie sent to B's host is no session there: the API refuses, the pages send to the sign-in.
  for (const url of ['/api/oficina/radicaciones', `/api/oficina/radicaciones/${b}`, `/api/oficina/radicaciones/${b}/adjuntos/0`, '/api/oficina/auditoria']) {
    const res = await ask(HOST.b, 'GET', url, staffA.headers())
    expect(res.status, url).toBe(401)
    expect(res.text).not.toContain('Beto')
  }
  for (const url of ['/oficina', `/oficina/radicaciones/${b}`, '/oficina/auditoria']) {
    const res = await ask(HOST.b, 'GET', url, staffA.headers({ accept: BROWSER }))
    expect(res.status, url).toBe(303)
    expect(res.headers.location).toBe('/acceder')
    expect(res.text).not.toContain('Beto')
  }
  const act = await ask(
    HOST.b,
    'POST',
    `/api/oficina/radicaciones/${b}/acciones`,
    staffA.headers({ 'content-type': 'application/json' }),
    JSON.stringify({ accion: 'tramitar' }),
  )
  expect(act.status).toBe(401)
  return b
}

/**
 * The commands with `--sitio` (siteOption.ts) work on that site's data only: the export of its filings, its backup
 * (its rows, its attachments) and its accounts; a command that names no site is refused.
 */
async function commandsPerSite(databaseUrl?: string): Promise<void> {
  vi.stubEnv('PLATAFORMA', platformFile)
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' }
  try {
    expect(await runExport(['contactos', '--sitio', 'a'], env)).toContain('Ana de A')
    const csvB = await runExport(['contactos', '--sitio=b'], env)
    expect(csvB).toContain('Beto de B')
    expect(csvB).not.toContain('Ana de A')
    await expect(runExport(['contactos'], env)).rejects.toThrow('indique cuál con --sitio <id>')
    await expect(runExport(['contactos', '--sitio', 'c'], env)).rejects.toThrow('No existe el sitio «c»')
    // The published report of requests counts that site's filings only (one each): «Recibidas» of the total row.
    const year = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' }).slice(0, 4)
    const received = async (id: string) => {
      const csv = await runExport(['informe', '--anio', year, '--sitio', id], env)
      // Semicolon-separated, every cell quoted (no cell of this report holds a semicolon or a quote).
      const rows = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .map(r => r.split(';').map(c => c.replace(/^"|"$/g, '')))
      const total = rows.find(r => r[1] === 'Total')!
      return total[rows[0]!.indexOf('Recibidas')]
    }
    expect([await received('a'), await received('b')]).toEqual(['1', '1'])

    const destination = path.join(dir, `respaldos-${databaseUrl ? 'pg' : 'sqlite'}`)
    fs.rmSync(destination, { recursive: true, force: true })
    expect(await runBackupCommand(['--sitio', 'b', '--destino', destination], env)).toBe(0)
    const [archive] = fs.readdirSync(destination).filter(f => f.endsWith('.tar.gz'))
    const check = await verifyBackup(path.join(destination, archive!), installationKey(platform.sites.find(s => s.id === 'b')!.dataDir))
    expect(check.problems).toEqual([])
    expect([check.manifest!.tablas.radicaciones, check.manifest!.tablas.cuentas, check.manifest!.adjuntos]).toEqual([1, 1, 1])
  } finally {
    vi.unstubAllEnvs()
  }
  const usuarios = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['lista', '--sitio', 'b']), {
    env: { ...process.env, PLATAFORMA: platformFile, DATABASE_URL: databaseUrl ?? '' },
    encoding: 'utf8',
  })
  expect(usuarios.status, usuarios.stderr).toBe(0)
  expect(usuarios.stdout).toContain('Funcionaria b')
  expect(usuarios.stdout).not.toContain('Funcionaria a')
}

describe('one server, many hosts (SQLite: a database file per site; one site in memory at a time)', () => {
  let server: FastifyInstance | undefined
  beforeAll(async () => {
    // With V8's memory-saving mode (PLATAFORMA_AHORRO_MEMORIA=si), as an operator short of memory runs it.
    server = await startServer(undefined, 1, true)
  })
  afterAll(async () => {
    await server?.close()
  })
  it('says at start that V8 saves memory when asked to, and that the heap is collected before it grows by half (src/server/memorySaving.ts)', () => {
    expect(server!.startupFacts().memoria).toBe(
      'modo de ahorro de V8 (--optimize-for-size); recolección cuando el montón crece un 50 % (--heap-growing-percent=50)',
    )
  })
  it('each host serves its own pages and search; an unknown host gets a plain 404', async () => {
    const pageB = await ask(HOST.b, 'GET', '/extra', { accept: BROWSER })
    expect(pageB.status).toBe(200)
    expect(pageB.text).toContain('Esta página es solo del sitio B.')
    const pageA = await ask(HOST.a, 'GET', '/extra', { accept: BROWSER })
    expect(pageA.status).toBe(404)
    expect(pageA.text).not.toContain('solo del sitio B')
    expect((await ask(HOST.a, 'GET', '/', { accept: BROWSER })).status).toBe(200)
    // The port in Host, and upper case, name the same site.
    expect((await ask(`B.Example.gov.co:${port}`, 'GET', '/extra')).text).toContain('solo del sitio B')

    const search = async (host: string) => JSON.parse((await ask(host, 'GET', '/api/search?q=lactancia')).text) as Array<{ route: string }>
    expect((await search(HOST.b)).map(r => r.route)).toContain('/extra')
    expect(await search(HOST.a)).toEqual([])

    for (const host of ['c.example.gov.co', '127.0.0.1', `localhost:${port}`]) {
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/extra'],
        ['GET', '/oficina'],
        ['POST', '/api/contacto'],
      ] as const) {
        const res = await ask(host, method, url, { accept: BROWSER })
        expect(res.status, `${method} ${host}${url}`).toBe(404)
        expect(res.headers['content-type']).toMatch(/^text\/plain/)
        expect(res.text).toBe(UNKNOWN_HOST_TEXT)
      }
    }
  })

  it("every site's daily backup is made from the server's start, also for sites no request has reached", async () => {
    const destination = path.join(dir, 'respaldos-diarios')
    fs.rmSync(destination, { recursive: true, force: true })
    // RESPALDO_HORA a few seconds from now, Colombian time (UTC−5).
    const hour = new Date(Date.now() - 5 * 3_600_000 + 4_000).toISOString().slice(11, 19)
    const front = await buildHostsServer({ dataDir: dir, clientDir: dir, logLevel: 'silent', backup: { hour, destination, keep: 2 } }, platform)
    const archives = (id: string) =>
      fs.existsSync(path.join(destination, 'sitios', id)) ? fs.readdirSync(path.join(destination, 'sitios', id)).filter(f => f.endsWith('.tar.gz')) : []
    try {
      // No request at all: neither site's app is built.
      for (let waited = 0; waited < 90_000 && (archives('a').length === 0 || archives('b').length === 0); waited += 250)
        await new Promise(r => setTimeout(r, 250))
    } finally {
      await front.close()
    }
    expect(archives('a')).toHaveLength(1)
    expect(archives('b')).toHaveLength(1)
  }, 120_000)

  it("a filing on each site gets number 1 of its own series; staff of A reach nothing of B's, with or without JavaScript", async () => {
    await filingsAndStaff()
    // Each site's own file, in its data folder, holds its own filing only.
    const names = (id: string) => {
      const db = new Database(path.join(platform.sites.find(s => s.id === id)!.dataDir, 'radicaciones.sqlite'), { readonly: true })
      try {
        return (db.prepare('SELECT datos FROM radicaciones').all() as Array<{ datos: string }>).map(r => (JSON.parse(r.datos) as { nombre: string }).nombre)
      } finally {
        db.close()
      }
    }
    expect(names('a')).toEqual(['Ana de A'])
    expect(names('b')).toEqual(['Beto de B'])
    await commandsPerSite()
  })
})

describe('one server, many hosts (PostgreSQL: one database, row-level security per site)', () => {
  const suffix = `${process.pid}_${Date.now() % 100_000}`
  const OWNER = `duenio_sitios_${suffix}`
  const SERVER = `servidor_sitios_${suffix}`
  let database: PlatformDatabase | undefined
  let adminUrl: string
  let ownerUrl: string
  let serverUrl: string
  let server: FastifyInstance | undefined
  // A platform's server role must prove its site (docs/decisions/platform.md): the guide's key, registered and in the
  // service's environment, which the server and the commands started below read.
  const KEY = randomBytes(32).toString('hex')
  const keyBefore = process.env[SITE_KEY_VARIABLE]

  beforeAll(async () => {
    database = await platformDatabase('sitios', OWNER, SERVER, KEY)
    ;({ adminUrl, ownerUrl, serverUrl } = database)
    process.env[SITE_KEY_VARIABLE] = KEY
    server = await startServer(serverUrl)
  })
  afterAll(async () => {
    await server?.close()
    await database?.drop()
    if (keyBefore === undefined) delete process.env[SITE_KEY_VARIABLE]
    else process.env[SITE_KEY_VARIABLE] = keyBefore
  })

  it("a filing on each site gets number 1 of its own series; staff of A reach nothing of B's; the database itself keeps each site to its rows", async () => {
    const number = await filingsAndStaff()
    // Both sites' rows are in the one database (its administrator sees them all)…
    const all = await querySite<{ sitio: string; radicado: string }>(adminUrl, undefined, 'SELECT sitio, radicado FROM radicaciones ORDER BY sitio')
    expect(all).toEqual([
      { sitio: 'a', radicado: number },
      { sitio: 'b', radicado: number },
    ])
    // …a connection that names no site reads nothing, in any table, whether the server's role or the tables' owner…
    for (const url of [serverUrl, ownerUrl])
      for (const table of ALL_SITE_TABLES) expect(await querySite(url, undefined, `SELECT 1 FROM ${table}`), `${table}`).toEqual([])
    // …and site A's sees A's rows only, and can neither write nor move a row into B.
    const seenByA = await querySite<{ datos: { nombre: string } }>(serverUrl, 'a', 'SELECT datos FROM radicaciones', [], KEY)
    expect(seenByA.map(r => r.datos.nombre)).toEqual(['Ana de A'])
    expect((await querySite(ownerUrl, 'a', 'SELECT 1 FROM cuentas')).length).toBe(1)
    await expect(querySite(serverUrl, 'a', "UPDATE radicaciones SET sitio = 'b'", [], KEY)).rejects.toThrow(/row-level security/)
    await expect(
      querySite(serverUrl, 'a', "INSERT INTO auditoria (sitio, en, evento) VALUES ('b', '2026-01-01T00:00:00Z', 'intruso')", [], KEY),
    ).rejects.toThrow(/row-level security/)
    await expect(querySite(serverUrl, undefined, "INSERT INTO auditoria (en, evento) VALUES ('2026-01-01T00:00:00Z', 'sin sitio')")).rejects.toThrow()
    // The commands, as the server's role: the site's rows only.
    await commandsPerSite(serverUrl)
  })
})
