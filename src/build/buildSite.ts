/**
 * The one build path of the site (`npm run build`, `npm start`, publishing):
 * validate the manifest, write the files derived from it, then either
 *
 * - a **content-only** rebuild: when nothing that goes into the bundles has
 *   changed since the last full build (only `manifest/` or `public/`), the
 *   pages are pre-rendered again from the existing client and server bundles
 *   (scripts/prerender.ts, through Vike's server runtime; page data is read
 *   from the manifest at pre-render time, never bundled) and `public/` is
 *   synced into the output; or
 * - a **full** build (`vike build`: bundling, then pre-rendering).
 *
 * What decides is a fingerprint of every input of the bundles (the source
 * code, the generated route list, schemas, configuration and the lock file),
 * stored next to the output in build-info.json by each full build.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { manifestDir, projectRoot, publicDir } from '../manifest/paths.ts'
import { keepSiteData } from '../server/siteData.ts'
import { manifestKey } from '../server/siteDataFile.ts'
import { vikeCrawl } from './vikeCrawl.ts'
import { formatProblem, reportGroups } from '../manifest/problem.ts'
import { keepCompiledValidatorsIn } from '../manifest/schemas.ts'
import { writeManifestSnapshot } from '../manifest/manifestSnapshot.ts'
import { type BuildPlan, planVariable } from '../manifest/buildPlan.ts'
import { validateManifest, type ValidationResult } from '../manifest/validate.ts'
import { SHARE_CONFIG_LOADED } from '../renderer/prerenderShard.ts'
import { placeValidators, writeGeneratedFiles } from './generate.ts'
import { withBuildLock } from './buildLock.ts'
import { vikeNodeModules } from './nodeModules.ts'
import { forgetServerEntryPointer } from './serverEntryPointer.ts'
import { defaultGeneratedDir } from './generatedDir.ts'
import { emptyExcept, snapshotDirFor, syncPublic } from './publicSync.ts'
import { bundleCacheFor, hasBundles, keepBundles, restoreBundles } from './bundleCache.ts'
import { lockVikeConfig } from './vikeConfigLock.ts'
import { keepValidation, reuseValidation, validationKey } from './validationCache.ts'
import { EarlyPrerender } from './earlyPrerender.ts'
import { pendingSummary } from '../manifest/itaMatrix.ts'
import { untaggedSummary } from '../manifest/checks/documentAccessibility.ts'
import { standInSummary } from '../manifest/governmentLogos.ts'

export type BuildKind = 'contenido' | 'completa'

export interface BuildOptions {
  /** Output folder (holds client/ and server/); default BUILD_OUT_DIR or dist. */
  outDir?: string
  /** Where the site's generated files go (generatedDir.ts): a platform site's own folder; default the checkout's. */
  generatedDir?: string
  /** Always bundle again. */
  full?: boolean
  /**
   * A previous output folder whose bundles may be reused when building into a
   * new `outDir` (publishing into a fresh folder): its bundles are copied, then
   * only the content is rendered, if its fingerprint still matches.
   */
  reuseFrom?: string
  /** Progress lines for staff (Spanish); default console.log. */
  log?: (line: string) => void
  /** Pass the bundler's own (English) output on to the terminal (`--detalle`); otherwise it goes to the log file only. */
  detail?: boolean
}

export interface BuildResult {
  ok: boolean
  kind?: BuildKind
  /** Why a full build was needed (Spanish, for the output). */
  reason?: string
  /**
   * Where the bundles of a content-only build came from: the output folder's own previous build, or the
   * bundles kept by the fingerprint of their code (src/build/bundleCache.ts) for an empty or outdated folder.
   */
  bundles?: 'salida' | 'guardados'
  /** The manifest has errors: nothing was built. */
  invalid?: boolean
  pages?: number
  ms: number
}

interface BuildInfo {
  version: 1
  fingerprint: string
  /** Files copied from public/ (relative, POSIX), to remove the ones staff deleted. */
  publicFiles: string[]
  kind: BuildKind
  builtAt: string
}

const INFO_FILE = 'build-info.json'

/** Inputs of the client and server bundles, relative to the project root. The server (src/server) is not bundled. */
const CODE_DIRS = ['src', 'schemas']
const CODE_FILES = ['vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json']
const NOT_BUNDLED = [path.join('src', 'server')]

