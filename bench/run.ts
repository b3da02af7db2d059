/**
 * `npm run bench`: build time (real and synthetic site), weight per route,
 * Lighthouse on four pages, API throughput against a bare node:http server,
 * search latency, and the header's height on a phone. Prints a table with the budgets of the benchmarks issue
 * and writes bench/results.json. Not part of `npm test`: timings belong here,
 * never in assertions.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import { samplePdf } from '../scripts/gen-sample-pdfs.ts'
import { loadManifest } from '../src/manifest/load.ts'
import { validateManifest } from '../src/manifest/validate.ts'
import { sectionsText } from '../src/renderer/searchText.ts'
import { buildSearchIndex } from '../src/search/buildIndex.ts'
import { createSearcher } from '../src/search/search.ts'
import { H1_LIMITS, HEADER_ROUTES, measureHeader, PHONE } from './header.ts'
import { cannon, samplePqrs } from './load.ts'
import { benchPlatform } from './platform.ts'
import { buildWithEleventy, ensureEleventy, timeChildren, writeEleventyData, type Timing } from './eleventy.ts'
import { writeSyntheticSite } from './synthetic.ts'
import { routeWeights, type RouteWeight } from './weight.ts'

const ROOT = process.cwd()
const TMP = path.join(ROOT, 'bench/tmp')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const only = new Set(process.argv.slice(2))
/** Parts a plain `npm run bench` leaves out (their figures of the last run are kept): the platform takes about an hour. */
const ON_REQUEST = new Set(['plataforma'])
const want = (part: string) => only.has(part) || (only.size === 0 && !ON_REQUEST.has(part))

interface Budget {
  part: string
  name: string
  value: number
  limit: number
  unit: string
  pass: boolean
  higherIsBetter?: boolean
  /** One-minute load average when the figure was taken: a busy machine shows here, not as a mystery. */
  load: number
}
const budgets: Budget[] = []
let currentPart = ''
const results: Record<string, unknown> = {
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
  },
}

function budget(name: string, value: number, limit: number, unit: string, higherIsBetter = false): void {
  budgets.push({
    part: currentPart,
    name,
    value,
    limit,
    unit,
    higherIsBetter,
    pass: higherIsBetter ? value >= limit : value <= limit,
    load: Number(os.loadavg()[0]!.toFixed(2)),
  })
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t = performance.now()
  const value = fn()
  return { ms: performance.now() - t, value }
}

