/**
 * A platform of several hospitals on one PostgreSQL database (docs/decisions/platform.md), with
 * the guide's two roles (an owner that migrates, not a superuser, and the server's): `npm run sitio -- crear` makes
 * the site's first administrator as a row of that site; `npm run restaurar -- --sitio` puts back one site's rows and
 * leaves every other site's alone; two server processes (as behind a balancer) share the numbering and the sessions.
 * Sites from a tiny template (tests/fixtures/manifest-min), never built here: the servers serve their API only.
 */
import { randomBytes } from 'node:crypto'
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import type { FilingStore } from '../../src/server/store/store.ts'
import { askHost, type HostAnswer } from '../helpers/hostRequest.ts'
import { SITE_KEY_VARIABLE } from '../../src/server/store/siteProof.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/plataforma-postgres')
const platformFile = path.join(dir, 'plataforma.yaml')
const PASSWORD = 'Clave-de-prueba-segura-2026'
const suffix = `${process.pid}_${Date.now() % 100_000}`
const OWNER = `duenio_plat_${suffix}`
const SERVER = `servidor_plat_${suffix}`

let database: PlatformDatabase | undefined
const KEY = randomBytes(32).toString('hex')
const keyBefore = process.env[SITE_KEY_VARIABLE]
let adminUrl: string
let ownerUrl: string
let serverUrl: string

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, DATABASE_URL: serverUrl }
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'DATA_DIR', 'PUBLICACIONES_DIR', 'NODE_ENV'])
    delete e[k]
  return { ...e, ...extra }
}

function run(script: string, args: string[], extra: NodeJS.ProcessEnv = {}): { status: number | null; out: string; stdout: string } {
  const r = spawnSync(process.execPath, compiledNodeArgs(script, args), { env: env(extra), input: `${PASSWORD}\n`, encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr, stdout: r.stdout }
}

const crear = (id: string, extra: NodeJS.ProcessEnv = {}) =>
  run(
    'scripts/sitio.ts',
    [
      'crear',
      id,
      '--nombre',
      `E.S.E. Hospital ${id}`,
      '--municipio',
      'Guaduas',
      '--departamento',
      'Cundinamarca',
      '--dominio',
      `www.${id}.gov.co`,
      '--admin',
      `gerencia@${id}.gov.co`,
      '--plantilla',
      path.join(dir, 'plantilla'),
      '--sin-compilar',
    ],
    extra,
  )

const accounts = (site: string) => querySite<{ correo: string }>(adminUrl, undefined, 'SELECT correo FROM cuentas WHERE sitio = $1', [site])

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true })
  const template = path.join(dir, 'plantilla')
  fs.cpSync('tests/fixtures/manifest-min', path.join(template, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(template, 'public'), { recursive: true })
  // The guide's site key (docs/decisions/platform.md): registered, and in the environment the servers and commands read.
  database = await platformDatabase('plataforma', OWNER, SERVER, KEY)
  ;({ adminUrl, ownerUrl, serverUrl } = database)
  process.env[SITE_KEY_VARIABLE] = KEY
})

afterAll(async () => {
  await database?.drop()
  if (keyBefore === undefined) delete process.env[SITE_KEY_VARIABLE]
  else process.env[SITE_KEY_VARIABLE] = keyBefore
})

const siteFolder = (id: string) => ({ dataDir: path.join(dir, 'data', 'sitios', id), manifestDir: path.join(dir, 'sitios', id, 'manifest') })

/** A site's store as its server opens it (`databaseUrl` unset: the site's SQLite file). */
function siteStore(id: string, databaseUrl?: string): Promise<FilingStore> {
  const { dataDir, manifestDir } = siteFolder(id)
  return openFilingStore({ dataDir, plan: loadFilingForms(manifestDir).plan, databaseUrl, siteId: databaseUrl ? id : undefined })
}

/** Files a contact message on the site; returns its number. */
async function fileOn(id: string, nombre: string, databaseUrl?: string): Promise<string> {
  const store = await siteStore(id, databaseUrl)
  try {
    return await store.createFiling({ kind: 'contacto', datos: { nombre, tipo: '1' } })
  } finally {
    await store.close()
  }
}

/** The site's filings (number and name), as its own store sees them. */
async function filingsOf(id: string, databaseUrl?: string): Promise<string[]> {
  const store = await siteStore(id, databaseUrl)
  try {
    const rows = await store.listFilings('contacto')
    return rows.map(r => `${r.radicado} ${(r.datos as { nombre: string }).nombre}`).sort()
  } finally {
    await store.close()
  }
}