function filesUnder(dir: string, root: string, skip: string[] = []): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.name.startsWith('.') || skip.includes(path.relative(root, full))) continue
    if (entry.isDirectory()) out.push(...filesUnder(full, root, skip))
    else if (entry.isFile()) out.push(full)
  }
  return out
}

/**
 * package.json / package-lock.json without the project's own version: no bundle contains it, and a release that
 * only bumps it (`npm run actualizar`) should not pay for a full build.
 */
export function withoutOwnVersion(json: string): string {
  try {
    const data = JSON.parse(json) as { version?: string; packages?: Record<string, { version?: string }> }
    delete data.version
    if (data.packages?.['']) delete data.packages[''].version
    return JSON.stringify(data)
  } catch {
    return json
  }
}

/**
 * Hash of every bundle input (contents and paths): equal fingerprints mean the bundles would be identical. No file of
 * a site goes into the bundles (its routes and form validators are read when it is rendered and served:
 * src/renderer/siteRoutes.ts, src/forms/precompiled.ts), so every site of a platform has the fingerprint of the code.
 */
export function codeFingerprint(root = projectRoot()): string {
  const files = new Map<string, string>()
  for (const f of [
    ...CODE_DIRS.flatMap(d => filesUnder(path.join(root, d), root, [...NOT_BUNDLED, path.relative(root, defaultGeneratedDir(root))])),
    ...CODE_FILES.map(f => path.join(root, f)).filter(f => fs.existsSync(f)),
  ])
    files.set(path.relative(root, f).split(path.sep).join('/'), f)
  const hash = crypto.createHash('sha256')
  // Where the project is: the bundler names chunks and writes module paths relative to it, so the same code in
  // another folder (a copy whose node_modules, and with it this cache, is linked to this one) bundles differently.
  hash.update(`raíz ${fs.realpathSync(root)}\0`)
  for (const [file, abs] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(file + '\0')
    hash.update(file === 'package.json' || file === 'package-lock.json' ? withoutOwnVersion(fs.readFileSync(abs, 'utf8')) : fs.readFileSync(abs))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** Whether the bundles of this checkout's code are kept (bundleCache.ts): a build now renders content only. */
export function codeIsBundled(root = projectRoot()): boolean {
  return hasBundles(bundleCacheFor(compiledCacheDir(root), root), codeFingerprint(root))
}

export function readBuildInfo(outDir: string): BuildInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(outDir, INFO_FILE), 'utf8')) as BuildInfo
    return info.version === 1 ? info : undefined
  } catch {
    return undefined
  }
}

/** Why the bundles in `outDir` cannot be reused (Spanish), or undefined when they can. */
export function fullBuildReason(outDir: string, fingerprint: string): string | undefined {
  const info = readBuildInfo(outDir)
  if (!info) return 'no hay una compilación completa anterior'
  if (!fs.existsSync(path.join(outDir, 'server')) || !fs.existsSync(path.join(outDir, 'client', '_app')))
    return 'faltan los paquetes de la compilación anterior'
  if (info.fingerprint !== fingerprint) return 'cambió el código o la configuración'
  return undefined
}

/**
 * Links public/ into the client output (src/build/publicSync.ts), with one line for the build's log file, and puts
 * the site's form validators beside it (generate.ts): the site's own files, next to the bundles every site shares.
 */
function placeSiteFiles(root: string, outDir: string, previous: string[], bundlerLog: BundlerLog, genDir: string): string[] {
  placeValidators(genDir, path.join(outDir, 'client'))
  const from = publicDir()
  const report = syncPublic(from, path.join(outDir, 'client'), snapshotDirFor(compiledCacheDir(root), from), previous)
  bundlerLog.note(
    `public/: ${report.files.length} archivos; ${report.linked} enlazados, ${report.copied} copiados, ${report.unchanged} sin cambios; ${report.snapshots} instantáneas nuevas`,
  )
  return report.files
}

/** Removes an output's bundles and pages (not its public/ files, see emptyExcept) before it gets new ones. */
function clearOutput(outDir: string, publicFiles: string[]): void {
  fs.rmSync(path.join(outDir, INFO_FILE), { force: true })
  fs.rmSync(path.join(outDir, 'server'), { recursive: true, force: true })
  fs.rmSync(path.join(outDir, 'assets.json'), { force: true })
  emptyExcept(path.join(outDir, 'client'), new Set(publicFiles))
}

