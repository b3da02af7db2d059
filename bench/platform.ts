/**
 * `npm run bench -- plataforma` (docs/decisions/platform.md): many hospitals on one platform. Creates BENCH_SITIOS sites
 * (default 200) from the template with the code `npm run sitio -- crear` uses (scripts/lib/siteTemplate.ts and
 * platformFileEdit.ts; no administrator account: no figure needs one, and each would cost an Argon2 hash), builds
 * them all with `npm run build -- --todos --completa` (a new hospital has no bundles kept yet), serves them from one
 * server process started as the service starts it (`node … src/server/main.ts`, 127.0.0.1), and records: build
 * wall/user/system time and pages per second per core, the server's memory before and after every site was
 * visited, p50/p99 of page and filing requests spread over the sites, and that each site's first filing got
 * number 1 of its own series. Everything lives in bench/tmp/plataforma (its own plataforma.yaml through PLATAFORMA,
 * its own DATA_DIR and PUBLICACIONES_DIR): the project's content, data and plataforma.yaml are never touched.
 * Not run by a plain `npm run bench` (200 sites take about an hour of CPU): only when named.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import { parse } from 'yaml'
import { loadPlatform, type PlatformSite } from '../src/manifest/platform.ts'
import { loadManifest } from '../src/manifest/load.ts'
import { keepSiteData } from '../src/server/siteData.ts'
import { manifestKey } from '../src/server/siteDataFile.ts'
import { DEFAULT_SITES_IN_MEMORY } from '../src/server/siteAppCache.ts'
import { withSiteAdded } from '../scripts/lib/platformFileEdit.ts'
import { snapshotDirFor } from '../src/build/publicSync.ts'
import { copyTemplate, shortName } from '../scripts/lib/siteTemplate.ts'
import { askHost } from '../tests/helpers/hostRequest.ts'
import { timeChildren } from './eleventy.ts'
import { cannon, samplePqrs } from './load.ts'
import { benchDatabase, benchEngine, benchNodes } from './platformNodes.ts'

const ROOT = process.cwd()

export type BudgetFn = (name: string, value: number, limit: number, unit: string, higherIsBetter?: boolean) => void

/** A figure with no budget: printed in the table's layout, kept in bench/results.json with its load. */
export interface PlatformFigure {
  name: string
  value: number
  unit: string
  load: number
}

/** Site number `i` (from 1): id, name, place and domain, all distinct. */
/** The sites a spread load goes to besides all of them: the platform's default SITIOS_EN_MEMORIA. */
const SPREAD_SITES = DEFAULT_SITES_IN_MEMORY

export function syntheticSite(i: number): { id: string; nombre: string; municipio: string; departamento: string; dominio: string } {
  const n = String(i).padStart(4, '0')
  return {
    id: `h${n}`,
    nombre: `E.S.E. Hospital Sintético ${n}`,
    municipio: `Municipio ${n}`,
    departamento: 'Departamento de Prueba',
    dominio: `h${n}.bench.example.gov.co`,
  }
}

/** The radicado of a series' first filing in any year (store.ts formatRadicado: SERIE-AÑO-000001). */
export function isFirstOfSeries(radicado: string, serie: string): boolean {
  return new RegExp(`^${serie}-\\d{4}-0*1$`).test(radicado)
}

/** The value at quantile q (0–1) of a list, nearest rank. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

const load = () => Number(os.loadavg()[0]!.toFixed(2))

function rssMiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

function openFiles(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length
}

/** The process's soft limit of open files (Node raises it to the hard limit at start-up). */
function openFilesLimit(pid: number): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1]
  return line === undefined || line === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line)
}

/** Requests to the platform's server by Host, as the tests make them. */
const ask = askHost

/** The same PQRSD as the API part's. */
const PQRS = samplePqrs('Prueba de carga de la plataforma')

/** Every pre-rendered page of a built site: its route and count (HTML files but the 404 page). */
function builtRoutes(clientDir: string): string[] {
  return (fs.readdirSync(clientDir, { recursive: true }) as string[])
    .filter(f => f.endsWith('.html') && f !== '404.html')
    .map(f => {
      const route = `/${f.split(path.sep).join('/')}`.replace(/index\.html$/, '').replace(/\.html$/, '')
      return route.length > 1 ? route.replace(/\/$/, '') : route
    })
}

export interface LoadSummary {
  requests: number
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  errors: number
  load: number
}

function summary(r: autocannon.Result): LoadSummary {
  return {
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    load: load(),
  }
}

/**
 * 10 connections for `seconds` of GETs, each to a random host of `hosts` and a random page of `routes`, then as long
 * of valid filings (POST /api/pqrs), each to a random host with that host's anti-forgery cookie (`tokens[i]`).
 */