function withEnv<T>(env: Record<string, string>, fn: () => T): T {
  const saved = Object.fromEntries(Object.keys(env).map(k => [k, process.env[k]]))
  Object.assign(process.env, env)
  try {
    return fn()
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
}

/**
 * `npm run build` of a content folder as npm starts it (scripts/build.ts from its compiled copy, without npm's own
 * start-up): wall milliseconds and the kind of build it ran.
 */
function buildSite(env: Record<string, string>, ...args: string[]): { ms: number; kind: string; reused: boolean } {
  const t0 = performance.now()
  const out = execFileSync(process.execPath, ['scripts/compiled.mjs', 'build', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: 'pipe',
  })
  const ms = performance.now() - t0
  const kind = /solo contenido/.test(out) ? 'contenido' : 'completa'
  return { ms, kind, reused: /Paquetes de código: reutilizados/.test(out) }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Wall time of the validate command as staff start it (`npm run validate`), median of `runs`. */
function validateWall(env: Record<string, string>, runs = 5): number {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    execFileSync(npm, ['run', '-s', 'validate'], { env: { ...process.env, ...env }, stdio: 'pipe', shell: process.platform === 'win32' })
    times.push(performance.now() - t0)
  }
  return median(times)
}

/** A full build, then a content-only rebuild after one document row changed. */
function fullAndContentBuild(env: Record<string, string>, manifestDir: string): { fullMs: number; contentMs: number } {
  const full = buildSite(env, '--completa')
  const docs = path.join(manifestDir, 'documents')
  const file = path.join(docs, fs.readdirSync(docs).find(f => f.endsWith('.yaml'))!)
  const original = fs.readFileSync(file, 'utf8')
  fs.writeFileSync(file, original.replace(/titulo: (.*)\n/, 'titulo: $1 (cambio)\n'))
  try {
    const content = buildSite(env)
    if (content.kind !== 'contenido') throw new Error('the rebuild after a content change was not content-only')
    return { fullMs: full.ms, contentMs: content.ms }
  } finally {
    fs.writeFileSync(file, original)
  }
}

async function benchBuild(): Promise<void> {
  const realOut = path.join(TMP, 'real')
  const real = fullAndContentBuild({ BUILD_OUT_DIR: realOut }, path.join(ROOT, 'manifest'))
  const realValidate = validateWall({})
  const validateInProcess = timed(() => validateManifest()).ms
  const pages = loadManifest().manifest.pages.length
  results.buildReal = {
    pages,
    validateInProcessMs: Math.round(validateInProcess),
    validateWallMs: Math.round(realValidate),
    fullBuildMs: Math.round(real.fullMs),
    contentBuildMs: Math.round(real.contentMs),
  }
  budget('real site: npm run validate, wall (median of 5)', Math.round(realValidate), 500, 'ms')
  budget('real site: content-only rebuild (npm run build)', Math.round(real.contentMs), 5000, 'ms')
  budget('real site: full build (npm run build -- --completa)', Math.round(real.fullMs), 40000, 'ms')

  const pdf = await samplePdf('Documento sintético', 2024, 'Hospital sintético')
  const big = writeSyntheticSite(path.join(TMP, 'synthetic-1000'), 1000, 10_000, pdf)
  const bigOut = path.join(TMP, 'synthetic-1000/dist')
  const bigEnv = { MANIFEST_DIR: big.manifestDir, PUBLIC_DIR: big.publicDir, BUILD_OUT_DIR: bigOut }
  const bigValidate = validateWall(bigEnv, 3)
  budget('synthetic 1,000 pages / 10,000 rows: npm run validate, wall', Math.round(bigValidate), 1500, 'ms')
  await benchAgainstEleventy(bigEnv, big, bigOut, Math.round(bigValidate))
  // Restore the real site's generated route list (the synthetic builds overwrote it).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/generate.ts'], { stdio: 'pipe' })
}

/**
 * docs/decisions/build.md: the synthetic 1,000-page site built by Eleventy and by this project in the same run, interleaved, in
 * BENCH_RONDAS rounds (3 by default, as the issue measured), medians of each figure; every build into a removed
 * output folder except the content-only one; ratios to Eleventy's full build. CPU is user time (the steady figure on
 * a shared machine), system time separately: both from the kernel's account of the processes each build waited for.
 * The first round's `--completa` build also makes the snapshots of the 10,000 new PDFs (the synthetic site is written
 * afresh): a first build of an installation does that once, as every later build of Eleventy copies them again.
 */
async function benchAgainstEleventy(
  env: Record<string, string>,
  site: { manifestDir: string; publicDir: string },
  outDir: string,
  validateWallMs: number,
): Promise<void> {
  ensureEleventy()
  const dataFile = path.join(TMP, 'synthetic-1000/eleventy-datos.json')
  writeEleventyData(
    withEnv({ MANIFEST_DIR: site.manifestDir, PUBLIC_DIR: site.publicDir }, () => loadManifest(site.manifestDir).manifest),
    dataFile,
  )
  const ours = (...args: string[]) => {
    const t = timeChildren(() => buildSite(env, ...args))
    return { wallMs: t.wallMs, userMs: t.userMs, sysMs: t.sysMs, kind: t.value.kind, reused: t.value.reused }
  }
  // Outside the project: Vike's bundling walks the whole project folder (its legacy `*.page.*` search, see
  // docs/benchmarks.md), and Eleventy's 2,100 output folders there made this project's full builds slower.
  const ELEVENTY_OUT = path.join(os.tmpdir(), 'ese-bench-eleventy')
  const docs = path.join(site.manifestDir, 'documents')
  const file = path.join(docs, fs.readdirSync(docs).find(f => f.endsWith('.yaml'))!)
  const rounds: Array<Record<'eleventy' | 'forced' | 'fresh' | 'content', Timing>> = []
  const count = Math.max(1, Number(process.env.BENCH_RONDAS) || 3)
  for (let round = 1; round <= count; round++) {
    const eleventy = buildWithEleventy(dataFile, site.publicDir, ELEVENTY_OUT)
    fs.rmSync(outDir, { recursive: true, force: true })
    const forced = ours('--completa')
    // The same code as the last full build: a build into an empty folder takes its bundles and renders the content.
    fs.rmSync(outDir, { recursive: true, force: true })
    const fresh = ours()
    if (!fresh.reused) throw new Error('a build into an empty folder with unchanged code did not reuse the bundles')
    // A change never seen before (a kept validation of an earlier round's change must not count as this one's).
    const original = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, original.replace(/titulo: (.*)\n/, `titulo: $1 (cambio ${round} ${Date.now()})\n`))
    let content: ReturnType<typeof ours>
    try {
      content = ours()
    } finally {
      fs.writeFileSync(file, original)
    }
    if (content.kind !== 'contenido') throw new Error('the rebuild after a content change was not content-only')
    rounds.push({ eleventy, forced, fresh, content })
    console.log(
      `  round ${round}/${count}: Eleventy ${Math.round(eleventy.wallMs)} ms, --completa ${Math.round(forced.wallMs)}, same code ${Math.round(fresh.wallMs)}, content-only ${Math.round(content.wallMs)} (wall)`,
    )
  }
  const mid = (key: 'eleventy' | 'forced' | 'fresh' | 'content'): Timing => ({
    wallMs: median(rounds.map(r => r[key].wallMs)),
    userMs: median(rounds.map(r => r[key].userMs)),
    sysMs: median(rounds.map(r => r[key].sysMs)),
  })
  const [eleventy, forced, fresh, content] = [mid('eleventy'), mid('forced'), mid('fresh'), mid('content')]
  const row = (t: Timing) => ({ wallMs: Math.round(t.wallMs), userMs: Math.round(t.userMs), sysMs: Math.round(t.sysMs) })
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2))
  results.buildSynthetic = {
    pages: 1000,
    rows: 10_000,
    rounds: count,
    validateWallMs,
    eleventy: row(eleventy),
    fullForced: row(forced),
    fullSameCode: row(fresh),
    contentOnly: row(content),
    // Kept under the old names for comparison with earlier runs.
    fullBuildMs: Math.round(forced.wallMs),
    contentBuildMs: Math.round(content.wallMs),
  }
  budget('synthetic 1,000 pages: full build (--completa), CPU (user) / Eleventy', ratio(forced.userMs, eleventy.userMs), 1.5, '×')
  budget('synthetic 1,000 pages: full build (--completa), wall / Eleventy', ratio(forced.wallMs, eleventy.wallMs), 2, '×')
  budget('synthetic 1,000 pages: full build into an empty folder, same code, CPU (user) / Eleventy', ratio(fresh.userMs, eleventy.userMs), 1.5, '×')
  budget('synthetic 1,000 pages: full build into an empty folder, same code, wall / Eleventy', ratio(fresh.wallMs, eleventy.wallMs), 2, '×')
  budget('synthetic 1,000 pages: content-only wall / Eleventy full build wall', ratio(content.wallMs, eleventy.wallMs), 1, '×')
  for (const [name, t] of [
    ['full build (--completa)', forced],
    ['full build into an empty folder, same code', fresh],
    ['content-only rebuild', content],
  ] as const) {
    budget(`synthetic 1,000 pages: ${name}, system time`, Math.round(t.sysMs), 2000, 'ms')
  }
  budget('synthetic 1,000 pages: content-only rebuild', Math.round(content.wallMs), 10000, 'ms')
  budget('synthetic 1,000 pages: full build', Math.round(forced.wallMs), 10000, 'ms')
  console.log(
    `Eleventy 1,000 pages: ${row(eleventy).wallMs} ms wall, ${row(eleventy).userMs} ms user, ${row(eleventy).sysMs} ms system; ` +
      `this project --completa ${row(forced).wallMs}/${row(forced).userMs}/${row(forced).sysMs}, empty folder same code ${row(fresh).wallMs}/${row(fresh).userMs}/${row(fresh).sysMs}, content-only ${row(content).wallMs}/${row(content).userMs}/${row(content).sysMs}`,
  )
}

