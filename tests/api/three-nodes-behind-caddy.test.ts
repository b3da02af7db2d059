/**
 * Three platform server nodes behind Caddy, sharing only PostgreSQL (docs/decisions/platform.md, «Several nodes behind
 * Caddy»): each node a process as the service starts it, with its own data, publications and backup folders; Caddy
 * runs the shipped despliegue/Caddyfile-nodos (tests/helpers/platformNodes.ts). A burst of filings over two sites
 * goes through Caddy and one node is killed (SIGKILL) in the middle of it: every acknowledged filing is stored once,
 * each site's numbers stay 1..n, and what failed was not acknowledged. A citizen's attachment received by one node
 * downloads from another, asked directly. The daily backup fired on the three nodes at once backs each site up once.
 * The nodes' clock is set (libfaketime): their numbers' year does not depend on the day the test runs.
 * A publication through the database (the sample site's build, retitled) reaches every surviving node's own disk.
 * The two sites are the tiny ones of tests/helpers/twoSites.ts, never built: the nodes serve their API.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPlatform, type PlatformSite } from '../../src/manifest/platform.ts'
import { ARCHIVE_PATTERN } from '../../src/server/features/backup/archive.ts'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { backUpSites } from '../../src/server/siteHosts.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { publishInto } from '../../scripts/lib/sitePublish.ts'
import { clientDir } from '../helpers/builtSite.ts'
import { askHost, type HostAnswer } from '../helpers/hostRequest.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { connectionPorts, type PlatformNode, type PlatformNodes, startPlatformNodes } from '../helpers/platformNodes.ts'
import { bogota, processClockAt, TestClock } from '../helpers/testClock.ts'
import { TWO_SITES_HOST, writeTwoSites } from '../helpers/twoSites.ts'
import { tempDataDir } from './helpers.ts'
import { capturedLog } from '../helpers/capturedLog.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const KEY = randomBytes(32).toString('hex')
const SITES = ['a', 'b'] as const
type Site = (typeof SITES)[number]
const HOST = TWO_SITES_HOST
const STAFF = { correo: 'siau@hospital.gov.co', clave: 'una clave larga de prueba 2026' }
/**
 * The burst: filings alternating between the sites, CONCURRENCY in flight at once; one node killed after KILL_AFTER
 * answers; then on until AFTER_DEATH filings were sent once the node was gone (at least FILINGS in all).
 */
const FILINGS = 120
const CONCURRENCY = 10
const KILL_AFTER = 40
const AFTER_DEATH = 40
const BACKUP_DAY = '2026-11-25'
/** The page a publication retitles, and its new title. */
const PUBLISHED_PAGE = '/hospital/junta'
const PUBLISHED_TITLE = 'Junta publicada para todos los nodos'

const keyBefore = process.env[SITE_KEY_VARIABLE]
let database: PlatformDatabase | undefined
let platform: PlatformNodes | undefined
let sites: PlatformSite[] = []

beforeAll(async () => {
  const work = tempDataDir('tres-nodos')
  const dir = path.join(work, 'plataforma')
  writeTwoSites(dir)
  const platformFile = path.join(dir, 'plataforma.yaml')
  process.env[SITE_KEY_VARIABLE] = KEY
  database = await platformDatabase('tres_nodos', `duenio_nodos_${suffix}`, `servidor_nodos_${suffix}`, KEY)
  // Staff of site A, to download the attachment through another node's office.
  sites = loadPlatform(platformFile).platform!.sites
  const siteA = sites.find(s => s.id === 'a')!
  const store = await openFilingStore({
    dataDir: path.join(work, 'cuentas'),
    plan: loadFilingForms(siteA.manifestDir).plan,
    databaseUrl: database.serverUrl,
    siteId: 'a',
  })
  try {
    await store.createAccount({ correo: STAFF.correo, nombre: 'Funcionaria A', rol: 'siau', clave: await hashPassword(STAFF.clave) })
  } finally {
    await store.close()
  }
  platform = await startPlatformNodes({
    platformFile,
    databaseUrl: database.serverUrl,
    siteKey: KEY,
    workDir: work,
    // The nodes' clock: a plain Wednesday morning (the year of their numbers fixed), whatever day the test runs.
    env: processClockAt(bogota(`${BACKUP_DAY}T10:00`), Date.now()),
  })
}, 150_000)

afterAll(async () => {
  await platform?.stop()
  await database?.drop()
  if (keyBefore === undefined) delete process.env[SITE_KEY_VARIABLE]
  else process.env[SITE_KEY_VARIABLE] = keyBefore
})