/** Copies the bundles of a previous output into a new, empty output folder. */
function copyBundles(from: string, to: string): void {
  fs.mkdirSync(path.join(to, 'client'), { recursive: true })
  fs.cpSync(path.join(from, 'server'), path.join(to, 'server'), { recursive: true })
  fs.cpSync(path.join(from, 'client', '_app'), path.join(to, 'client', '_app'), { recursive: true })
  for (const f of fs.readdirSync(from)) if (fs.statSync(path.join(from, f)).isFile()) fs.copyFileSync(path.join(from, f), path.join(to, f))
}

/** Where the bundler's own output of the last build is kept (beside the build, not served: only `client/` is). */
export const BUILD_LOG_FILE = 'registro-compilacion.log'

/**
 * The bundler's output (English, about 80 lines per command) of every Vike
 * process of one build, written to the log file; staff see it only with
 * `--detalle`, or the end of it when a command fails.
 */
class BundlerLog {
  private readonly file: fs.WriteStream
  private readonly tail: string[] = []
  constructor(
    readonly filePath: string,
    private readonly detail: boolean,
  ) {
    fs.mkdirSync(path.dirname(filePath), { recursive: true })
    this.file = fs.createWriteStream(filePath)
  }
  /** A line of the build's own (not the bundler's) for the log file only. */
  note(line: string): void {
    this.file.write(`[compilación] ${line}\n`)
  }
  take(line: string, write: (line: string) => void): void {
    const plain = stripAnsi(line)
    this.file.write(plain + '\n')
    // One line per written page: kept in the file, never shown.
    if (/^\S+\.(html|json)$/.test(plain.trim())) return
    this.tail.push(plain)
    if (this.tail.length > 40) this.tail.shift()
    if (this.detail) write(line)
  }
  /** Closes the file; after a failure, shows the end of the output and where the rest is. */
  close(ok: boolean): Promise<void> {
    if (!ok && !this.detail) {
      console.error('Últimas líneas del empaquetador (en inglés):')
      for (const line of this.tail) console.error(`  ${line}`)
    }
    if (!ok || this.detail) console.error(`Detalles completos del empaquetador: ${path.relative(process.cwd(), this.filePath) || this.filePath}`)
    return new Promise(resolve => this.file.end(resolve))
  }
}

/**
 * The environment of every Vike process of a build: its plan (src/manifest/buildPlan.ts: the cache folder, the site's
 * generated folder, and what `plan` adds: the manifest to render, the code fingerprint, the share, whether the
 * bundler links public/ and leaves the pre-render to the build), and the output folder the bundler writes.
 * NODE_ENV=production always: a build publishes, and under another value (Vitest's «test», a server's
 * «development») the bundles carry React's development JSX with file paths, kept and reused by the bundle cache.
 */
export function vikeEnvironment(root: string, outDir: string, genDir: string, plan: BuildPlan = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    VIKE_CRAWL: vikeCrawl(root),
    BUILD_OUT_DIR: path.relative(root, outDir) || '.',
    ...planVariable({ cacheDir: compiledCacheDir(root), generatedDir: genDir, announceConfigLoaded: true, ...plan }),
  }
}

/**
 * The pre-render processes of a likely content-only build, started before validation (src/build/earlyPrerender.ts):
 * when the output folder holds a build's bundles and the build is not asked to bundle, one per share of the pages
 * the last build listed.
 */
function startEarlyPrerender(options: BuildOptions, root: string, outDir: string, genDir: string): EarlyPrerender | undefined {
  const info = readBuildInfo(outDir)
  if (options.full || options.reuseFrom || !info || !fs.existsSync(path.join(outDir, 'server', 'entry.mjs'))) return undefined
  let pages: number
  try {
    const routes = JSON.parse(fs.readFileSync(path.join(genDir, 'routes.json'), 'utf8')) as Record<string, string[]>
    pages = Object.values(routes).flat().length
  } catch {
    return undefined
  }
  const envFor = (share: string | undefined) => vikeEnvironment(root, outDir, genDir, { codeFingerprint: info.fingerprint, share })
  return pages > 0 ? EarlyPrerender.start(root, info.fingerprint, prerenderProcessCount(pages), envFor) : undefined
}

/**
 * Runs Vike in a child process: `build` is Vike's own command (bundling; a site pre-rendered in shares bundles
 * first, then pre-renders), `prerender` pre-renders from the existing bundles and `bundle-and-prerender` does both
 * in one process, each through scripts/prerender.ts, which writes every page with its script tags for after the
 * first paint. A child process: this one has loaded the section modules (and React) itself, and the server bundle
 * needs a React of its own.
 */
