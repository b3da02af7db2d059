/**
 * `npm run actualizar` on a copy of the project with a running server. The copy is a git clone of this commit
 * (the "server"), whose upstream (the "origin", another clone) gets the next commits: a new version with a
 * changed page title (SQLite); then, with the service moved to PostgreSQL (the owner's and the server's accounts,
 * as the guide sets them up), a version with a new migration, and a version with another migration whose server
 * cannot start. One copy, one first build and one proxy serve the three updates. A small supervisor loop stands in for systemd
 * (it restarts the server when it exits with 75, as RestartForceExitStatus=75 does), and Debian's Caddy, with the
 * shipped `despliegue/Caddyfile` (plain HTTP on loopback), stands in front of it as in production: while the service
 * restarts, the proxy holds filings until it is back or answers the site's Spanish 503, never a refused connection.
 *
 * node_modules: the copy lives inside this project (test-results/) and has none of its own, so Node, npm and
 * the build find this project's packages in the folder above, as in a workspace: no copy of 900 MB, no link
 * (see docs/decisions/updates-and-releases.md).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POINTER_FILE, readPointer } from '../../src/server/releases.ts'
import { MIGRATIONS } from '../../src/server/store/migrations.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'
import { npmScriptArgs } from '../helpers/npmScript.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { Client, freePort, RADICADO, validPqrs } from '../api/helpers.ts'

const PAGE = '/hospital/junta'
const PAGE_FILE = 'manifest/pages/hospital/junta.yaml'
const NEW_TITLE = 'Junta Directiva actualizada'

let work: string
let origin: string
let copy: string
let base: string
/** Caddy in front of the service: what citizens reach. */
let front: string
let caddy: ChildProcess | undefined
let env: NodeJS.ProcessEnv
let firstVersion: string

const suffix = `${process.pid}_${Date.now() % 100_000}`
const OWNER = `duenio_act_${suffix}`
const SERVER = `servidor_act_${suffix}`
/** The test database as the cluster's administrator, and as the guide's two accounts. */
let adminUrl: string | undefined
let ownerUrl: string
let serverUrl: string
const NEWEST = Math.max(...MIGRATIONS.map(m => m.version))

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Prueba', '-c', 'user.email=prueba@example.com', ...args], { cwd, encoding: 'utf8' }).trim()

/** A commit in the origin: the version raised by one patch level (package.json and its lock) and `change` applied. */
function commitInOrigin(message: string, change: () => void): string {
  const pkgFile = path.join(origin, 'package.json')
  const current = (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { version: string }).version
  const [major, minor, patch] = current.split('.').map(Number)
  const next = `${major}.${minor}.${patch! + 1}`
  for (const file of ['package.json', 'package-lock.json']) {
    const full = path.join(origin, file)
    let text = fs.readFileSync(full, 'utf8')
    // The project's own version: the first occurrences, as `npm version` writes them.
    for (let i = 0; i < (file === 'package.json' ? 1 : 2); i++) text = text.replace(`"version": "${current}"`, `"version": "${next}"`)
    fs.writeFileSync(full, text)
  }
  change()
  git(origin, 'commit', '-qam', message)
  return next
}

/** `npm run -s <script> -- <args>` in the copy, as the guide has the IT person type it: the copy's compiled script (tests/helpers/npmScript.ts). */
function run(script: string, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [...npmScriptArgs(script, copy), ...args], {
      cwd: copy,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', d => (output += d))
    child.stderr!.on('data', d => (output += d))
    child.on('close', code => resolve({ code, output }))
  })
}