/** A request through Caddy, as a browser at the site's domain makes it. */
const viaProxy = (site: Site, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  askHost(platform!.proxyPort, HOST[site], method, url, headers, body)

const cookieOf = (a: HostAnswer, name: string) =>
  (a.headers['set-cookie'] ?? [])
    .find(c => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1)

/** A visitor's anti-forgery headers at `host` (the cookie is checked against the header: any node accepts them). */
async function visitor(ask: (method: string, url: string, headers?: Record<string, string>, body?: string) => Promise<HostAnswer>) {
  const xsrf = cookieOf(await ask('GET', '/api/tipo-solicitud'), 'XSRF-TOKEN')!
  return (extra: Record<string, string> = {}) => ({ cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, ...extra })
}

/** A site's contact filings as its own connection sees them, through the owner's account (the row policy applies to it too). */
async function storedFilings(site: Site): Promise<Array<{ radicado: string; nombre: string }>> {
  const rows = await querySite<{ radicado: string; nombre: string }>(
    database!.ownerUrl,
    site,
    "SELECT radicado, datos->>'nombre' AS nombre FROM radicaciones WHERE tipo = 'contacto'",
    [],
    KEY,
  )
  return rows
}

const numberOf = (radicado: string) => Number(radicado.split('-').pop())

/**
 * SIGKILL for `node` at the numbering's worst moment: while one of its PostgreSQL connections is inside a transaction
 * that has written (a filing between taking its number and its commit). The node is frozen (SIGSTOP) as soon as one is
 * seen, so that the commit cannot slip in; seen again still open, it is killed, else let go and watched again.
 * True when it was killed that way (false: killed anyway after 10 s without seeing one).
 */
async function killInsideATransaction(node: PlatformNode): Promise<boolean> {
  const client = new pg.Client({ connectionString: database!.adminUrl })
  await client.connect()
  const pgPort = Number(new URL(database!.adminUrl).port)
  const writing = async () =>
    (
      await client.query<{ pid: number; xid: string }>(
        'SELECT pid, backend_xid::text AS xid FROM pg_stat_activity WHERE client_port = ANY($1) AND backend_xid IS NOT NULL',
        [connectionPorts(node.proc.pid!, pgPort)],
      )
    ).rows
  try {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const open = await writing()
      if (open.length === 0) continue
      node.proc.kill('SIGSTOP')
      if ((await writing()).some(r => open.some(o => o.pid === r.pid && o.xid === r.xid))) {
        await node.kill('SIGKILL')
        return true
      }
      node.proc.kill('SIGCONT')
    }
    await node.kill('SIGKILL')
    return false
  } finally {
    await client.end()
  }
}

interface Sent {
  site: Site
  nombre: string
  status: number
  text: string
  id?: string
  /** Sent after the kill was ordered (the node may still be finishing its last instructions). */
  afterKill: boolean
  /** Sent well after the killed process had ended: its port refuses connections. */
  afterDeath: boolean
}

/** How long after the killed node's exit a request counts as sent to a dead node (its sockets closed, seen by Caddy). */
const DEATH_SETTLED_MS = 500