function benchWeight(): void {
  const client = path.join(TMP, 'real/client')
  // Built again unless the bundles' fingerprint still matches (then a content-only pass): never a stale build of older code.
  buildSite({ BUILD_OUT_DIR: path.join(TMP, 'real') })
  const weights = routeWeights(client).sort((a, b) => b.total - a.total)
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  const largest = weights[0]!
  results.weight = {
    routes: weights.length,
    largest,
    medianTotal: median(weights.map(w => w.total)),
    medianJs: median(weights.map(w => w.js)),
    perRoute: weights,
  }
  // Routes are split as the build splits them: plain-HTML content pages and pages hydrated by React.
  const { interactivo } = JSON.parse(fs.readFileSync(path.join(ROOT, 'src/generated/routes.json'), 'utf8')) as { interactivo: string[] }
  const kinds = [
    { label: 'content pages, plain HTML', routes: weights.filter(w => !interactivo.includes(w.route)) },
    { label: 'interactive pages, hydrated', routes: weights.filter(w => interactivo.includes(w.route)) },
  ]
  results.weightByKind = Object.fromEntries(
    kinds.map(k => [
      k.label,
      {
        routes: k.routes.length,
        maxJs: Math.max(...k.routes.map(w => w.js)),
        maxTotal: Math.max(...k.routes.map(w => w.total)),
        medianTotal: median(k.routes.map(w => w.total)),
      },
    ]),
  )
  for (const k of kinds) {
    const maxJs = k.routes.reduce((a, b) => (b.js > a.js ? b : a))
    const maxTotal = k.routes.reduce((a, b) => (b.total > a.total ? b : a))
    budget(`${k.label} (${k.routes.length}): largest JavaScript (${maxJs.route}), gzip`, maxJs.js, 80 * 1024, 'B')
    budget(`${k.label} (${k.routes.length}): largest in all (${maxTotal.route}), gzip`, maxTotal.total, 120 * 1024, 'B')
  }
}