/** Stands in for systemd: starts the server, and again when it exits asking for it (75) or failing. */
const service = {
  starts: 0,
  stopping: false,
  /** Whether the current process has said it listens (its start-up line); false from its exit on. */
  up: false,
  /** How many times a process has exited: a filing in flight across a change of it spanned a restart. */
  exits: 0,
  proc: undefined as ChildProcess | undefined,
  output: '',
  start(): void {
    this.starts++
    // The copy's compiled server, made again from its sources when an update changed them (as tsx would load them).
    const proc = spawn(process.execPath, compiledNodeArgs(path.join('src', 'server', 'main.ts'), [], copy), {
      cwd: copy,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    proc.stdout!.on('data', (d: Buffer) => {
      this.output += d.toString()
      if (d.toString().includes('servidor iniciado')) this.up = true
    })
    proc.stderr!.on('data', (d: Buffer) => (this.output += d.toString()))
    proc.on('exit', code => {
      this.up = false
      this.exits++
      if (this.stopping) return
      if (code === 75) this.start()
      else setTimeout(() => this.start(), 1_000)
    })
    this.proc = proc
  },
  /** The process ends unasked (a crash, a reboot): its supervisor starts it again. */
  kill(): void {
    this.proc?.kill('SIGKILL')
  },
  async restart(): Promise<void> {
    await this.stop()
    this.stopping = false
    this.start()
    await waitForService()
  },
  async stop(): Promise<void> {
    this.stopping = true
    const proc = this.proc
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise(r => proc.once('exit', r))
      proc.kill('SIGTERM')
      await exited
    }
  },
}

interface Detail {
  version: string
  codigo: string | null
  publicacion: string
}

async function detail(): Promise<Detail> {
  const res = await fetch(`${base}/salud/detalle`)
  expect(res.status).toBe(200)
  return (await res.json()) as Detail
}

async function waitForService(): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const res = await fetch(`${base}/salud`).catch(() => undefined)
    if (res?.ok) return
    if (Date.now() > deadline) throw new Error(`El servidor de la copia no respondió:\n${service.output}`)
    await new Promise(r => setTimeout(r, 200))
  }
}

async function h1(): Promise<string> {
  const html = await (await fetch(base + PAGE)).text()
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? ''
  )
}