async function runVike(command: 'build' | 'prerender' | 'bundle-and-prerender', root: string, log: BundlerLog, env: NodeJS.ProcessEnv): Promise<boolean> {
  const args =
    command === 'build'
      ? [path.join(vikeNodeModules(root), 'vike', 'bin.js'), 'build']
      : [path.join(root, 'scripts', 'compiled.mjs'), 'prerender', ...(command === 'bundle-and-prerender' ? ['--empaquetar'] : [])]
  // Another build's Vike process may be loading its configuration: Vike's temporary files beside src/pages/**/+*.ts
  // would collide (src/build/vikeConfigLock.ts). Held until this process says it loaded its own, or ends. A
  // pre-render from existing bundles loads no configuration (Vike's server runtime, scripts/prerender.ts).
  const unlock = command === 'prerender' ? () => {} : await lockVikeConfig(compiledCacheDir(root))
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const relay = (stream: NodeJS.ReadableStream, write: (line: string) => void) => {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/)
      rest = lines.pop() ?? ''
      for (const line of lines) {
        if (line.trim() === SHARE_CONFIG_LOADED) unlock()
        else log.take(line, write)
      }
    })
    stream.on('end', () => rest && log.take(rest, write))
  }
  relay(child.stdout, line => console.log(line))
  relay(child.stderr, line => console.error(line))
  return new Promise(resolve =>
    child.on('close', code => {
      unlock()
      resolve(code === 0)
    }),
  )
}

/**
 * Below this many pages per process, one process pre-renders everything: a
 * second one costs its own start-up (loading Vike, the server bundle and the
 * manifest, about a second of processor time) and the split only pays on
 * large sites. See docs/benchmarks.md, "Synthetic 1,000-page builds".
 */
const MIN_PAGES_PER_PRERENDER_PROCESS = 200

/**
 * How many processes pre-render a site of `pages` pages on this machine: one per core, with at least
 * MIN_PAGES_PER_PRERENDER_PROCESS pages each. `PRERENDER_PROCESSES` sets the number (tests use it to
 * exercise the split on a small site; a shared server may want 1).
 */
export function prerenderProcessCount(pages: number, cores = os.availableParallelism(), requested = process.env.PRERENDER_PROCESSES): number {
  const wanted = Number(requested)
  if (requested && Number.isInteger(wanted) && wanted >= 1) return Math.min(wanted, Math.max(1, pages))
  return Math.max(1, Math.min(cores, Math.floor(pages / MIN_PAGES_PER_PRERENDER_PROCESS)))
}

/**
 * The pre-render from the existing bundles, in `count` processes at once, each rendering its share of the pages
 * (they load no Vike configuration, so nothing keeps them from starting together).
 */
async function prerenderInShares(count: number, root: string, log: BundlerLog, envFor: (share?: string) => NodeJS.ProcessEnv): Promise<boolean> {
  const runs: Array<Promise<boolean>> = []
  for (let index = 0; index < count; index++) runs.push(runVike('prerender', root, log, envFor(count > 1 ? `${index}/${count}` : undefined)))
  return (await Promise.all(runs)).every(Boolean)
}

/**
 * Where the build keeps the manifest schemas compiled as Ajv standalone code (as `npm run validate` does):
 * compiling them took about as long as validating the site, twice per build (here and in Vike's pre-render).
 */
export function compiledCacheDir(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'ese-hospital')
}

function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '')
}

/**
 * Whether this build renders content only (the output's bundles, or kept ones, match the code) or bundles first, and
 * why: reads the output's last build and the bundle cache, and puts kept bundles in place when they match.
 */
