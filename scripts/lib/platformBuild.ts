/**
 * Builds of a platform's sites (docs/decisions/platform.md): `npm run build -- --sitio <id>` builds one site from its own
 * folder into its own output (`dist/sitios/<id>/`, with its own generated files: src/build/generatedDir.ts);
 * `-- --todos` builds every site, each in a process of its own, several at once, and reports each one: a site that
 * fails (its manifest has errors, or its build breaks) is reported and the others still build.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { loadPlatform, type Platform, type PlatformSite } from '../../src/manifest/platform.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { projectRoot } from '../../src/manifest/paths.ts'
import { type BuildOptions, type BuildResult, buildSite, codeIsBundled } from '../../src/build/buildSite.ts'

/** Exit code of `--sitio` when the site's manifest has errors (nothing was built); 1 when the build itself failed. */
export const INVALID_MANIFEST_EXIT = 3

/** The platform, or undefined after saying (in Spanish, on stderr) why there is none to build. */
export function platformToBuild(): Platform | undefined {
  const { platform, problems } = loadPlatform()
  for (const p of problems) console.error(formatProblem(p))
  if (problems.length > 0) {
    console.error(`\n✗ ${problems.length} error(es) en la configuración de la plataforma: no se compiló ningún sitio.`)
    return undefined
  }
  if (!platform)
    console.error(
      'Esta instalación no tiene configuración de plataforma (plataforma.yaml): sirve un solo sitio, que se compila con «npm run build» sin --sitio ni --todos.',
    )
  return platform
}

/** Where a site's build reads and writes: its content folders and its output. */
export function siteEnv(site: PlatformSite): Record<string, string> {
  return { MANIFEST_DIR: site.manifestDir, PUBLIC_DIR: site.publicDir, BUILD_OUT_DIR: site.outDir }
}

/**
 * Builds one site in this process (its folders become this process's: one site per process), into its
 * `dist/sitios/<id>/` or `options.outDir` (a release folder). Its generated files stay in its own output either way.
 */
export async function buildOneSite(site: PlatformSite, options: BuildOptions): Promise<BuildResult> {
  const outDir = path.resolve(options.outDir ?? site.outDir)
  Object.assign(process.env, siteEnv(site), { BUILD_OUT_DIR: outDir })
  console.log(`Sitio «${site.id}» (${site.nombre}): ${path.relative(process.cwd(), site.folder) || '.'} → ${path.relative(process.cwd(), outDir)}`)
  // Its generated files stay in its own output folder, whatever release it builds into.
  return buildSite({ ...options, outDir, generatedDir: path.join(site.outDir, 'generado') })
}

/**
 * How many sites build at once: one per core (a site's build is mostly one busy process), or
 * PLATAFORMA_COMPILACIONES.
 */
export function concurrentBuilds(sites: number, requested = process.env.PLATAFORMA_COMPILACIONES): number {
  const wanted = Number(requested)
  const limit = requested && Number.isInteger(wanted) && wanted >= 1 ? wanted : os.availableParallelism()
  return Math.max(1, Math.min(sites, limit))
}

export type Outcome = 'compilado' | 'manifiesto con errores' | 'falló la compilación'

/**
 * The environment of one site's build while `concurrent` sites build at once. Several at once: each site pre-renders
 * in one process, since the cores are busy with the other sites and splitting a site's pages (src/build/buildSite.ts,
 * prerenderProcessCount) would only add a pre-render start-up per site (a 1,000-page site in one process took 0.84×
 * the CPU of two, docs/benchmarks.md). An operator's PRERENDER_PROCESSES wins.
 */
export function siteBuildEnv(concurrent: number, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return concurrent > 1 && env.PRERENDER_PROCESSES === undefined ? { ...env, PRERENDER_PROCESSES: '1' } : env
}

/**
 * Runs `scripts/build.ts --sitio <id>` in a child process, from its compiled copy as `npm run build` does (no
 * TypeScript start-up per site), its output prefixed with the site's id (unless `prefix` is false).
 */
export function buildInChild(site: PlatformSite, args: string[], concurrent: number, prefix = true): Promise<Outcome> {
  const script = path.join(projectRoot(), 'scripts', 'compiled.mjs')
  const child = spawn(process.execPath, [script, 'build', '--sitio', site.id, ...args], {
    cwd: process.cwd(),
    env: siteBuildEnv(concurrent),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const relay = (stream: NodeJS.ReadableStream, write: (line: string) => void) => {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/)
      rest = lines.pop() ?? ''
      for (const line of lines) write(prefix ? `[${site.id}] ${line}` : line)
    })
    stream.on('end', () => rest && write(prefix ? `[${site.id}] ${rest}` : rest))
  }
  relay(child.stdout, line => console.log(line))
  relay(child.stderr, line => console.error(line))
  return new Promise(resolve =>
    child.on('close', code => resolve(code === 0 ? 'compilado' : code === INVALID_MANIFEST_EXIT ? 'manifiesto con errores' : 'falló la compilación')),
  )
}

/**
 * Runs `each` for every site, `workers` at a time, so that the code is bundled once for all of them
 * (docs/decisions/build.md, «One bundle for every site»): when it must be (`bundle`: new code, or `--completa`), the
 * sites go one by one until one of them built, which keeps its bundles; the others then render their content
 * against those bundles, `workers` at a time. `each` is told whether its site is the one that bundles.
 */
export async function bundleOnceThenAll(
  sites: readonly PlatformSite[],
  workers: number,
  bundle: boolean,
  each: (site: PlatformSite, bundles: boolean) => Promise<boolean>,
): Promise<void> {
  const queue = [...sites]
  if (bundle) for (let site = queue.shift(); site; site = queue.shift()) if (await each(site, true)) break
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      for (let site = queue.shift(); site; site = queue.shift()) await each(site, false)
    }),
  )
}

/** Builds every site, `concurrentBuilds()` at a time, bundling once (bundleOnceThenAll); true when all of them built. */
export async function buildAllSites(platform: Platform, args: string[]): Promise<boolean> {
  const started = performance.now()
  const outcomes = new Map<string, Outcome>()
  const workers = concurrentBuilds(platform.sites.length)
  const full = args.includes('--completa')
  const bundle = full || !codeIsBundled()
  console.log(
    `Compilando ${platform.sites.length} sitio(s), ${workers} a la vez${bundle ? ' (el primero empaqueta el código; los demás usan esos paquetes)' : ''}…`,
  )
  await bundleOnceThenAll(platform.sites, workers, bundle, async (site, bundles) => {
    // Only the site that bundles is asked to; the others reuse what it kept.
    const outcome = await buildInChild(site, bundles ? args : args.filter(a => a !== '--completa'), bundles ? 1 : workers)
    outcomes.set(site.id, outcome)
    return outcome === 'compilado'
  })
  const failed = platform.sites.filter(s => outcomes.get(s.id) !== 'compilado')
  console.log(`\nResumen (${((performance.now() - started) / 1000).toFixed(1)} s):`)
  for (const site of platform.sites) {
    const outcome = outcomes.get(site.id)!
    const line = `  ${outcome === 'compilado' ? '✓' : '✗'} ${site.id}: ${outcome}${outcome === 'compilado' ? '' : ' (vea sus mensajes arriba); no se compiló'}`
    if (outcome === 'compilado') console.log(line)
    else console.error(line)
  }
  if (failed.length > 0) console.error(`✗ ${failed.length} de ${platform.sites.length} sitio(s) no se compilaron; los demás sí.`)
  else console.log(`✓ ${platform.sites.length} sitio(s) compilados.`)
  return failed.length === 0
}