/** `npm run respaldo -- --sitio <id>` into a folder of its own; returns the archive. */
function backUp(id: string, databaseUrl: string): string {
  const destination = path.join(dir, `respaldo-${id}-${databaseUrl ? 'pg' : 'sqlite'}`)
  fs.rmSync(destination, { recursive: true, force: true })
  const r = run('src/server/backupCommand.ts', ['--sitio', id, '--destino', destination], { DATABASE_URL: databaseUrl })
  expect(r.status, r.out).toBe(0)
  const [archive] = fs.readdirSync(destination).filter(f => f.endsWith('.tar.gz'))
  return path.join(destination, archive!)
}

const restore = (archive: string, id: string, databaseUrl: string) =>
  run('src/server/restoreCommand.ts', [archive, '--sitio', id], { DATABASE_URL: databaseUrl })

describe('npm run sitio -- crear with DATABASE_URL (PostgreSQL)', () => {
  it("makes the first administrator a row of the new site: its listing shows it, another site's does not", async () => {
    for (const id of ['a', 'b']) {
      const r = crear(id)
      expect(r.status, r.out).toBe(0)
      expect(r.out).toContain(`Cuenta creada: gerencia@${id}.gov.co (admin).`)
    }
    // In the shared database, each account is its site's (the administrator sees every site's rows)…
    expect(await accounts('a')).toEqual([{ correo: 'gerencia@a.gov.co' }])
    expect(await accounts('b')).toEqual([{ correo: 'gerencia@b.gov.co' }])
    // …and nothing went to a SQLite file in the sites' data folders.
    expect(fs.existsSync(path.join(dir, 'data', 'sitios', 'a', 'radicaciones.sqlite'))).toBe(false)
    const listA = run('src/server/usuarios.ts', ['lista', '--sitio', 'a'])
    expect(listA.status, listA.out).toBe(0)
    expect(listA.stdout).toMatch(/^gerencia@a\.gov\.co\t.*\tadmin\t/m)
    expect(listA.stdout).not.toContain('gerencia@b')
    const listB = run('src/server/usuarios.ts', ['lista', '--sitio', 'b'])
    expect(listB.stdout).toContain('gerencia@b.gov.co')
    expect(listB.stdout).not.toContain('gerencia@a')
  }, 240_000)

  it('refuses an id taken in the platform or already holding rows in the database, changing nothing', async () => {
    const before = fs.readFileSync(platformFile, 'utf8')
    const taken = crear('a')
    expect(taken.status).toBe(2)
    expect(taken.out).toContain('ya existe un sitio con el id «a»')
    expect(fs.readFileSync(platformFile, 'utf8')).toBe(before)

    // A new platform on the same database (or an operator who removed «a» from plataforma.yaml): its rows are still there.
    const other = path.join(dir, 'otra', 'plataforma.yaml')
    const held = crear('a', { PLATAFORMA: other })
    expect(held.status, held.out).toBe(2)
    expect(held.out).toContain('la base de datos de DATABASE_URL ya tiene datos del sitio «a» (cuentas: 1, auditoria: 1)')
    expect(fs.existsSync(path.join(dir, 'otra'))).toBe(false)
    expect(await accounts('a')).toEqual([{ correo: 'gerencia@a.gov.co' }])
  }, 120_000)
})

/** The number of A's filing that the site restore dropped: never given again, so the one hole in A's series. */
let droppedOfA = 0