describe('three nodes behind Caddy sharing only PostgreSQL', () => {
  it('a node killed mid-burst: every acknowledged filing is stored once, each site numbered 1..n, what failed was not acknowledged', async () => {
    const headers = { a: await visitor((m, u, h, b) => viaProxy('a', m, u, h, b)), b: await visitor((m, u, h, b) => viaProxy('b', m, u, h, b)) }
    const victim = platform!.nodes[2]!
    const sent: Sent[] = []
    let acknowledged = 0
    let killed: Promise<boolean> | undefined
    let deadAt = Number.POSITIVE_INFINITY
    let next = 0
    let sentToTheDead = 0
    const worker = async () => {
      while (next < FILINGS || sentToTheDead < AFTER_DEATH) {
        const i = next++
        const site: Site = i % 2 === 0 ? 'a' : 'b'
        const nombre = `Visita ${i}`
        const afterKill = killed !== undefined
        const afterDeath = performance.now() > deadAt + DEATH_SETTLED_MS
        if (afterDeath) sentToTheDead++
        const res = await viaProxy(
          site,
          'POST',
          '/api/contacto',
          headers[site]({ 'content-type': 'application/json' }),
          JSON.stringify({ nombre, tipo: '1', acepto: true }),
        )
        const id = res.status === 200 ? (JSON.parse(res.text) as { id?: string }).id : undefined
        sent.push({ site, nombre, status: res.status, text: res.text, id, afterKill, afterDeath })
        if (id && ++acknowledged === KILL_AFTER)
          killed = killInsideATransaction(victim).then(inside => {
            deadAt = performance.now()
            return inside
          })
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    // Killed while one of its filings was inside its transaction, number taken, not committed.
    expect(await killed).toBe(true)
    expect(victim.alive()).toBe(false)

    const acked = sent.filter(s => s.id !== undefined)
    const failed = sent.filter(s => s.id === undefined)
    const summary = `${acked.length} acknowledged, ${failed.length} failed: ${JSON.stringify(failed.map(f => [f.status, f.text.slice(0, 80)]))}`
    // The kill came mid-burst, and the survivors kept receiving after it: at most the filings in flight on the dead
    // node failed, and once it was gone every filing was received (a refused connection went to another node).
    expect(acked.filter(s => s.afterKill).length, summary).toBeGreaterThanOrEqual(AFTER_DEATH)
    expect(failed.length, summary).toBeLessThanOrEqual(CONCURRENCY)
    const toTheDead = sent.filter(s => s.afterDeath)
    expect(
      toTheDead.filter(s => s.id === undefined),
      summary,
    ).toEqual([])
    // What failed was told so in Spanish (Caddy's 503 of the shipped file), with no number.
    for (const f of failed) {
      expect(f.status, summary).toBe(503)
      expect(f.text, summary).toContain('El servicio no está disponible en este momento')
    }
    for (const site of SITES) {
      const stored = await storedFilings(site)
      // Numbers 1..n: no gap, no number twice.
      expect(
        stored.map(r => numberOf(r.radicado)).sort((x, y) => x - y),
        `${site}: ${summary}`,
      ).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1))
      const byName = new Map<string, string[]>()
      for (const r of stored) byName.set(r.nombre, [...(byName.get(r.nombre) ?? []), r.radicado])
      // Every stored filing is one of the burst's, stored once (a filing sent again by the proxy would be there twice).
      const mine = sent.filter(s => s.site === site)
      expect([...byName.keys()].filter(n => !mine.some(s => s.nombre === n))).toEqual([])
      expect(
        [...byName.entries()].filter(([, ids]) => ids.length > 1),
        `${site}: ${summary}`,
      ).toEqual([])
      // Every acknowledged filing is stored, under the number its citizen was given.
      for (const s of mine.filter(m => m.id !== undefined)) expect(byName.get(s.nombre), s.nombre).toEqual([s.id])
      // A failed one may be stored (its node died between the commit and the answer): its number is in the series,
      // and its citizen was told it failed, never a number (docs/decisions/platform.md, «Several nodes behind Caddy»).
    }
  }, 120_000)

  it('a citizen’s attachment received by one node downloads, the same bytes, from another node asked directly', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), randomBytes(4096), Buffer.from('\n%%EOF\n', 'latin1')])
    const form = new FormData()
    for (const [k, v] of Object.entries({ nombre: 'Con adjunto', tipo: '1', acepto: 'true' })) form.append(k, v)
    form.append('adjuntos', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'soporte.pdf')
    const encoded = new Request('http://x/', { method: 'POST', body: form })
    const headers = await visitor((m, u, h, b) => viaProxy('a', m, u, h, b))
    const res = await viaProxy(
      'a',
      'POST',
      '/api/contacto',
      headers({ 'content-type': encoded.headers.get('content-type')! }),
      Buffer.from(await encoded.arrayBuffer()),
    )
    expect(res.status, res.text).toBe(200)
    const { id } = JSON.parse(res.text) as { id: string }
    // The node Caddy gave it to is the one whose disk holds the file; the others have none of their own.
    const holds = (n: PlatformNode) => {
      const folder = path.join(n.dataDir, 'sitios', 'a', 'adjuntos')
      return fs.existsSync(folder) && fs.readdirSync(folder).some(f => f !== '.tmp')
    }
    const running = platform!.nodes.filter(n => n.alive())
    const receiver = running.filter(holds)
    expect(receiver.length).toBe(1)
    const other = running.find(n => n !== receiver[0])!

    const ask = (method: string, url: string, h: Record<string, string> = {}, body?: string) => askHost(other.port, HOST.a, method, url, h, body)
    const signed = await visitor(ask)
    const signIn = await ask('POST', '/api/oficina/sesion', signed({ 'content-type': 'application/json' }), JSON.stringify(STAFF))
    expect(signIn.status, signIn.text).toBe(200)
    const session = signed({ cookie: `${signed().cookie}; oficina_sesion=${cookieOf(signIn, 'oficina_sesion')}` })
    const download = await ask('GET', `/api/oficina/radicaciones/${id}/adjuntos/0`, session)
    expect(download.status, download.text).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.bytes.equals(pdf)).toBe(true)
  }, 30_000)

  it('a publication made through the database is served by every node, each from its own disk, within seconds', async () => {
    // `npm run publicar -- --sitio a` run on a machine of the platform (its own releases folder, inside the project as
    // publicar requires): its build step copies the built sample site, one page retitled. The nodes never see that
    // folder: each follows the database's pointer and downloads the release into its own (docs/decisions/platform.md,
    // «Releases through the database»).
    fs.mkdirSync(path.resolve('test-results'), { recursive: true })
    const publisher = fs.mkdtempSync(path.resolve('test-results', 'tres-nodos-publicacion-'))
    try {
      const id = await publishInto(
        {
          releasesDir: publisher,
          site: 'a',
          command: 'npm run publicar -- --sitio a',
          manifestDir: path.resolve('manifest'),
          database: { url: database!.serverUrl, site: 'a' },
          build: async release => {
            const client = path.join(publisher, release, 'client')
            fs.cpSync(clientDir(), client, { recursive: true })
            const page = path.join(client, PUBLISHED_PAGE.slice(1), 'index.html')
            fs.writeFileSync(page, fs.readFileSync(page, 'utf8').replace(/(<h1[^>]*>)[\s\S]*?(<\/h1>)/, `$1${PUBLISHED_TITLE}$2`))
            return true
          },
        },
        5,
        () => undefined,
      )
      const survivors = platform!.nodes.filter(n => n.alive())
      expect(survivors.length).toBeGreaterThanOrEqual(2)
      for (const node of survivors) {
        const ask = () => askHost(node.port, HOST.a, 'GET', PUBLISHED_PAGE)
        let page = await ask()
        // Each request may start the node's look at the database (at most every few seconds).
        for (const deadline = Date.now() + 15_000; Date.now() < deadline && !page.text.includes(PUBLISHED_TITLE); ) {
          await new Promise(r => setTimeout(r, 200))
          page = await ask()
        }
        expect(page.status, `nodo ${node.number}`).toBe(200)
        expect(page.text, `nodo ${node.number}`).toContain(PUBLISHED_TITLE)
        expect(fs.existsSync(path.join(node.releasesDir, 'sitios', 'a', id, 'client', 'index.html')), `nodo ${node.number}`).toBe(true)
      }
      // Site B's domain, on the same nodes, never serves A's release.
      const other = await askHost(survivors[0]!.port, HOST.b, 'GET', PUBLISHED_PAGE)
      expect(other.text).not.toContain(PUBLISHED_TITLE)
    } finally {
      fs.rmSync(publisher, { recursive: true, force: true })
    }
  }, 90_000)

  it('the daily backup fired on the three nodes at once makes one archive per site; the other nodes skip', async () => {
    // Each node's run as its timer makes it (backUpSites: the front's schedule), with that node's own folders, all
    // three at the same instant of a clock set by the test. The killed node's disk is still there: it is a run of a
    // node started again. The front's timer calling backUpSites at RESPALDO_HORA: tests/api/site-hosts.test.ts.
    const clock = new TestClock(bogota(`${BACKUP_DAY}T02:00`))
    const { log, lines } = capturedLog()
    const schedule = (n: PlatformNode) => ({ hour: '02:00', destination: n.backupDir })
    const sitesOf = (n: PlatformNode) =>
      sites.map(s => ({ ...s, dataDir: path.join(n.dataDir, 'sitios', s.id), releasesDir: path.join(n.releasesDir, 'sitios', s.id) }))
    // What a node's front passes (run.ts: the process's options); backUpSites reads the store and the clock.
    const base = (n: PlatformNode) => ({ dataDir: n.dataDir, clientDir: n.dataDir, databaseUrl: database!.serverUrl, now: clock.now })
    await Promise.all(platform!.nodes.map(n => backUpSites(base(n), schedule(n), sitesOf(n), log)))

    const archives = (site: Site) =>
      platform!.nodes.flatMap(n => {
        const folder = path.join(n.backupDir, 'sitios', site)
        return fs.existsSync(folder) ? fs.readdirSync(folder).filter(f => ARCHIVE_PATTERN.test(f)) : []
      })
    for (const site of SITES) {
      const recorded = await querySite<{ dia: string; ok: boolean | null; archivo: string | null }>(
        database!.ownerUrl,
        site,
        'SELECT dia, ok, archivo FROM respaldos_diarios',
        [],
        KEY,
      )
      expect(
        recorded.map(c => ({ dia: c.dia, ok: c.ok })),
        lines.join(''),
      ).toEqual([{ dia: BACKUP_DAY, ok: true }])
      expect(archives(site)).toEqual([recorded[0]!.archivo])
    }
    // Two skip lines per site: the nodes that lost each claim.
    expect(lines.filter(l => l.includes('otro nodo ya lo hizo')).length).toBe(2 * SITES.length)
  }, 60_000)
})