export async function loadOverSites(
  port: number,
  hosts: string[],
  tokens: string[],
  routes: string[],
  seconds: number,
  tolerateErrors = false,
): Promise<{ pages: LoadSummary; filings: LoadSummary }> {
  const pick = () => Math.floor(Math.random() * hosts.length)
  const pages = await cannon({
    url: `http://127.0.0.1:${port}/`,
    duration: seconds,
    connections: 10,
    requests: [
      { setupRequest: req => ({ ...req, path: routes[Math.floor(Math.random() * routes.length)]!, headers: { ...req.headers, host: hosts[pick()]! } }) },
    ],
  })
  const filings = await cannon({
    url: `http://127.0.0.1:${port}/api/pqrs`,
    method: 'POST',
    duration: seconds,
    connections: 10,
    requests: [
      {
        setupRequest: req => {
          const i = pick()
          const headers = { ...req.headers, host: hosts[i]!, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${tokens[i]}`, 'x-xsrf-token': tokens[i]! }
          return { ...req, method: 'POST', body: PQRS, headers }
        },
      },
    ],
  })
  // A refused filing is cheap: counting refusals would flatter the figure (as in the API part). With a node killed on
  // purpose, the failures are the figure.
  if (tolerateErrors) return { pages: summary(pages), filings: summary(filings) }
  if (filings.non2xx > 0) throw new Error(`POST /api/pqrs over ${hosts.length} site(s) answered ${filings.non2xx} times with an error`)
  if (pages.non2xx > 0) throw new Error(`page requests over ${hosts.length} site(s) answered ${pages.non2xx} times with an error`)
  return { pages: summary(pages), filings: summary(filings) }
}

function startPlatformServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000
    // An unknown host is answered by the front alone: the server is up, and no site's app was started by asking.
    const poll = () =>
      ask(port, 'nadie.invalid', 'GET', '/').then(
        () => resolve(child),
        () => (Date.now() > deadline || child.exitCode !== null ? reject(new Error('the platform server did not start')) : setTimeout(poll, 300)),
      )
    poll()
  })
}

/** The `public/` snapshots the sites' builds kept under node_modules/.cache, one folder per site (the bundles are shared). */
function siteCacheFolders(sites: PlatformSite[]): string[] {
  const cache = path.join(ROOT, 'node_modules', '.cache', 'ese-hospital')
  return sites.map(s => snapshotDirFor(cache, s.publicDir))
}

/**
 * Writes `count` sites from `templateDir` (a folder with manifest/ and public/) into `dir`/sitios and lists them in
 * `dir`/plataforma.yaml, as `npm run sitio -- crear` does for one. Returns the file.
 */
export function writePlatformSites(templateDir: string, dir: string, count: number): string {
  let text: string | undefined
  for (let i = 1; i <= count; i++) {
    const s = syntheticSite(i)
    copyTemplate(templateDir, path.join(dir, 'sitios', s.id), { ...s, nombreCorto: shortName(s.nombre) })
    text = withSiteAdded(text, { id: s.id, nombre: s.nombre, dominios: [s.dominio] })
  }
  const file = path.join(dir, 'plataforma.yaml')
  fs.writeFileSync(file, text ?? '')
  return file
}

export async function benchPlatform(tmp: string, budget: BudgetFn): Promise<Record<string, unknown>> {
  const count = Number(process.env.BENCH_SITIOS ?? 200)
  const seconds = Number(process.env.BENCH_PLATAFORMA_SEGUNDOS ?? 10)
  if (!Number.isInteger(count) || count < 1) throw new Error(`BENCH_SITIOS must be a whole number ≥ 1 (got ${process.env.BENCH_SITIOS})`)
  // BENCH_SITIOS_COMPILADOS < BENCH_SITIOS: only that many sites are built; the others are served from a link copy
  // (`cp -al`) of a built site's output, each with its own manifest, data folder and store. For the server's figures at
  // a size whose builds would take longer than the time at hand; the build figures are then those of the built sites.
  const builtCount = Math.min(count, Number(process.env.BENCH_SITIOS_COMPILADOS ?? count))
  if (!Number.isInteger(builtCount) || builtCount < 1) throw new Error(`BENCH_SITIOS_COMPILADOS must be a whole number ≥ 1`)
  const { engine, nodes: nodeCount } = benchEngine()
  // The server's figures on PostgreSQL are named apart; on SQLite as before, to compare with the earlier runs.
  const onEngine = engine === 'postgres' ? ' on PostgreSQL' : ''
  const dir = path.join(tmp, 'plataforma')
  const file = path.join(dir, 'plataforma.yaml')
  const figures: PlatformFigure[] = []
  const figure = (name: string, value: number, unit: string) => figures.push({ name, value, unit, load: load() })
  // A previous run of 200 sites is hundreds of thousands of files: removing them takes minutes on a busy disk.
  if (fs.existsSync(dir)) console.log(`Platform: removing the previous run's sites (${path.relative(ROOT, dir)})…`)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })

  // 1. The sites, from the template (the project's own sample), as `sitio crear` writes them.
  console.log(`Platform: creating ${count} sites from the template in ${path.relative(ROOT, dir)}…`)
  const t0 = performance.now()
  writePlatformSites(ROOT, dir, count)
  const createMs = performance.now() - t0
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: file, DATA_DIR: path.join(dir, 'data'), PUBLICACIONES_DIR: path.join(dir, 'publicaciones') }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'DATABASE_URL', 'RESPALDO_DESTINO']) delete env[k]
  const loaded = loadPlatform(file)
  if (!loaded.platform) throw new Error(`the bench's plataforma.yaml has problems: ${JSON.stringify(loaded.problems)}`)
  const sites = loaded.platform.sites
  const built = sites.slice(0, builtCount)
  /** The built site whose output a site serves (itself unless BENCH_SITIOS_COMPILADOS is smaller). */
  const sourceOf = (i: number) => built[i % builtCount]!
  let buildFile = file
  if (builtCount < count) {
    buildFile = path.join(dir, 'plataforma-compilados.yaml')
    let text: string | undefined
    for (const s of built) text = withSiteAdded(text, { id: s.id, nombre: s.nombre, dominios: s.dominios })
    fs.writeFileSync(buildFile, text!)
  }
  figure(`platform ${count} sites: created from the template (copy + identity), wall`, Math.round(createMs), 'ms')

  // 2. Every site built, one child process per site, one per core (scripts/lib/platformBuild.ts).
  for (const old of siteCacheFolders(sites)) fs.rmSync(old, { recursive: true, force: true })
  const logFile = path.join(dir, 'compilacion.log')
  console.log(`Platform: npm run build -- --todos --completa (${builtCount} sites; output in ${path.relative(ROOT, logFile)})…`)
  const log = fs.openSync(logFile, 'w')
  const buildEnv = { ...env, PLATAFORMA: buildFile }
  const build = timeChildren(() =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--todos', '--completa'], { env: buildEnv, stdio: ['ignore', log, log] }),
  )
  fs.closeSync(log)
  const buildLog = fs.readFileSync(logFile, 'utf8')
  const failed = built.filter(s => !new RegExp(`^\\s+✓ ${s.id}: compilado$`, 'm').test(buildLog))
  // A site that failed (Vike's temporary config files shared by concurrent builds: docs/decisions/platform.md) is built
  // once more alone, as `npm run publicar -- --todos` does; its time counts in the total.
  const retry = timeChildren(() =>
    failed.map(
      s => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--sitio', s.id, '--completa'], { env: buildEnv, stdio: 'pipe' }).status,
    ),
  )
  const stillFailed = failed.filter((_, i) => retry.value[i] !== 0)
  if (stillFailed.length > 0) throw new Error(`sites not built even alone: ${stillFailed.map(s => s.id).join(', ')} (see ${logFile})`)
  const routes = builtRoutes(path.join(sites[0]!.outDir, 'client'))
  const pages = built.reduce((n, s) => n + builtRoutes(path.join(s.outDir, 'client')).length, 0)
  sites.slice(builtCount).forEach((s, j) => {
    const r = spawnSync('cp', ['-al', sourceOf(builtCount + j).outDir, s.outDir])
    if (r.status !== 0) throw new Error(`cp -al into ${s.outDir} failed: ${r.stderr}`)
    // What a build of the copy would write beside its pages: the server's data of its own manifest (src/server/siteDataFile.ts).
    keepSiteData(path.join(s.outDir, 'client'), manifestKey(s.manifestDir), loadManifest(s.manifestDir).manifest)
  })
  const cores = os.availableParallelism()
  const wallMs = build.wallMs + retry.wallMs
  const userMs = build.userMs + retry.userMs
  const sysMs = build.sysMs + retry.sysMs
  const diskMiB = Math.round(Number(spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout.split('\t')[0]))
  const buildFigures = {
    sites: builtCount,
    pagesPerSite: routes.length,
    pages,
    wallMs: Math.round(wallMs),
    userMs: Math.round(userMs),
    sysMs: Math.round(sysMs),
    failedFirstPass: failed.map(s => s.id),
    pagesPerSecondPerCore: Number((pages / (wallMs / 1000) / cores).toFixed(2)),
    pagesPerCpuSecond: Number((pages / ((userMs + sysMs) / 1000)).toFixed(2)),
    cpuSecondsPerSite: Number(((userMs + sysMs) / 1000 / builtCount).toFixed(2)),
    diskMiB,
    load: load(),
  }
  console.log(
    `Platform build: ${builtCount} sites, ${pages} pages: ${buildFigures.wallMs} ms wall, ${buildFigures.userMs} ms user, ${buildFigures.sysMs} ms system; ` +
      `first-pass failures ${failed.length}; ${diskMiB} MiB on disk`,
  )
  figure(`platform ${builtCount} sites (${routes.length} pages each): build all (--todos --completa), wall`, buildFigures.wallMs, 'ms')
  figure(`platform ${builtCount} sites: build all, user + system CPU per site`, Math.round((userMs + sysMs) / builtCount), 'ms')
  figure(`platform ${builtCount} sites: build all, pages per second per core (wall, ${cores} cores)`, buildFigures.pagesPerSecondPerCore, '/s')
  figure(`platform ${builtCount} sites: build all, sites that failed the first pass (built again alone)`, failed.length, '')

  // 3. One server for all of them, as the service runs it, on each site's SQLite file or on one PostgreSQL database.
  const db = await benchDatabase(engine)
  Object.assign(env, db.env)
  const port = 3950 + Math.floor(Math.random() * 40)
  const server = await startPlatformServer(env, port).catch(error => {
    db.stop()
    throw error
  })
  const pid = server.pid!
  try {
    await new Promise(r => setTimeout(r, 1000))
    const idle = rssMiB(pid)
    const fdsIdle = openFiles(pid)
    const serie = (parse(fs.readFileSync(path.join(sites[0]!.manifestDir, 'forms', 'pqrsd.yaml'), 'utf8')) as { radicacion: { serie: string } }).radicacion
      .serie

    // Each site visited once: its first page (the site's app starts there), its anti-forgery cookie, its first filing.
    const tokens: string[] = []
    const firstRequestMs: number[] = []
    let ownSeries = 0
    const wrong: string[] = []
    for (const [i, site] of sites.entries()) {
      const host = site.dominios[0]!
      const t = performance.now()
      const home = await ask(port, host, 'GET', '/')
      firstRequestMs.push(performance.now() - t)
      if (home.status !== 200 || !home.text.includes(shortName(sourceOf(i).nombre)))
        throw new Error(`${host}/ answered ${home.status} without the site's own name`)
      const first = await ask(port, host, 'GET', '/api/tipo-solicitud')
      const token = (first.headers['set-cookie'] ?? [])
        .find(c => c.startsWith('XSRF-TOKEN='))
        ?.split(';')[0]
        ?.slice('XSRF-TOKEN='.length)
      if (!token) throw new Error(`${host} gave no XSRF-TOKEN cookie`)
      tokens.push(token)
      const filing = await ask(
        port,
        host,
        'POST',
        '/api/pqrs',
        { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        PQRS,
      )
      const id = filing.status === 200 ? (JSON.parse(filing.text) as { id: string }).id : `HTTP ${filing.status}`
      if (isFirstOfSeries(id, serie)) ownSeries++
      else wrong.push(`${site.id}: ${id}`)
    }
    // The pages a citizen reads: routes that only redirect (a section's old address, 301) are left out of the load.
    const readable: string[] = []
    for (const route of routes) if ((await ask(port, sites[0]!.dominios[0]!, 'GET', route)).status === 200) readable.push(route)
    const visited = rssMiB(pid)
    const fdsVisited = openFiles(pid)
    if (wrong.length > 0) console.error(`Platform: first filings not numbered 1 of their own series: ${wrong.join('; ')}`)
    budget(`platform ${count} sites${onEngine}: each site's first filing is number 1 of its own ${serie} series`, ownSeries, count, 'sites', true)

    // Requests spread over the sites, then the same requests to the first site alone (what spreading costs, same load).
    const hosts = sites.map(s => s.dominios[0]!)
    const spread = await loadOverSites(port, hosts, tokens, readable, seconds)
    // Over the first SPREAD_SITES sites (as many as a process keeps in memory by default): what spreading costs when
    // the sites are in memory, the issue's «200 sites at most 20 % below one site».
    // Those sites visited once first: after the spread over every site, the cache holds whichever were asked last.
    if (count > SPREAD_SITES) for (const host of hosts.slice(0, SPREAD_SITES)) await ask(port, host, 'GET', '/api/tipo-solicitud')
    const spreadKept = count > SPREAD_SITES ? await loadOverSites(port, hosts.slice(0, SPREAD_SITES), tokens.slice(0, SPREAD_SITES), readable, seconds) : spread
    const oneSite = await loadOverSites(port, hosts.slice(0, 1), tokens.slice(0, 1), readable, seconds)
    const after = rssMiB(pid)
    const fdsAfter = openFiles(pid)
    const serverFigures = {
      rssMiB: { started: idle.rss, allVisited: visited.rss, afterLoad: after.rss, peak: after.peak },
      perVisitedSiteMiB: Number(((visited.rss - idle.rss) / count).toFixed(2)),
      openFiles: { started: fdsIdle, allVisited: fdsVisited, afterLoad: fdsAfter, limit: openFilesLimit(pid) },
      firstRequestMs: {
        p50: Math.round(quantile(firstRequestMs, 0.5)),
        p99: Math.round(quantile(firstRequestMs, 0.99)),
        max: Math.round(Math.max(...firstRequestMs)),
      },
      firstFilingsInOwnSeries: ownSeries,
      pages: spread.pages,
      filings: spread.filings,
      spreadOverKept: { sites: Math.min(count, SPREAD_SITES), ...spreadKept },
      oneSite,
      seconds,
      connections: 10,
      pagesRequested: readable.length,
    }
    figure(`platform ${count} sites${onEngine}: server RSS, started (no site visited)`, idle.rss, 'MiB')
    figure(`platform ${count} sites${onEngine}: server RSS, every site visited once`, visited.rss, 'MiB')
    figure(`platform ${count} sites${onEngine}: server RSS per visited site`, serverFigures.perVisitedSiteMiB, 'MiB')
    figure(`platform ${count} sites${onEngine}: server RSS after the load (peak ${after.peak} MiB)`, after.rss, 'MiB')
    figure(`platform ${count} sites${onEngine}: server open files, every site visited`, fdsVisited, '')
    figure(`platform ${count} sites${onEngine}: first request to a site (its app starts), p50`, serverFigures.firstRequestMs.p50, 'ms')
    figure(`platform ${count} sites${onEngine}: first request to a site (its app starts), p99`, serverFigures.firstRequestMs.p99, 'ms')
    for (const [label, r] of [
      ['GET a random page of a random site', spread.pages],
      ['POST /api/pqrs to a random site', spread.filings],
      [`GET a random page of one of the first ${Math.min(count, SPREAD_SITES)} sites`, spreadKept.pages],
      [`POST /api/pqrs to one of the first ${Math.min(count, SPREAD_SITES)} sites`, spreadKept.filings],
      ['the same GETs, all to the first site', oneSite.pages],
      ['the same POSTs, all to the first site', oneSite.filings],
    ] as const) {
      figure(`platform ${count} sites${onEngine}: ${label}, p50 (10 connections)`, r.p50Ms, 'ms')
      figure(`platform ${count} sites${onEngine}: ${label}, p99 (10 connections)`, r.p99Ms, 'ms')
      figure(`platform ${count} sites${onEngine}: ${label}, requests/s`, r.reqPerSec, '/s')
    }
    server.kill('SIGTERM')
    await new Promise(r => server.once('exit', r))
    // 4. Several nodes behind Caddy, sharing only the database (BENCH_NODOS).
    const nodesFigures =
      nodeCount > 1 && db.database
        ? await benchNodes({
            dir,
            platformFile: file,
            database: db.database,
            count: nodeCount,
            hosts,
            tokens,
            routes: readable,
            kept: Math.min(count, SPREAD_SITES),
            seconds,
            load: loadOverSites,
            figure,
          })
        : undefined
    return {
      engine,
      sitesServed: count,
      sitesBuilt: builtCount,
      build: buildFigures,
      server: serverFigures,
      nodes: nodesFigures,
      figures,
      createMs: Math.round(createMs),
    }
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM')
      await new Promise(r => server.once('exit', r))
    }
    db.stop()
    // The kept bundles of hundreds of bench sites would fill node_modules/.cache; the sites themselves stay in bench/tmp.
    for (const folder of siteCacheFolders(sites)) fs.rmSync(folder, { recursive: true, force: true })
    printFigures(figures)
  }
}

function printFigures(figures: PlatformFigure[]): void {
  console.log(`\nPlatform figures (no budget; "load" as in the table below)`)
  for (const f of figures) console.log(`INFO  ${f.name.padEnd(70)} ${String(f.value).padStart(9)} ${f.unit.padEnd(3)}          load ${f.load}`)
}