function startServer(port: number, clientDir: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'error',
      BUILD_OUT_DIR: path.dirname(clientDir),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000
    const poll = () =>
      http
        .get(`http://127.0.0.1:${port}/api/tipo-solicitud`, r => (r.resume(), resolve(child)))
        .on('error', () => (Date.now() > deadline ? reject(new Error('server did not start')) : setTimeout(poll, 200)))
    poll()
  })
}

interface LighthouseRun {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  failedAudits: string[]
  load: number
}

async function benchLighthouse(port: number): Promise<void> {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
  const largestAccordion = '/nuestra-gestion/control/informes'
  const pages = { inicio: '/', [`acordeón más grande (${largestAccordion})`]: largestAccordion, 'formulario PQRSD': '/pqrsd', búsqueda: '/buscar?q=resolucion' }
  const out: Record<string, unknown> = {}
  // docs/decisions/build.md: the median of three runs per page, each category at 100. The runs of a page are consecutive, so the load beside the figure is the one they ran under.
  const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
  try {
    for (const [name, route] of Object.entries(pages)) {
      const runs: LighthouseRun[] = []
      const failedRuns: string[] = []
      for (let i = 0; i < RUNS; i++) {
        const r = await lighthouse(`http://127.0.0.1:${port}${route}`, { port: chrome.port, output: 'json', logLevel: 'error' })
        const lhr = r!.lhr
        // A run Lighthouse could not finish (it happens on a starved machine) is reported, not counted as 0 in the median.
        if (lhr.runtimeError || lhr.categories.performance?.score == null) {
          failedRuns.push(lhr.runtimeError?.code ?? 'no performance score')
          continue
        }
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100)
        const audit = (k: string) => lhr.audits[k]?.numericValue ?? NaN
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Number(audit('cumulative-layout-shift').toFixed(3)),
          failedAudits: Object.values(lhr.audits)
            .filter(a => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
            .map(a => a.id),
          load: Number(os.loadavg()[0]!.toFixed(2)),
        })
      }
      const med = (k: 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls') => median(runs.map(r => r[k]))
      if (runs.length === 0) throw new Error(`Lighthouse could not finish any run of ${route}: ${failedRuns.join(', ')}`)
      const row = {
        performance: med('performance'),
        accessibility: med('accessibility'),
        bestPractices: med('bestPractices'),
        seo: med('seo'),
        fcpMs: med('fcpMs'),
        lcpMs: med('lcpMs'),
        tbtMs: med('tbtMs'),
        cls: med('cls'),
        runs,
        failedRuns,
      }
      out[name] = row
      for (const k of ['performance', 'accessibility', 'bestPractices', 'seo'] as const)
        budget(`Lighthouse ${k} — ${name} (median of ${runs.length})`, row[k], 100, 'pts', true)
    }
  } finally {
    await chrome.kill()
  }
  results.lighthouse = out
}

