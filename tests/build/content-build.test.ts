import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parse as parseHtml } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samplePdf } from '../../scripts/gen-sample-pdfs.ts'
import { linkPackages } from '../helpers/projectCopy.ts'

/**
 * `npm run build` rebuilds only the content (no bundling) when only manifest/
 * or public/ changed since the last full build, and bundles again when code
 * changed. Runs on a copy of the project (its own src/, manifest/, public/ and
 * dist/; packages linked, tests/helpers/projectCopy.ts), so the real tree is never touched.
 */
const project = path.resolve('test-results/content-build')
const YEAR = 2032
const LIST = 'manifest/documents/contratacion-adquisiciones.yaml'
const ROUTE = '/contratacion/adquisiciones'
const PDF = `/assets/contratacion/adquisiciones/${YEAR}/plan-anual-adquisiciones-${YEAR}.pdf`
const TITLE = `Plan Anual de Adquisiciones vigencia ${YEAR} (prueba de compilación)`
/** What a build says when it takes the validation of a previous build with the same inputs. */
const REUSED_VALIDATION = 'se reutiliza su validación'

/** Runs `npm run build`'s script (`node scripts/compiled.mjs build`: the copy's own compiled build); returns what the terminal shows (stdout and stderr), failing on a non-zero exit. */
function build(...args: string[]): string {
  return buildInto(undefined, ...args)
}

/** Like build(), with the pages pre-rendered by `processes` processes at once (a large site's path, see src/build/buildSite.ts). */
function buildSplit(processes: number, ...args: string[]): string {
  return buildInto(undefined, ...args, { PRERENDER_PROCESSES: String(processes) })
}

function buildInto(outDir: string | undefined, ...rest: (string | Record<string, string>)[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'PROJECT_ROOT', 'PRERENDER_PROCESSES']) delete env[k]
  if (outDir) env.BUILD_OUT_DIR = outDir
  const args = rest.filter((a): a is string => typeof a === 'string')
  for (const extra of rest) if (typeof extra !== 'string') Object.assign(env, extra)
  const r = spawnSync(process.execPath, ['scripts/compiled.mjs', 'build', ...args], { cwd: project, env, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`build failed (${r.status}):\n${r.stdout}\n${r.stderr}`)
  return r.stdout + r.stderr
}

function page(route: string): string {
  return fs.readFileSync(path.join(project, 'dist/client', route, 'index.html'), 'utf8')
}

/** Every pre-rendered page (path under dist/client → HTML). */
function pages(): Record<string, string> {
  const dir = path.join(project, 'dist/client')
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(f => f.endsWith('.html') && !f.startsWith('assets'))
  return Object.fromEntries(files.sort().map(f => [f, fs.readFileSync(path.join(dir, f), 'utf8')]))
}

/** Every bundled file with its modification time: unchanged when nothing was bundled. */
function bundles(): Record<string, number> {
  const dir = path.join(project, 'dist/client/_app')
  return Object.fromEntries((fs.readdirSync(dir, { recursive: true }) as string[]).map(f => [f, fs.statSync(path.join(dir, f)).mtimeMs]))
}

