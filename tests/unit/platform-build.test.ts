/**
 * Builds of a platform's sites (issue 28, item 2; scripts/lib/platformBuild.ts): each site builds from its own folder
 * into its own output with no file shared between builds, so two sites built at the same time come out exactly as
 * built one after the other; a site whose manifest has errors is reported and the others still build.
 * Three tiny sites (copies of tests/fixtures/manifest-min; B has one page more, so a shared route list would show).
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

const dir = path.resolve('test-results/plataforma-compilacion')
const platformFile = path.join(dir, 'plataforma.yaml')
const out = (id: string) => path.join(dir, 'dist', 'sitios', id)

function build(...args: string[]): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATAFORMA: platformFile, PLATAFORMA_COMPILACIONES: '2' }
  // NODE_ENV: Vitest sets it to «test», which would give the bundles React's development JSX.
  for (const k of ['MANIFEST_DIR', 'PUBLIC_DIR', 'BUILD_OUT_DIR', 'ESE_GENERATED_DIR', 'PROJECT_ROOT', 'PRERENDER_PROCESSES', 'NODE_ENV']) delete env[k]
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], { env, encoding: 'utf8' })
  return { status: r.status, out: r.stdout + r.stderr }
}

/** Every file a site's build left (relative path → SHA-256), without the build's own record of when it ran. */
function files(id: string): Record<string, string> {
  const root = out(id)
  const list = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter(f => fs.statSync(path.join(root, f)).isFile())
    .filter(f => !['build-info.json', 'registro-compilacion.log'].includes(f) && !path.basename(f).startsWith('.'))
  return Object.fromEntries(
    list.sort().map(f => [
      f,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(root, f)))
        .digest('hex'),
    ]),
  )
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

  it('two sites built at the same time produce the same files as built one after the other; a broken site does not stop them', () => {
    for (const id of ['a', 'b']) {
      const r = build('--sitio', id, '--completa')
      expect(r.status, r.out).toBe(0)
    }
    const oneAfterTheOther = { a: files('a'), b: files('b') }
    // Each site has its own pages (B's route list is not A's).
    expect(page('b', 'extra')).toContain('Esta página es solo del sitio B.')
    expect(fs.existsSync(path.join(out('a'), 'client', 'extra'))).toBe(false)

    // Content-only rebuilds of both at once, each from its own bundles (Vike once found them through one pointer file
    // inside node_modules, which the last full build had aimed at its own output).
    const contentOnly = build('--todos')
    expect(contentOnly.out).toContain('[a] ✓ Sitio compilado (solo contenido)')
    expect(contentOnly.out).toContain('[b] ✓ Sitio compilado (solo contenido)')
    expect(files('a')).toEqual(oneAfterTheOther.a)
    expect(files('b')).toEqual(oneAfterTheOther.b)

    // Full builds of both at once, from empty outputs.
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true })
    const all = build('--todos', '--completa')
    expect(all.status, all.out).toBe(1)
    expect(files('a')).toEqual(oneAfterTheOther.a)
    expect(files('b')).toEqual(oneAfterTheOther.b)
    // C's mistake is told where it is, in Spanish; C is skipped and said to be.
    expect(all.out).toMatch(/\[c\] manifest\/pages\/inicio\.yaml:\d+:\d+: el tipo de sección «textoo» no existe/)
    expect(all.out).toContain('✗ c: manifiesto con errores')
    expect(all.out).toContain('✓ a: compilado')
    expect(all.out).toContain('✓ b: compilado')
    expect(fs.existsSync(path.join(out('c'), 'client'))).toBe(false)
  }, 600_000)
})
