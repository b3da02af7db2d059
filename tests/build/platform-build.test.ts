/**
 * Builds of a platform's sites (scripts/lib/platformBuild.ts): the code is bundled once and every site renders
 * against that bundle, coming out exactly as its own full build; each site builds from its own folder into its own
 * output, so two sites built at the same time come out exactly as built one after the other; a site whose manifest
 * has errors is reported and the others still build.
 * Three tiny sites (copies of tests/fixtures/manifest-min; B has one page more, so a shared route list would show).
 */
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

const dir = path.resolve('test-results/plataforma-compilacion')
const platformFile = path.join(dir, 'plataforma.yaml')
const out = (id: string) => path.join(dir, 'dist', 'sitios', id)

const trace = path.join(dir, 'vike-temporales.jsonl')

/** The environment of `npm run build -- …`; with `meet`, that many Vike processes are made to load their configuration together if they can. */
function buildEnv(meet: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, PLATAFORMA_COMPILACIONES: '2' }
  // Every process of the build records when it writes and removes Vike's temporary configuration files.
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.resolve('tests/helpers/vikeTempTrace.mjs')).href}`.trim()
  Object.assign(env, {
    ESE_VIKE_TRACE: trace,
    ESE_VIKE_MEET: String(meet),
    ESE_VIKE_LOCK: path.resolve('node_modules/.cache/ese-hospital/carga-configuracion-vike.lock'),
  })
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_PLAN_COMPILACION', 'PROJECT_ROOT', 'PRERENDER_PROCESSES', 'NODE_ENV']) delete env[k]
  return env
}

function build(args: string[], meet = 0): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/build.ts', args), { env: buildEnv(meet), encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

/** build(), in the background: several at once. */
function buildAsync(args: string[], meet = 0): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, compiledNodeArgs('scripts/build.ts', args), { env: buildEnv(meet) })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise(resolve => child.on('close', status => resolve({ status, out })))
}

/**
 * Every file a site's build left (relative path → SHA-256), without the build's own record of when it ran. The
 * server entry names the folder it was bundled into (Vike's copy of the bundler's `outDir`): one site's, for every
 * site rendered against that bundle. The pre-render imports the entry itself, so Vike never reads it; it is set aside.
 */
function files(id: string): Record<string, string> {
  const root = out(id)
  const list = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter(f => fs.statSync(path.join(root, f)).isFile())
    .filter(f => !['build-info.json', 'registro-compilacion.log'].includes(f) && !path.basename(f).startsWith('.'))
  const content = (f: string) => {
    const bytes = fs.readFileSync(path.join(root, f))
    return f === path.join('server', 'entry.mjs') ? bytes.toString('utf8').replace(/"outDir": "[^"]*"/g, '"outDir": "…"') : bytes
  }
  return Object.fromEntries(list.sort().map(f => [f, crypto.createHash('sha256').update(content(f)).digest('hex')]))
}

/**
 * Vike loads each `+*.ts` configuration file by writing a transpiled copy beside it, named by its code, and removing
 * it after the import: processes that load at once write and remove the same files («ENOENT …+route.ts.build-….mjs»).
 * The spans from a process's first such write to its last removal, in the trace of builds run at once: [pid, from, to].
 */
function configLoadingSpans(): Array<[number, number, number]> {
  const spans = new Map<number, [number, number]>()
  // No trace: no process of the builds wrote one (none loaded Vike's configuration).
  if (!fs.existsSync(trace)) return []
  for (const line of fs.readFileSync(trace, 'utf8').trim().split('\n')) {
    const { pid, at } = JSON.parse(line) as { pid: number; at: number }
    const span = spans.get(pid)
    spans.set(pid, span ? [Math.min(span[0], at), Math.max(span[1], at)] : [at, at])
  }
  return [...spans].map(([pid, [from, to]]) => [pid, from, to])
}

/** The pairs of processes that were loading Vike's configuration at the same moment. */
function overlappingLoads(): string[] {
  const spans = configLoadingSpans()
  const overlaps: string[] = []
  for (const [i, [p, from, to]] of spans.entries()) for (const [q, from2, to2] of spans.slice(i + 1)) if (from < to2 && from2 < to) overlaps.push(`${p} y ${q}`)
  return overlaps
}

function page(id: string, route: string): string {
  return fs.readFileSync(path.join(out(id), 'client', route, 'index.html'), 'utf8')
}

function site(id: string, edit?: (manifest: string) => void): void {
  const folder = path.join(dir, 'sitios', id)
  fs.cpSync('tests/fixtures/manifest-min', path.join(folder, 'manifest'), { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(folder, 'public'), { recursive: true })
  edit?.(path.join(folder, 'manifest'))
}

describe('platform builds', () => {
  beforeAll(() => {
    fs.rmSync(dir, { recursive: true, force: true })
    site('a')
    site('b', m => {
      fs.writeFileSync(
        path.join(m, 'pages', 'extra.yaml'),
        'ruta: /extra\netiqueta: Extra\ntitulo: Página solo del sitio B\nsecciones:\n  - tipo: texto\n    contenido: Esta página es solo del sitio B.\n',
      )
    })
    site('c', m => {
      const file = path.join(m, 'pages', 'inicio.yaml')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('tipo: texto', 'tipo: textoo'))
    })
    fs.writeFileSync(
      platformFile,
      [
        'sitios:',
        '  - id: a',
        '    nombre: E.S.E. Hospital A',
        '    dominios: [a.example.gov.co]',
        '  - id: b',
        '    nombre: E.S.E. Hospital B',
        '    dominios: [b.example.gov.co]',
        '  - id: c',
        '    nombre: E.S.E. Hospital C',
        '    dominios: [c.example.gov.co]',
        '',
      ].join('\n'),
    )
  })

  it('every site renders against one bundle: the same files as its own full build; builds at once never collide; a broken site does not stop the others', async () => {
    // A's full build bundles the code and keeps its bundles.
    const first = build(['--sitio', 'a', '--completa'])
    expect(first.status, first.out).toBe(0)
    const separately: Record<string, Record<string, string>> = { a: files('a') }
    // B, never built: no bundling, A's bundles (a site's routes and validators are not in them).
    const shared = build(['--sitio', 'b'])
    expect(shared.status, shared.out).toBe(0)
    expect(shared.out).toContain('se reutilizan los paquetes guardados')
    expect(shared.out).not.toContain('Compilación completa')
    const againstOneBundle = { a: separately.a, b: files('b') }
    // Each site has its own pages and validators.
    expect(page('b', 'extra')).toContain('Esta página es solo del sitio B.')
    expect(fs.existsSync(path.join(out('a'), 'client', 'extra'))).toBe(false)
    expect(Object.keys(againstOneBundle.b)).toContain(path.join('client', '_validadores', 'contacto.js'))

    // Full builds of both at once: Vike's configuration loaded by one process at a time (src/build/vikeConfigLock.ts),
    // and each site comes out exactly as it did against the one bundle.
    fs.rmSync(trace, { force: true })
    fs.rmSync(`${trace}.encuentro`, { recursive: true, force: true })
    const both = await Promise.all(['a', 'b'].map(id => buildAsync(['--sitio', id, '--completa'], 2)))
    for (const r of both) expect(r.status, r.out).toBe(0)
    separately.b = files('b')
    expect(separately.b).toEqual(againstOneBundle.b)
    expect(files('a')).toEqual(againstOneBundle.a)
    expect(configLoadingSpans().length).toBeGreaterThanOrEqual(2)
    expect(overlappingLoads()).toEqual([])

    // Content-only rebuilds of every site at once, each from its own bundles. Their pre-render asks Vike's server
    // runtime for the pages (scripts/prerender.ts): no process loads Vike's configuration. C's mistake is told where
    // it is, in Spanish; C is skipped and said to be.
    fs.rmSync(trace, { force: true })
    const contentOnly = build(['--todos'])
    expect(contentOnly.status, contentOnly.out).toBe(1)
    expect(contentOnly.out).toContain('[a] ✓ Sitio compilado (solo contenido)')
    expect(contentOnly.out).toContain('[b] ✓ Sitio compilado (solo contenido)')
    expect(files('a')).toEqual(separately.a)
    expect(files('b')).toEqual(separately.b)
    expect(configLoadingSpans()).toEqual([])
    expect(contentOnly.out).toMatch(/\[c\] manifest\/pages\/inicio\.yaml:\d+:\d+: el tipo de sección «textoo» no existe/)
    expect(contentOnly.out).toContain('✗ c: manifiesto con errores')
    expect(contentOnly.out).toContain('✓ a: compilado')
    expect(contentOnly.out).toContain('✓ b: compilado')
    expect(fs.existsSync(path.join(out('c'), 'client'))).toBe(false)

    // `--todos --completa` from empty outputs bundles once: the first site bundles, the other renders against it.
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true })
    const all = build(['--todos', '--completa'])
    expect(all.status, all.out).toBe(1)
    expect(all.out.match(/Sitio compilado \(compilación completa\)/g)).toHaveLength(1)
    expect(all.out).toContain('[b] Compilación solo de contenido (el código no cambió: se reutilizan los paquetes guardados')
    expect(files('a')).toEqual(separately.a)
    expect(files('b')).toEqual(separately.b)
  }, 600_000)
})