/** Debian's Caddy with the shipped Caddyfile, on plain HTTP (no certificates needed to test the restart). */
async function startCaddy(servicePort: number): Promise<string> {
  const port = await freePort()
  const home = path.join(work, 'caddy')
  fs.mkdirSync(home, { recursive: true })
  let site = fs.readFileSync(path.join('despliegue', 'Caddyfile'), 'utf8')
  for (const [from, to] of [
    ['www.sitio.hospital.gov.co {', `http://localhost:${port} {`],
    ['sitio.hospital.gov.co {', `http://127.0.0.1:${port} {`],
    ['127.0.0.1:3000', `127.0.0.1:${servicePort}`],
  ] as const) {
    expect(site, `despliegue/Caddyfile ya no contiene «${from}»`).toContain(from)
    site = site.split(from).join(to)
  }
  fs.writeFileSync(path.join(home, 'Caddyfile'), `{\n\tadmin off\n\thttp_port ${port}\n}\n\n${site}`)
  let log = ''
  caddy = spawn('caddy', ['run', '--config', path.join(home, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'datos'), XDG_CONFIG_HOME: path.join(home, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  caddy.stderr!.on('data', (d: Buffer) => (log += d.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`Caddy terminó al iniciar:\n${log}`)
    if ((await fetch(`${url}/salud`).catch(() => undefined))?.ok) return url
    if (Date.now() > deadline) throw new Error(`Caddy no respondió:\n${log}`)
    await new Promise(r => setTimeout(r, 200))
  }
}

const pointerText = () => fs.readFileSync(path.join(copy, 'publicaciones', POINTER_FILE), 'utf8')

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

/** The URL of `role` on the test database (the test cluster trusts local connections: no passwords). */
function as(role: string): string {
  const u = new URL(adminUrl!)
  u.username = role
  return u.toString()
}

/** A commit in the origin adding a migration (additive: a nullable column) at the end of the list. */
function withMigration(version: number, column: string): () => void {
  return () => {
    const file = path.join(origin, 'src', 'server', 'store', 'migrations.ts')
    const text = fs.readFileSync(file, 'utf8')
    const end = text.indexOf('\n]\n', text.indexOf('export const MIGRATIONS'))
    expect(end).toBeGreaterThan(0)
    const sql = `ALTER TABLE radicaciones ADD COLUMN ${column} text;`
    const migration = `\n  { id: '${column}', version: ${version}, name: 'columna ${column}', sqlite: '${sql}', postgres: '${sql}' },`
    fs.writeFileSync(file, text.slice(0, end) + migration + text.slice(end))
  }
}

/** A commit's change: the server throws as it starts. */
function breakStart(): void {
  const file = path.join(origin, 'src', 'server', 'run.ts')
  const text = fs.readFileSync(file, 'utf8')
  // The body's brace (the return type has one too, followed by a space).
  const at = text.indexOf('{\n', text.indexOf('export async function startServer(')) + 1
  expect(at).toBeGreaterThan(0)
  fs.writeFileSync(file, `${text.slice(0, at)}\n  throw new Error('versión rota a propósito')\n${text.slice(at)}`)
}

interface Filings {
  accepted: string[]
  refused: string[]
  unexpected: string[]
  /** Sent while no process listened, or in flight when one exited. */
  whileDown: number
}

/**
 * A citizen, through the proxy, files PQRSD without a pause while `during` runs (the page's anti-forgery cookie is
 * a double-submit token: it stays valid across the restart, as in a browser).
 */
async function fileWhile<T>(during: () => Promise<T>): Promise<{ result: T; filings: Filings }> {
  const citizen = await new Client(front).init()
  const filings: Filings = { accepted: [], refused: [], unexpected: [], whileDown: 0 }
  let stop = false
  const filer = (async () => {
    while (!stop) {
      // The proxy holds a request sent in the gap until the next process listens, so the loop itself may never
      // start a filing inside the gap: one in flight across an exit counts too.
      const startedDown = !service.up
      const exitsBefore = service.exits
      try {
        const res = await citizen.postJson('/api/pqrs', validPqrs({ mensaje: 'Solicito el horario de la junta durante la actualización.' }))
        const text = await res.text()
        let body: { id?: string; error?: string } = {}
        try {
          body = JSON.parse(text) as typeof body
        } catch {
          // not JSON: recorded below as unexpected
        }
        if (res.status < 300 && body.id && RADICADO.test(body.id)) filings.accepted.push(body.id)
        else if (res.status === 503 && body.error) filings.refused.push(body.error)
        else filings.unexpected.push(`${res.status} ${text.slice(0, 200)}`)
        if (startedDown || service.exits !== exitsBefore) filings.whileDown++
      } catch (error) {
        // A refused or cut connection: what the proxy must never let a citizen see.
        filings.unexpected.push(`sin respuesta: ${String(error)}`)
      }
      // A citizen at a time, about 20 filings a second at most: several land in each restart's gap, and the
      // update's build is not slowed by thousands of durable commits (CI time, docs/decisions/testing.md).
      await new Promise(r => setTimeout(r, 50))
    }
  })()
  try {
    const result = await during()
    await waitForService()
    return { result, filings }
  } finally {
    stop = true
    await filer
  }
}

/** Every filing got an answer: stored (and found in `stored`), or the contract's 503; none lost. */
function expectNoneLost(filings: Filings, stored: Set<string>): void {
  expect(filings.unexpected).toEqual([])
  for (const message of filings.refused) expect(message).toBe('El servicio no está disponible en este momento. Intente de nuevo más tarde.')
  expect(filings.accepted.length).toBeGreaterThan(0)
  expect(filings.accepted.filter(r => !stored.has(r))).toEqual([])
}

const storedInPostgres = async () => new Set((await query<{ radicado: string }>(adminUrl!, 'SELECT radicado FROM radicaciones')).map(r => r.radicado))
const versionsInPostgres = async () => (await query<{ version: number }>(adminUrl!, 'SELECT version FROM schema_migrations')).map(r => r.version)

beforeAll(async () => {
  fs.mkdirSync(path.resolve('test-results'), { recursive: true })
  work = fs.mkdtempSync(path.resolve('test-results', 'actualizar-'))
  origin = path.join(work, 'origen')
  copy = path.join(work, 'copia')
  const head = git(path.resolve('.'), 'rev-parse', 'HEAD')
  git(work, 'clone', '-q', '--no-checkout', path.resolve('.'), origin)
  git(origin, 'checkout', '-q', '-B', 'main', head)
  git(work, 'clone', '-q', origin, copy)
  firstVersion = (JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')) as { version: string }).version
  // This checkout's build, when there is one (CI builds before the tests): the copy's first publication then
  // reuses its bundles if the code matches, and builds in full otherwise.
  if (fs.existsSync('dist/build-info.json') && fs.existsSync('dist/server') && fs.existsSync('dist/client/index.html')) {
    fs.cpSync('dist/server', path.join(copy, 'dist/server'), { recursive: true })
    fs.cpSync('dist/client/_app', path.join(copy, 'dist/client/_app'), { recursive: true })
    for (const f of ['build-info.json', 'assets.json', 'client/index.html', 'client/404.html'])
      if (fs.existsSync(`dist/${f}`)) fs.copyFileSync(`dist/${f}`, path.join(copy, 'dist', f))
  }
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(copy, 'data'),
    SERVICIO_SUPERVISADO: '1',
    RATE_LIMIT_MAX: '100000',
    // info: the start-up line tells the supervisor loop when the service listens again.
    LOG_LEVEL: 'info',
    ACTUALIZAR_ESPERA_S: '180',
  }
  for (const v of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'PUBLICACIONES_DIR', 'DATABASE_URL', 'LOG_FILE', 'PUBLICACIONES_CONSERVAR']) delete env[v]
  const first = await run('publicar')
  expect(first.code, first.output).toBe(0)
  service.start()
  await waitForService()
  front = await startCaddy(port)
}, 600_000)

afterAll(async () => {
  if (caddy && caddy.exitCode === null) caddy.kill('SIGTERM')
  await service.stop()
  if (work) fs.rmSync(work, { recursive: true, force: true })
  if (adminUrl) {
    await dropPostgresDatabase(adminUrl)
    const postgres = new URL(adminUrl)
    postgres.pathname = '/postgres'
    await query(postgres.toString(), `DROP ROLE IF EXISTS ${SERVER}`)
    await query(postgres.toString(), `DROP ROLE IF EXISTS ${OWNER}`)
  }
})

describe('npm run actualizar', () => {
  it('moves a running server to the next commit: new version and page served, filings accepted or refused, none lost', async () => {
    const next = commitInOrigin('Versión nueva: título de la junta', () => {
      const file = path.join(origin, PAGE_FILE)
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('titulo: Junta Directiva\n', `titulo: ${NEW_TITLE}\n`))
    })
    const target = git(origin, 'rev-parse', 'HEAD')
    const before = await detail()
    expect(before.version).toBe(firstVersion)
    expect(await h1()).toBe('Junta Directiva')

    const { result: updated, filings } = await fileWhile(() => run('actualizar'))

    expect(updated.code, `${updated.output}\n${service.output}`).toBe(0)
    expect(updated.output).toContain(`✓ Actualizado: versión ${firstVersion} (`)
    expect(updated.output).toContain(`→ ${next} (${target.slice(0, 10)})`)
    expect(updated.output).toContain('Migraciones de la base de datos: ninguna.')
    expect(updated.output).toContain('Respaldo escrito:')
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(target)
    const after = await detail()
    expect(after).toMatchObject({ version: next, codigo: target })
    expect(after.publicacion).not.toBe(before.publicacion)
    expect(await h1()).toBe(NEW_TITLE)
    // Restarted once, by its supervisor, to run the new code.
    expect(service.starts).toBe(2)

    // Filings were posted while no process listened, and each got an answer: stored, or the contract's 503.
    expect(filings.whileDown).toBeGreaterThan(0)
    const db = new Database(path.join(copy, 'data', 'radicaciones.sqlite'), { readonly: true })
    const stored = new Set((db.prepare('SELECT radicado FROM radicaciones').all() as Array<{ radicado: string }>).map(r => r.radicado))
    db.close()
    expectNoneLost(filings, stored)
    console.log(
      `actualizar: ${filings.accepted.length} aceptadas, ${filings.refused.length} rechazadas con 503, ${filings.whileDown} enviadas con el servicio detenido`,
    )
  }, 600_000)

  it('on PostgreSQL: backup first, the new migration applied with the owner account while the old release serves, filings kept and none lost', async () => {
    // The guide's setup (section 12): an owner account that migrates, the server's account that cannot.
    adminUrl = await freshPostgresDatabase('actualizar')
    const db = new URL(adminUrl).pathname.slice(1)
    await query(adminUrl, `CREATE ROLE ${OWNER} LOGIN`)
    await query(adminUrl, `CREATE ROLE ${SERVER} LOGIN`)
    await query(adminUrl, `ALTER DATABASE "${db}" OWNER TO ${OWNER}`)
    await query(adminUrl, `ALTER SCHEMA public OWNER TO ${OWNER}`)
    ownerUrl = as(OWNER)
    serverUrl = as(SERVER)
    const prepared = await run('bd:preparar', [SERVER], { DATABASE_URL: ownerUrl })
    expect(prepared.code, prepared.output).toBe(0)
    env.DATABASE_URL = serverUrl
    await service.restart()
    const earlier = await (await new Client(front).init()).postJson('/api/pqrs', validPqrs({ mensaje: 'Radicada antes de la actualización.' }))
    const earlierId = ((await earlier.json()) as { id: string }).id
    expect(earlierId).toMatch(RADICADO)

    const version = NEWEST + 1
    const next = commitInOrigin('Versión con una migración', withMigration(version, 'prueba_actualizacion'))
    const target = git(origin, 'rev-parse', 'HEAD')
    const startsBefore = service.starts
    // The owner's account only for this command, never in the service's environment.
    const { result: updated, filings } = await fileWhile(() => run('actualizar', [], { DATABASE_URL_DUENIO: ownerUrl }))

    expect(updated.code, `${updated.output}\n${service.output}`).toBe(0)
    expect(updated.output).toContain('Respaldo escrito:')
    expect(updated.output.indexOf('Respaldo escrito:')).toBeLessThan(updated.output.indexOf('Aplicando 1 migración(es)'))
    expect(updated.output).toContain(`Migraciones de la base de datos: ${version} (columna prueba_actualizacion).`)
    expect(await versionsInPostgres()).toContain(version)
    expect(await detail()).toMatchObject({ version: next, codigo: target })
    expect(service.starts).toBe(startsBefore + 1)
    const stored = await storedInPostgres()
    expect(stored).toContain(earlierId)
    expectNoneLost(filings, stored)
    // The server's account still cannot change the tables.
    await expect(query(serverUrl, 'ALTER TABLE radicaciones DROP COLUMN prueba_actualizacion')).rejects.toThrow(/owner|dueñ|must be/i)
  }, 600_000)

  it('on PostgreSQL, an update whose new release fails its health check leaves the old one served; its additive migration stays and the old release restarts on it', async () => {
    const served = await detail()
    const pointerBefore = pointerText()
    const headBefore = git(copy, 'rev-parse', 'HEAD')
    const foldersBefore = fs.readdirSync(path.join(copy, 'publicaciones')).sort()
    const startsBefore = service.starts
    const version = NEWEST + 2
    commitInOrigin('Versión que no arranca, con otra migración', () => {
      withMigration(version, 'prueba_fallida')()
      breakStart()
    })

    const updated = await run('actualizar', [], { DATABASE_URL_DUENIO: ownerUrl })
    expect(updated.code, updated.output).not.toBe(0)
    expect(updated.output).toContain('la versión nueva no pasó la verificación de salud')
    expect(updated.output).toContain(`Las migraciones ya aplicadas (${version} (columna prueba_fallida)) quedan en la base`)
    expect(updated.output).toContain(`Se sigue sirviendo la versión ${served.version}`)
    // Give a wrongly switched service the time to notice (it checks the pointer every 2 s).
    await new Promise(r => setTimeout(r, 5_000))
    expect(pointerText()).toBe(pointerBefore)
    expect(git(copy, 'rev-parse', 'HEAD')).toBe(headBefore)
    expect(fs.readdirSync(path.join(copy, 'publicaciones')).sort()).toEqual(foldersBefore)
    expect(await detail()).toMatchObject({ version: served.version, codigo: served.codigo, publicacion: served.publicacion })
    expect(service.starts).toBe(startsBefore)
    expect(readPointer(path.join(copy, 'publicaciones'))?.codigo).toBe(headBefore)
    expect(await versionsInPostgres()).toContain(version)

    // The old release works on the newer schema, also after a crash restarts it.
    const citizen = await new Client(front).init()
    const filed = async () => ((await (await citizen.postJson('/api/pqrs', validPqrs())).json()) as { id?: string }).id ?? ''
    const beforeCrash = await filed()
    const exits = service.exits
    service.kill()
    while (service.exits === exits) await new Promise(r => setTimeout(r, 100))
    await waitForService()
    expect(await detail()).toMatchObject({ codigo: served.codigo })
    const afterCrash = await filed()
    expect([beforeCrash, afterCrash]).toEqual([expect.stringMatching(RADICADO), expect.stringMatching(RADICADO)])
    const stored = await storedInPostgres()
    expect(stored).toContain(beforeCrash)
    expect(stored).toContain(afterCrash)
  }, 600_000)
})