/**
 * docs/decisions/accessibility.md: on a 412 × 915 phone every route's <h1> starts within the first 300 px with the
 * default text and 400 px with A+ (the figure per route is in bench/results.json, `header.figures`). Budgets: those
 * two limits on the lowest route, and the header at most a third of the screen with the default text and half of it
 * with A+. The home page's <h1> on a 1366 × 768 laptop is reported beside them.
 */
async function benchHeader(port: number): Promise<void> {
  const { phone: figures, desktopHomeH1TopPx } = await measureHeader(port, CHROMIUM)
  results.header = { viewport: PHONE, routes: HEADER_ROUTES.length, figures, desktopHomeH1TopPx }
  for (const text of ['normal', 'A+'] as const) {
    const mine = figures.filter(f => f.text === text)
    const tallest = Math.max(...mine.map(f => f.headerPx))
    const lowest = mine.reduce((a, b) => (b.h1TopPx > a.h1TopPx ? b : a))
    budget(`header height at 412 px, text ${text} (tallest of ${mine.length} routes)`, tallest, Math.round(PHONE.height / (text === 'normal' ? 3 : 2)), 'px')
    budget(`page <h1> top at 412 px, text ${text} (lowest of ${mine.length} routes: ${lowest.route})`, lowest.h1TopPx, H1_LIMITS[text], 'px')
  }
  budget('home page <h1> top at 1366 × 768, default text', desktopHomeH1TopPx, 400, 'px')
}

async function xsrf(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/tipo-solicitud`)
  const cookie = res.headers.getSetCookie().find(c => c.startsWith('XSRF-TOKEN='))
  return cookie ? cookie.split(';')[0]!.slice('XSRF-TOKEN='.length) : ''
}

async function benchApi(port: number): Promise<void> {
  const bare = http.createServer((_req, res) => res.end('ok'))
  await new Promise<void>(r => bare.listen(0, '127.0.0.1', () => r()))
  const barePort = (bare.address() as { port: number }).port
  const duration = Number(process.env.BENCH_API_SECONDS ?? 10)
  const token = await xsrf(port)
  const pqrs = samplePqrs('Prueba de carga')
  const base = await cannon({ url: `http://127.0.0.1:${barePort}/`, duration, connections: 10 })
  const post = await cannon({
    url: `http://127.0.0.1:${port}/api/pqrs`,
    method: 'POST',
    duration,
    connections: 10,
    body: pqrs,
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
  })
  // A refused filing is cheap: measuring refusals would flatter the figure (it happened when consent became required).
  if (post.non2xx > 0) throw new Error(`POST /api/pqrs answered ${post.non2xx} times with an error: the bench's filing is no longer valid`)
  const search = await cannon({ url: `http://127.0.0.1:${port}/api/search?q=resolucion`, duration, connections: 10 })
  bare.close()
  const summary = (r: autocannon.Result) => ({
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  })
  results.api = { bareNodeHttp: summary(base), postPqrs: summary(post), getSearch: summary(search) }
  budget('POST /api/pqrs throughput vs bare node:http', Math.round((post.requests.average / base.requests.average) * 100), 30, '%', true)
}