describe("npm run restaurar -- --sitio on PostgreSQL: one site's rows back, no other site touched", () => {
  const bySite = async () =>
    (await querySite<{ sitio: string; n: string }>(adminUrl, undefined, 'SELECT sitio, COUNT(*) AS n FROM radicaciones GROUP BY sitio ORDER BY sitio')).map(
      r => `${r.sitio}:${r.n}`,
    )

  it("restores A's backed-up state while B keeps its newer filings; A's numbers never go back, the dropped filing is named", async () => {
    const a1 = await fileOn('a', 'Ana 1', serverUrl)
    const b1 = await fileOn('b', 'Beto 1', serverUrl)
    const archive = backUp('a', serverUrl)
    const a2 = await fileOn('a', 'Ana 2', serverUrl)
    const b2 = await fileOn('b', 'Beto 2', serverUrl)
    expect([a2, b2]).toEqual([a2, a2])
    expect(await bySite()).toEqual(['a:2', 'b:2'])
    const auditB = await querySite(adminUrl, undefined, "SELECT * FROM auditoria WHERE sitio = 'b' ORDER BY id")

    // B's server keeps serving (its connections open) while A is restored.
    const storeB = await siteStore('b', serverUrl)
    try {
      await storeB.listFilings('contacto')
      const r = restore(archive, 'a', ownerUrl)
      expect(r.status, r.out).toBe(0)
      expect(r.out).toContain('se reemplazaron solo las filas del sitio «a»')
      // The filing received after the backup is named, to be registered again (docs/decisions/backups.md).
      expect(r.out).toContain(a2)
      expect((await storeB.listFilings('contacto')).length).toBe(2)
    } finally {
      await storeB.close()
    }
    // Counted by the database's administrator (every site) and through the policies (each site's own connection).
    expect(await bySite()).toEqual(['a:1', 'b:2'])
    expect(await filingsOf('a', serverUrl)).toEqual([`${a1} Ana 1`])
    expect(await filingsOf('b', serverUrl)).toEqual([`${b1} Beto 1`, `${b2} Beto 2`].sort())
    expect(await querySite(adminUrl, undefined, "SELECT * FROM auditoria WHERE sitio = 'b' ORDER BY id")).toEqual(auditB)
    expect(await accounts('a')).toEqual([{ correo: 'gerencia@a.gov.co' }])
    // A number is never given twice: A's next filing takes the number after the last one issued (a2, dropped by the
    // restore, stays its citizen's), and B's series goes on.
    const next = (id: string) => id.replace(/\d+$/, n => String(Number(n) + 1).padStart(n.length, '0'))
    expect(await fileOn('a', 'Ana 3', serverUrl)).toBe(next(a2))
    expect(await fileOn('b', 'Beto 3', serverUrl)).toBe(next(b2))
    droppedOfA = Number(a2.split('-').pop())
  }, 180_000)

  it("is refused while A's server is connected, and for a backup of another site, changing nothing", async () => {
    const archiveB = backUp('b', serverUrl)
    const before = await querySite(adminUrl, undefined, 'SELECT sitio, radicado FROM radicaciones ORDER BY sitio, radicado')
    const storeA = await siteStore('a', serverUrl)
    try {
      await storeA.listFilings('contacto')
      const served = restore(archiveB, 'a', ownerUrl)
      expect(served.status).toBe(2)
      expect(served.out).toContain('hay 1 conexión(es) abiertas del sitio «a»')
    } finally {
      await storeA.close()
    }
    // Each site's backups are signed with its own key: B's is refused by A's, and with B's key its manifest names B.
    const wrongKey = restore(archiveB, 'a', ownerUrl)
    expect(wrongKey.status).toBe(2)
    expect(wrongKey.out).toContain('se firmó con otra clave')
    const wrongSite = run('src/server/restoreCommand.ts', [archiveB, '--sitio', 'a', '--clave', path.join(siteFolder('b').dataDir, 'respaldo.clave')], {
      DATABASE_URL: ownerUrl,
    })
    expect(wrongSite.status).toBe(2)
    expect(wrongSite.out).toContain('el respaldo es del sitio «b», no del sitio «a»')
    // A role that bypasses row security (here the cluster's superuser) could reach every site's rows: refused.
    const asSuperuser = restore(backUp('a', serverUrl), 'a', adminUrl)
    expect(asSuperuser.status).toBe(2)
    expect(asSuperuser.out).toContain('pasa por encima de la seguridad por filas')
    expect(await querySite(adminUrl, undefined, 'SELECT sitio, radicado FROM radicaciones ORDER BY sitio, radicado')).toEqual(before)
  }, 120_000)
})