function chooseBuild(options: BuildOptions, root: string, outDir: string) {
  const fingerprint = codeFingerprint(root)
  // One cache for every build of this checkout: the single site's and each platform site's bundles are the same.
  const cacheDir = bundleCacheFor(compiledCacheDir(root), root)
  if (options.reuseFrom && !fs.existsSync(path.join(outDir, INFO_FILE)) && !fullBuildReason(path.resolve(options.reuseFrom), fingerprint)) {
    copyBundles(path.resolve(options.reuseFrom), outDir)
  }
  // Files of public/ the output holds from its last build: left in place when unchanged, removed when gone.
  const previousPublic = readBuildInfo(outDir)?.publicFiles ?? []
  let reason = options.full ? 'se pidió una compilación completa' : fullBuildReason(outDir, fingerprint)
  let bundles: BuildResult['bundles'] = reason ? undefined : 'salida'
  if (reason && !options.full && hasBundles(cacheDir, fingerprint)) {
    // The same code was bundled before: its bundles replace whatever this folder held (nothing, or other code's).
    clearOutput(outDir, previousPublic)
    // Another build may be dropping that entry right now (the cache keeps a few): then this one bundles.
    if (restoreBundles(cacheDir, fingerprint, outDir)) {
      reason = undefined
      bundles = 'guardados'
    }
  }
  const kind: BuildKind = reason ? 'completa' : 'contenido'
  return { fingerprint, cacheDir, previousPublic, reason, bundles: reason ? undefined : bundles, kind }
}

export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now()
  const log = options.log ?? ((line: string) => console.log(line))
  const root = projectRoot()
  const outDir = path.resolve(options.outDir ?? process.env.BUILD_OUT_DIR ?? path.join(root, 'dist'))
  const elapsed = () => Math.round(performance.now() - started)

  // Stopped on every way out below (a process not told to go leaves without writing; after go() stop does nothing),
  // and in any case when this process ends: their input closes.
  // A platform site's generated files are its own (generatedDir.ts); the single site's are the checkout's.
  const genDir = options.generatedDir ?? defaultGeneratedDir(root)
  const early = startEarlyPrerender(options, root, outDir, genDir)
  keepCompiledValidatorsIn(compiledCacheDir(root))
  // Before the manifest is read: a file saved during the build makes the kept server data not match it (siteDataFile.ts).
  const serverDataKey = manifestKey(manifestDir())
  const { manifest, errors, warnings, keep } = validateOrReuse(root, log)
  // Written with the build's facts, once every page is: what the server reads to open the site (siteDataFile.ts).
  const keepServerData = () => keepSiteData(path.join(outDir, 'client'), serverDataKey, manifest)
  const groups = reportGroups(errors, warnings)
  for (const w of groups.warnings) log(formatProblem(w))
  if (errors.length > 0) {
    for (const e of groups.errors) console.error(formatProblem(e))
    console.error(`\n✗ ${errors.length} error(es) en el manifiesto: no se compiló nada. Corríjalos y vuelva a intentarlo.`)
    early?.stop()
    return { ok: false, invalid: true, ms: elapsed() }
  }
  // The generated files are shared by every build that writes the same folder (src/generated/: every single-site build
  // of this installation; a platform site's: the builds of that site): one build at a time per folder.
  return withBuildLock(
    root,
    async () => {
      writeGeneratedFiles(manifest, genDir)
      // The pre-render processes render the manifest validated above instead of loading it again (manifestSnapshot.ts).
      const snapshot = path.join(compiledCacheDir(root), `manifiesto-${process.pid}-${crypto.randomUUID()}.v8`)
      writeManifestSnapshot(manifest, snapshot)
      try {
        return await buildValidated(snapshot)
      } finally {
        early?.stop()
        fs.rmSync(snapshot, { force: true })
      }
    },
    () => log('Otra compilación de este proyecto está en curso; esta espera a que termine…'),
    genDir,
  )

  async function buildValidated(snapshot: string): Promise<BuildResult> {
    // A pointer left by an earlier version of this build (or a bare `npx vike build` of another version) would
    // still win over the output folder: see vite.config.ts, noServerEntryPointer.
    forgetServerEntryPointer(root)

    const { fingerprint, cacheDir, previousPublic, reason, bundles, kind } = chooseBuild(options, root, outDir)
    // The plan of every Vike process of this build (src/manifest/buildPlan.ts): the manifest to render, and the code
    // fingerprint the pre-render's kept Markdown belongs to (keptMarkdown.ts).
    const envFor = (share?: string, more: BuildPlan = {}) =>
      vikeEnvironment(root, outDir, genDir, { manifestSnapshot: snapshot, codeFingerprint: fingerprint, share, ...more })

    const processes = prerenderProcessCount(manifest.pages.length)
    const bundlerLog = new BundlerLog(path.join(outDir, BUILD_LOG_FILE), options.detail ?? false)
    let ok: boolean
    let publicFiles: string[]
    if (kind === 'contenido') {
      log(
        bundles === 'guardados'
          ? `Compilación solo de contenido (el código no cambió: se reutilizan los paquetes guardados de una compilación anterior): ${manifest.pages.length} páginas…`
          : `Compilación solo de contenido (el código no cambió): ${manifest.pages.length} páginas…`,
      )
      publicFiles = placeSiteFiles(root, outDir, previousPublic, bundlerLog, genDir)
      const waiting = early?.fits(fingerprint, processes, readBuildInfo(outDir)?.fingerprint)
      if (!waiting) early?.stop()
      else bundlerLog.note(`pre-render: ${processes} proceso(s) iniciados durante la validación`)
      const rendering = waiting
        ? early!.go(snapshot, (line, error) => bundlerLog.take(line, error ? l => console.error(l) : l => console.log(l)))
        : prerenderInShares(processes, root, bundlerLog, envFor)
      // Kept while the pages render: not on the way to the first page.
      keep()
      ok = await rendering
    } else {
      log(`Compilación completa (${reason})…`)
      // A stale fingerprint must not survive a build that fails half-way (clearOutput removes it first).
      clearOutput(outDir, previousPublic)
      publicFiles = placeSiteFiles(root, outDir, previousPublic, bundlerLog, genDir)
      // The bundler leaves public/ to this build (vite.config.ts), and Vike's own pre-render after bundling is off
      // (src/pages/+config.ts): scripts/prerender.ts writes the pages. One process: it bundles, then pre-renders.
      // Several: bundling, then the shares.
      const bundling = envFor(undefined, { publicLinked: true, prerenderAfterBuild: true })
      const building =
        processes === 1
          ? runVike('bundle-and-prerender', root, bundlerLog, bundling)
          : runVike('build', root, bundlerLog, bundling).then(bundled => bundled && prerenderInShares(processes, root, bundlerLog, envFor))
      keep()
      ok = await building
      if (ok) keepBundles(cacheDir, fingerprint, outDir)
    }
    if (ok) writeInfo(outDir, { version: 1, fingerprint, publicFiles, kind, builtAt: new Date().toISOString() }, keepServerData)
    await bundlerLog.close(ok)
    if (!ok) return failed(elapsed())
    const ms = elapsed()
    log(
      `✓ Sitio compilado (${kind === 'contenido' ? 'solo contenido' : 'compilación completa'}): ${manifest.pages.length} páginas en ${(ms / 1000).toFixed(1)} s.`,
    )
    if (bundles === 'guardados') log('  Paquetes de código: reutilizados (el código y la configuración no cambiaron desde una compilación anterior).')
    for (const line of [...pendingSummary(manifest), ...untaggedSummary(manifest), ...standInSummary(manifest)]) log(line)
    return { ok: true, kind, reason, bundles, pages: manifest.pages.length, ms }
  }
}