describe('content-only rebuilds', () => {
  beforeAll(() => {
    fs.rmSync(project, { recursive: true, force: true })
    fs.mkdirSync(project, { recursive: true })
    for (const item of [
      'src',
      'schemas',
      'docs/normas',
      'manifest',
      'public',
      'scripts',
      'vite.config.ts',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ]) {
      fs.cpSync(item, path.join(project, item), { recursive: true })
    }
    // Its own cache (compiled commands, bundles): tests/helpers/projectCopy.ts. No bundles of this checkout's dist/
    // either: the code's fingerprint names the project's folder (src/build/buildSite.ts), so a copy never reuses them.
    linkPackages(project)
    const first = build()
    expect(first).toMatch(/✓ Sitio compilado/)
  }, 600_000)

  afterAll(() => {
    fs.rmSync(project, { recursive: true, force: true })
  })

  it('a document row added to the manifest is rendered without bundling again', async () => {
    expect(page(ROUTE)).not.toContain(TITLE)
    const before = bundles()
    const file = path.join(project, LIST)
    const row = `  - anio: ${YEAR}\n    categoria: Plan anual\n    titulo: ${TITLE}\n    archivo: ${PDF}\n    fecha: ${YEAR}-01-20\n`
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('filas:\n', `filas:\n${row}`))
    fs.mkdirSync(path.dirname(path.join(project, 'public', PDF)), { recursive: true })
    fs.writeFileSync(path.join(project, 'public', PDF), await samplePdf(TITLE, YEAR, 'Prueba'))

    const out = build()
    expect(out).toContain('Compilación solo de contenido')
    expect(out).toMatch(/✓ Sitio compilado \(solo contenido\)/)
    const link = parseHtml(page(ROUTE)).querySelector(`a[href="${PDF}"]`)
    expect(link?.textContent).toContain(TITLE)
    // The new PDF is published, the search index knows the row, and no bundle was rewritten.
    expect(fs.existsSync(path.join(project, 'dist/client', PDF))).toBe(true)
    expect(fs.readFileSync(path.join(project, 'dist/client/search-index.json'), 'utf8')).toContain(TITLE)
    // …and so do the list's open-data copies (Resolución 1519 de 2020, Anexo 4).
    for (const ext of ['csv', 'json'])
      expect(fs.readFileSync(path.join(project, `dist/client/datos-abiertos/documentos-contratacion-adquisiciones.${ext}`), 'utf8')).toContain(TITLE)
    expect(bundles()).toEqual(before)
  }, 300_000)

  it('a rebuild of unchanged content leaves every page file as it was (no rewrite of 1,000 equal pages)', () => {
    const dir = path.join(project, 'dist/client')
    const stamps = () => Object.fromEntries(Object.keys(pages()).map(f => [f, fs.statSync(path.join(dir, f)).mtimeMs]))
    const before = stamps()
    const out = build()
    expect(out).toMatch(/✓ Sitio compilado \(solo contenido\)/)
    expect(stamps()).toEqual(before)
    const buildLog = fs.readFileSync(path.join(project, 'dist/registro-compilacion.log'), 'utf8')
    expect(buildLog).toMatch(/HTML documents pre-rendered \(0 written, \d+ unchanged\)/)
    // The pre-render processes were started while the manifest was validated, and used (src/build/earlyPrerender.ts).
    expect(buildLog).toMatch(/pre-render: 1 proceso\(s\) iniciados durante la validación/)
  }, 300_000)

  it('Markdown converted by the last build is reused for unchanged texts; a text staff changed is converted again', () => {
    const file = path.join(project, 'manifest/pages/induccion/intro.yaml')
    const original = fs.readFileSync(file, 'utf8')
    const reused = () => {
      const log = fs.readFileSync(path.join(project, 'dist/registro-compilacion.log'), 'utf8')
      // One line per pre-render process: their sum (the real site has one; a larger one would have several).
      const counts = [...log.matchAll(/Markdown texts converted by the last build: (\d+) reused/g)].map(m => Number(m[1]))
      return counts.length > 0 ? counts.reduce((a, b) => a + b, 0) : -1
    }
    build()
    expect(page('/induccion/intro')).toContain('Revise los módulos en orden antes de presentar la evaluación final.')
    const all = reused()
    // Every text of the site was kept by the build before (src/build/keptMarkdown.ts).
    expect(all).toBeGreaterThan(10)
    fs.writeFileSync(
      file,
      original.replace('Revise los módulos en orden antes de presentar la evaluación final.', 'Revise **primero** el [módulo 1](/induccion/modulo1).'),
    )
    try {
      expect(build()).toMatch(/✓ Sitio compilado \(solo contenido\)/)
      const html = page('/induccion/intro')
      expect(html).toContain('Revise <strong>primero</strong> el <a href="/induccion/modulo1">módulo 1</a>.')
      expect(html).not.toContain('presentar la evaluación final.')
      // The changed text was converted; the site's other texts were not.
      expect(reused()).toBe(all - 1)
    } finally {
      fs.writeFileSync(file, original)
    }
  }, 300_000)

  it('a page Vike cannot render fails the pre-render, naming it, and no page file is left half-written', () => {
    const routesFile = path.join(project, 'src/generated/routes.json')
    const original = fs.readFileSync(routesFile, 'utf8')
    const routes = JSON.parse(original) as { contenido: string[] }
    // A route listed for the pre-render that the manifest does not have: the page's data fails, Vike answers 500.
    routes.contenido.push('/ruta-que-no-existe')
    fs.writeFileSync(routesFile, JSON.stringify(routes))
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', BUILD_OUT_DIR: 'dist' }
      for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'PROJECT_ROOT', 'PRERENDER_PROCESSES']) delete env[k]
      const r = spawnSync(process.execPath, ['scripts/compiled.mjs', 'prerender'], { cwd: project, env, encoding: 'utf8' })
      expect(r.status).toBe(1)
      expect(r.stderr).toMatch(/Pre-render failed for 1 page\(s\):\s+\/ruta-que-no-existe: HTTP 500 \(expected 200\)/)
      expect(fs.existsSync(path.join(project, 'dist/client/ruta-que-no-existe/index.html'))).toBe(false)
    } finally {
      fs.writeFileSync(routesFile, original)
    }
  }, 300_000)

  it('an unchanged site reuses its last validation; a linked PDF gone from public/ or an edited manifest is validated again', () => {
    build()
    expect(build()).toContain(REUSED_VALIDATION)
    const listFile = path.join(project, LIST)
    const list = fs.readFileSync(listFile, 'utf8')
    const linked = /archivo: (\/assets\/\S+\.pdf)/.exec(list)![1]!
    const pdf = path.join(project, 'public', linked)
    const saved = fs.readFileSync(pdf)
    fs.rmSync(pdf)
    try {
      const env: NodeJS.ProcessEnv = { ...process.env }
      for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'PROJECT_ROOT', 'PRERENDER_PROCESSES']) delete env[k]
      const r = spawnSync(process.execPath, ['scripts/compiled.mjs', 'build'], { cwd: project, env, encoding: 'utf8' })
      expect(r.status).not.toBe(0)
      expect(r.stdout + r.stderr).not.toContain(REUSED_VALIDATION)
      expect(r.stderr).toContain(`el archivo «${linked}» no existe`)
    } finally {
      fs.writeFileSync(pdf, saved)
    }
    fs.writeFileSync(listFile, list.replace(/titulo: (.*)\n/, 'titulo: $1 (editado)\n'))
    try {
      expect(build()).not.toContain(REUSED_VALIDATION)
    } finally {
      fs.writeFileSync(listFile, list)
    }
  }, 300_000)

  it('a PDF removed from public/ is removed from the published site', () => {
    fs.rmSync(path.join(project, 'public', PDF))
    const file = path.join(project, LIST)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/ {2}- anio: 2032\n(?: {4}.*\n)+/, ''))
    expect(build()).toContain('Compilación solo de contenido')
    expect(fs.existsSync(path.join(project, 'dist/client', PDF))).toBe(false)
    expect(page(ROUTE)).not.toContain(TITLE)
  }, 300_000)

  it('public/ reaches each output as links to one kept copy: a release keeps every file it was built with after public/ changed', () => {
    // Two outputs of the same content, as two publications: the second after a PDF was overwritten in place
    // (the way a plain copy over it writes) and another was deleted.
    const pub = (rel: string) => path.join(project, 'public', rel)
    // Files no page links (a linked one cannot be deleted without a manifest error), beside the site's own.
    const [changed, removed, same] = ['assets/prueba-enlaces/cambia.pdf', 'assets/prueba-enlaces/borrado.pdf', 'assets/prueba-enlaces/igual.pdf']
    fs.mkdirSync(path.dirname(pub(changed)), { recursive: true })
    for (const rel of [changed, removed, same]) fs.writeFileSync(pub(rel), `%PDF-1.4\n% ${rel}\n`)
    const files = (fs.readdirSync(path.join(project, 'public'), { recursive: true }) as string[])
      .map(f => f.split(path.sep).join('/'))
      .filter(f => fs.statSync(pub(f)).isFile())
    const oldChanged = fs.readFileSync(pub(changed))
    const oldRemoved = fs.readFileSync(pub(removed))
    const release = (name: string, rel: string) => path.join(project, 'salidas-prueba', name, 'client', rel)
    try {
      expect(buildInto('salidas-prueba/a')).toMatch(/✓ Sitio compilado/)
      for (const rel of files) expect(fs.readFileSync(release('a', rel)).equals(fs.readFileSync(pub(rel)))).toBe(true)
      fs.writeFileSync(pub(changed), Buffer.concat([oldChanged, Buffer.from('\n% cambiado en el mismo archivo\n')]))
      fs.rmSync(pub(removed))
      expect(buildInto('salidas-prueba/b')).toMatch(/✓ Sitio compilado/)
      // The first output still serves what it was built with: the old bytes, and the file since deleted.
      expect(fs.readFileSync(release('a', changed)).equals(oldChanged)).toBe(true)
      expect(fs.readFileSync(release('a', removed)).equals(oldRemoved)).toBe(true)
      // The second serves the new public/.
      expect(fs.readFileSync(release('b', changed)).equals(fs.readFileSync(pub(changed)))).toBe(true)
      expect(fs.existsSync(release('b', removed))).toBe(false)
      // No byte-for-byte copy of what did not change: both outputs hold the same file (one inode), not two copies.
      const [sa, sb] = [fs.statSync(release('a', same)), fs.statSync(release('b', same))]
      expect(sb.ino).toBe(sa.ino)
      expect(sb.nlink).toBeGreaterThanOrEqual(3)
    } finally {
      fs.rmSync(path.join(project, 'public/assets/prueba-enlaces'), { recursive: true, force: true })
      fs.rmSync(path.join(project, 'salidas-prueba'), { recursive: true, force: true })
    }
  }, 600_000)

  it('a build into an empty folder after a manifest-only change reuses the bundles of the same code, with the output of a full build', () => {
    const file = path.join(project, 'manifest/pages/hospital/junta.yaml')
    const original = fs.readFileSync(file, 'utf8')
    try {
      fs.writeFileSync(file, original.replace(/^titulo: (.*)$/m, 'titulo: $1 (prueba de paquetes)'))
      const out = buildInto('salida-nueva')
      expect(out).toContain('Compilación solo de contenido')
      expect(out).toContain('Paquetes de código: reutilizados')
      // The same site a full build writes (bundling again, into dist/), file for file.
      expect(build('--completa')).toMatch(/✓ Sitio compilado \(compilación completa\)/)
      const tree = (dir: string) =>
        Object.fromEntries(
          (fs.readdirSync(dir, { recursive: true }) as string[])
            .filter(f => fs.statSync(path.join(dir, f)).isFile())
            .sort()
            .map(f => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
        )
      const fresh = tree(path.join(project, 'salida-nueva/client'))
      expect(Object.keys(fresh).length).toBeGreaterThan(500)
      expect(fresh).toEqual(tree(path.join(project, 'dist/client')))
    } finally {
      fs.writeFileSync(file, original)
      fs.rmSync(path.join(project, 'salida-nueva'), { recursive: true, force: true })
    }
  }, 600_000)

  it('a code change triggers a full build', () => {
    const css = path.join(project, 'src/renderer/styles/site.css')
    // Unique per run: the bundles of code built before (an earlier run of this test) are kept and reused.
    fs.appendFileSync(css, `\n/* ${crypto.randomUUID()} */\n.prueba-compilacion-completa { outline-offset: 7px; }\n`)
    const out = build()
    expect(out).toContain('Compilación completa (cambió el código')
    // The code is an input of the validation too (src/build/validationCache.ts).
    expect(out).not.toContain(REUSED_VALIDATION)
    expect(out).toMatch(/✓ Sitio compilado \(compilación completa\)/)
    // Staff read a few Spanish lines; the bundler's own English output goes to the log file (docs/decisions/build.md).
    expect(out).not.toMatch(/vite v\d|built in|transforming|rendering chunks/)
    expect(fs.readFileSync(path.join(project, 'dist/registro-compilacion.log'), 'utf8')).toMatch(/vite v\d/)
    // Processes started early on the old bundles were not used for the new ones.
    expect(fs.readFileSync(path.join(project, 'dist/registro-compilacion.log'), 'utf8')).not.toMatch(/iniciados durante la validación/)
    const styles = (fs.readdirSync(path.join(project, 'dist/client/_app'), { recursive: true }) as string[]).filter(f => f.endsWith('.css'))
    expect(styles.some(f => fs.readFileSync(path.join(project, 'dist/client/_app', f), 'utf8').includes('.prueba-compilacion-completa'))).toBe(true)
    // And the next build, with no change at all, is content-only again.
    expect(build()).toContain('Compilación solo de contenido')
  }, 600_000)

  it('a build into an empty folder after a code change bundles again; a content-only pass after it, that folder since removed, uses its own bundles', () => {
    fs.appendFileSync(path.join(project, 'src/renderer/styles/site.css'), `\n/* ${crypto.randomUUID()} */\n.prueba-paquetes-nuevos { outline-offset: 3px; }\n`)
    try {
      const out = buildInto('salida-codigo')
      expect(out).toContain('Compilación completa (')
      expect(out).not.toContain('reutilizados')
      expect(out).toMatch(/✓ Sitio compilado \(compilación completa\)/)
    } finally {
      fs.rmSync(path.join(project, 'salida-codigo'), { recursive: true, force: true })
    }
    // Vike's pre-render finds the server bundle through a pointer the last full build left in node_modules: a
    // build into another folder (publishing, the bench), since removed, once broke every content-only pass here.
    expect(build()).toMatch(/✓ Sitio compilado \(solo contenido\)/)
  }, 600_000)

  it('pages pre-rendered by several processes at once are the pages one process renders, each written once', () => {
    expect(build()).toContain('Compilación solo de contenido')
    const single = pages()
    expect(Object.keys(single).length).toBeGreaterThan(100)
    // Removed first, so a page no process rendered cannot pass as the old file.
    for (const f of Object.keys(single)) fs.rmSync(path.join(project, 'dist/client', f))
    expect(buildSplit(3)).toMatch(/✓ Sitio compilado \(solo contenido\)/)
    expect(pages()).toEqual(single)
    // A full build of a large site bundles, then pre-renders in shares (src/pages/+config.ts: no pre-rendering inside `vike build`).
    expect(buildSplit(2, '--completa')).toMatch(/✓ Sitio compilado \(compilación completa\)/)
    expect(pages()).toEqual(single)
    // Two processes, whose counts add up to the pages: none was rendered twice.
    const counts = [...fs.readFileSync(path.join(project, 'dist/registro-compilacion.log'), 'utf8').matchAll(/(\d+) HTML documents pre-rendered/g)].map(m =>
      Number(m[1]),
    )
    expect(counts).toHaveLength(2)
    expect(counts[0]! + counts[1]!).toBe(Object.keys(single).length)
  }, 600_000)
})