describe('two server processes of one platform on one PostgreSQL database (behind a balancer)', () => {
  const HOSTS = { a: 'www.a.gov.co', b: 'www.b.gov.co' }
  const STAFF = { correo: 'siau@hospital.gov.co', clave: 'una clave larga de prueba 2026' }
  const servers: ChildProcess[] = []
  /** The number of the first filing sent to site A (its name: «Visita 0»). */
  let firstOfA = ''
  const ports: number[] = []

  /** A free port on 127.0.0.1 (taken and given back: the server binds it right after). */
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = net.createServer()
      probe.once('error', reject)
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo
        probe.close(() => resolve(port))
      })
    })

  beforeAll(async () => {
    for (const id of ['a', 'b'] as const) {
      const store = await siteStore(id, serverUrl)
      try {
        await store.createAccount({ correo: STAFF.correo, nombre: `Funcionaria ${id}`, rol: 'siau', clave: await hashPassword(STAFF.clave) })
      } finally {
        await store.close()
      }
    }
    // The two processes a balancer would send to: `node …` as the service starts it, each on its own port.
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      ports.push(port)
      servers.push(
        spawn(process.execPath, compiledNodeArgs('src/server/main.ts'), {
          env: env({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000' }),
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      )
    }
    for (const port of ports)
      await vi.waitFor(async () => expect((await askHost(port, HOSTS.a, 'GET', '/api/tipo-solicitud')).status).toBe(200), { timeout: 120_000, interval: 500 })
  }, 180_000)

  afterAll(async () => {
    for (const server of servers) {
      const exited = new Promise(resolve => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
  })

  /** A browser's visit to `host` through the process on `port`: its XSRF cookie, and its office session once signed in. */
  async function visitor(port: number, host: string) {
    const first = await askHost(port, host, 'GET', '/api/tipo-solicitud')
    const xsrf = cookieOf(first, 'XSRF-TOKEN')!
    return { xsrf, headers: (extra: Record<string, string> = {}) => ({ cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, ...extra }) }
  }

  const cookieOf = (a: HostAnswer, name: string) =>
    (a.headers['set-cookie'] ?? [])
      .find(c => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1)

  it("filings sent alternately to both processes for two sites at once: each site's numbers are its own 1..n, no gap, no duplicate", async () => {
    const sent = Array.from({ length: 16 }, (_, i) => ({ site: i % 4 < 2 ? ('a' as const) : ('b' as const), port: ports[i % 2]! }))
    const answers = await Promise.all(
      sent.map(async ({ site, port }, i) => {
        const v = await visitor(port, HOSTS[site])
        const res = await askHost(
          port,
          HOSTS[site],
          'POST',
          '/api/contacto',
          v.headers({ 'content-type': 'application/json' }),
          JSON.stringify({ nombre: `Visita ${i}`, tipo: '1', acepto: true }),
        )
        expect(res.status, res.text).toBe(200)
        return { site, id: (JSON.parse(res.text) as { id: string }).id }
      }),
    )
    firstOfA = answers[0]!.id
    for (const site of ['a', 'b'] as const) {
      const mine = answers.filter(a => a.site === site).map(a => a.id)
      expect(new Set(mine).size).toBe(8)
      // Every number the site has (the earlier tests' filings and these), as the database's administrator sees them:
      // 1..n, but for the one A's restore dropped (never given again).
      const numbers = (await querySite<{ radicado: string }>(adminUrl, undefined, 'SELECT radicado FROM radicaciones WHERE sitio = $1', [site]))
        .map(r => Number(r.radicado.split('-').pop()))
        .sort((x, y) => x - y)
      const missing = Array.from({ length: numbers.at(-1)! }, (_, i) => i + 1).filter(n => !numbers.includes(n))
      expect(missing).toEqual(site === 'a' ? [droppedOfA] : [])
      expect(new Set(numbers).size).toBe(numbers.length)
      for (const id of mine) expect(numbers).toContain(Number(id.split('-').pop()))
    }
  }, 120_000)

  it('a session opened through one process works through the other (sessions are in the store), for its own site only', async () => {
    const [one, two] = ports as [number, number]
    const v = await visitor(one, HOSTS.a)
    const signIn = await askHost(one, HOSTS.a, 'POST', '/api/oficina/sesion', v.headers({ 'content-type': 'application/json' }), JSON.stringify(STAFF))
    expect(signIn.status, signIn.text).toBe(200)
    const session = `XSRF-TOKEN=${v.xsrf}; oficina_sesion=${cookieOf(signIn, 'oficina_sesion')}`
    const inbox = await askHost(two, HOSTS.a, 'GET', '/api/oficina/radicaciones', { cookie: session, 'x-xsrf-token': v.xsrf })
    expect(inbox.status, inbox.text).toBe(200)
    const countA = (await querySite(adminUrl, undefined, "SELECT 1 FROM radicaciones WHERE sitio = 'a'")).length
    expect((JSON.parse(inbox.text) as { total: number }).total).toBe(countA)
    const first = await askHost(two, HOSTS.a, 'GET', `/api/oficina/radicaciones/${firstOfA}`, { cookie: session, 'x-xsrf-token': v.xsrf })
    expect(first.status).toBe(200)
    expect(first.text).toContain('Visita 0')
    // The same cookie at B's host, through either process, is no session there.
    for (const port of [one, two])
      expect((await askHost(port, HOSTS.b, 'GET', '/api/oficina/radicaciones', { cookie: session, 'x-xsrf-token': v.xsrf })).status).toBe(401)
  }, 60_000)
})

describe('npm run restaurar -- --sitio on SQLite (a file per site)', () => {
  it("restores A's file; B's file is untouched", async () => {
    const a1 = await fileOn('a', 'Ana 1')
    const b1 = await fileOn('b', 'Beto 1')
    const archive = backUp('a', '')
    await fileOn('a', 'Ana 2')
    const b2 = await fileOn('b', 'Beto 2')
    const r = restore(archive, 'a', '')
    expect(r.status, r.out).toBe(0)
    expect(await filingsOf('a')).toEqual([`${a1} Ana 1`])
    expect(await filingsOf('b')).toEqual([`${b1} Beto 1`, `${b2} Beto 2`].sort())
  }, 120_000)
})