/**
 * The manifest validated, or the one a previous build validated from exactly the same inputs
 * (src/build/validationCache.ts). `keep` stores a manifest without errors for the next build; the build calls it
 * once the pages are being rendered.
 */
function validateOrReuse(root: string, log: (line: string) => void): Pick<ValidationResult, 'manifest' | 'errors' | 'warnings'> & { keep: () => void } {
  const cacheDir = compiledCacheDir(root)
  const key = validationKey(root)
  const kept = reuseValidation(cacheDir, key)
  if (kept) {
    log('El manifiesto, public/ y el código no cambiaron desde una compilación anterior: se reutiliza su validación.')
    return { manifest: kept.manifest, errors: [], warnings: kept.warnings, keep: () => {} }
  }
  const result = validateManifest()
  const keep = () => {
    // Kept only if nothing changed since it was read (a file saved meanwhile could otherwise be kept under the old key).
    if (result.errors.length === 0 && validationKey(root) === key) keepValidation(cacheDir, key, result.manifest, result.warnings)
  }
  return { ...result, keep }
}

function failed(ms: number): BuildResult {
  console.error('✗ La compilación falló (vea los mensajes de arriba); el sitio publicado no cambió de tipo de compilación.')
  return { ok: false, ms }
}

/** What a complete build writes last: the server's data of the site (`keepServerData`), then the build's facts. */
function writeInfo(outDir: string, info: BuildInfo, keepServerData: () => void): void {
  keepServerData()
  fs.writeFileSync(path.join(outDir, INFO_FILE), JSON.stringify(info, null, 2) + '\n')
}