async function benchSearch(): Promise<void> {
  const dir = path.join(TMP, 'synthetic-1000')
  if (!fs.existsSync(path.join(dir, 'manifest'))) writeSyntheticSite(dir, 1000, 10_000, await samplePdf('x', 2024, 'x'))
  const manifest = withEnv(
    { MANIFEST_DIR: path.join(dir, 'manifest'), PUBLIC_DIR: path.join(dir, 'public') },
    () => loadManifest(path.join(dir, 'manifest')).manifest,
  )
  const index = buildSearchIndex(manifest, sectionsText)
  const search = createSearcher(index)
  // One query in six has a typo, so the near-miss path shows in the mix's p95; typo queries alone get their own p95.
  const queries = ['resolucion', 'gestión institucional', 'categoria 3', 'pagina sintetica 512', 'resolucon 12-40', 'resolución 12-40']
  const typos = ['resolucon 12-40', 'gestin instucional', 'categria 3', 'pagna sintetica 512', 'resolucion 12-40 de 2016 sobre gestin']
  search('calentamiento')
  const percentiles = (list: string[], rounds: number) => {
    const times: number[] = []
    for (let i = 0; i < rounds; i++) for (const q of list) times.push(timed(() => search(q)).ms)
    times.sort((a, b) => a - b)
    return { p50: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! }
  }
  const mix = percentiles(queries, 30)
  const typo = percentiles(typos, 36)
  results.search = { indexedDocs: index.length, p50Ms: Number(mix.p50.toFixed(2)), p95Ms: Number(mix.p95.toFixed(2)), typoP95Ms: Number(typo.p95.toFixed(2)) }
  budget(`search query over ${index.length} documents (median)`, Number(mix.p50.toFixed(2)), 30, 'ms')
  budget(`search query over ${index.length} documents (p95, typos included)`, Number(mix.p95.toFixed(2)), 10, 'ms')
  budget(`search query over ${index.length} documents (p95 of typo queries alone)`, Number(typo.p95.toFixed(2)), 10, 'ms')
}

function printTable(): void {
  const line = (b: Budget) =>
    `${b.pass ? 'PASS' : 'FAIL'}  ${b.name.padEnd(70)} ${String(b.value).padStart(9)} ${b.unit.padEnd(3)} (${b.higherIsBetter ? '≥' : '≤'} ${b.limit})  load ${b.load ?? '?'}`
  console.log(`\nBudgets (${os.cpus().length} cores; "load" is the one-minute load average when each figure was taken)`)
  for (const b of budgets) console.log(line(b))
  const w = results.weight as { largest: RouteWeight; medianTotal: number } | undefined
  if (w)
    console.log(
      `\nWeight: largest route ${w.largest.route} ${w.largest.total} B gzip (HTML ${w.largest.html}, CSS ${w.largest.css}, JS ${w.largest.js}); median ${w.medianTotal} B`,
    )
  console.log(`\n${budgets.filter(b => b.pass).length} budgets passed, ${budgets.filter(b => !b.pass).length} missed. Details: bench/results.json`)
}

fs.mkdirSync(TMP, { recursive: true })
// A partial run (npm run bench -- weight), and a whole one for the parts it leaves out, keeps those parts' figures of the last run.
const RESULTS_FILE = path.join(ROOT, 'bench/results.json')
const previous = fs.existsSync(RESULTS_FILE) ? (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {}
const PART_KEYS: Record<string, string[]> = {
  build: ['buildReal', 'buildSynthetic'],
  weight: ['weight', 'weightByKind'],
  search: ['search'],
  lighthouse: ['lighthouse'],
  api: ['api'],
  header: ['header'],
  plataforma: ['platform', 'platformPostgres'],
}
for (const [part, keys] of Object.entries(PART_KEYS)) if (!want(part)) for (const k of keys) if (k in previous) results[k] = previous[k]
const previousBudgets = ((previous.budgets as Budget[] | undefined) ?? []).filter(b => !want(b.part))
currentPart = 'build'
if (want('build')) await benchBuild()
currentPart = 'weight'
if (want('weight')) benchWeight()
currentPart = 'search'
if (want('search')) await benchSearch()
if (want('lighthouse') || want('api') || want('header')) {
  const client = path.join(TMP, 'real/client')
  if (!want('weight')) buildSite({ BUILD_OUT_DIR: path.join(TMP, 'real') })
  const port = 3900 + Math.floor(Math.random() * 90)
  const server = await startServer(port, client)
  try {
    currentPart = 'lighthouse'
    if (want('lighthouse')) await benchLighthouse(port)
    currentPart = 'api'
    if (want('api')) await benchApi(port)
    currentPart = 'header'
    if (want('header')) await benchHeader(port)
  } finally {
    server.kill('SIGTERM')
  }
}
currentPart = 'plataforma'
if (want('plataforma')) {
  // Each engine's run keeps the other's figures (BENCH_BASE=postgres: `platformPostgres`).
  const platform = await benchPlatform(TMP, budget)
  const [key, other] = platform.engine === 'postgres' ? ['platformPostgres', 'platform'] : ['platform', 'platformPostgres']
  results[key] = platform
  if (other in previous) results[other] = previous[other]
}
budgets.unshift(...previousBudgets)
results.budgets = budgets
fs.writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n')
printTable()
