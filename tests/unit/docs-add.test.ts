import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse as parseHtml } from 'node-html-parser'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samplePdf } from '../../scripts/gen-sample-pdfs.ts'
import type { PageManifest, SeccionDocumentos } from '../../src/manifest/types.generated.ts'

/**
 * The records-staff workflow on a copy of the real content: copy PDFs into
 * public/assets, run docs:add, validate, build, and find the new year panel.
 */
const YEAR = 2031
let tmp: string
let env: NodeJS.ProcessEnv
let buildDir: string

function run(script: string, args: string[] = []): string {
  return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { env, encoding: 'utf8', stdio: 'pipe' })
}

/** A page showing a document list as one panel per year (no fixed ranges), so a new year gets its own panel. */
function yearlyAccordion(manifestDir: string): { ruta: string; fuente: string } {
  for (const file of fs.readdirSync(path.join(manifestDir, 'pages'), { recursive: true }) as string[]) {
    if (!file.endsWith('.yaml')) continue
    const page = parse(fs.readFileSync(path.join(manifestDir, 'pages', file), 'utf8')) as PageManifest
    const section = (page.secciones ?? []).find((s): s is SeccionDocumentos => s.tipo === 'documentos' && !s.paneles && (s.vista ?? 'acordeon') === 'acordeon' && !s.categoria)
    if (section) return { ruta: page.ruta, fuente: section.fuente }
  }
  throw new Error('no page shows a document list as yearly panels')
}

describe('npm run docs:add (adding a year of PDFs)', () => {
  let target: { ruta: string; fuente: string }
  let listFile: string
  const folder = () => path.join(tmp, 'public/assets/pruebas', String(YEAR))

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-add-'))
    fs.cpSync('manifest', path.join(tmp, 'manifest'), { recursive: true })
    fs.cpSync('public', path.join(tmp, 'public'), { recursive: true })
    // Vike only builds into a folder inside the project, hence test-results/ (git-ignored).
    buildDir = path.resolve('test-results/docs-add-build')
    fs.rmSync(buildDir, { recursive: true, force: true })
    env = { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PUBLIC_DIR: path.join(tmp, 'public'), BUILD_OUT_DIR: buildDir }
    target = yearlyAccordion(path.join(tmp, 'manifest'))
    listFile = fs.readdirSync(path.join(tmp, 'manifest/documents'), { recursive: true })
      .map((f) => path.join(tmp, 'manifest/documents', String(f)))
      .find((f) => f.endsWith('.yaml') && (parse(fs.readFileSync(f, 'utf8')) as { id: string }).id === target.fuente)!
    fs.mkdirSync(folder(), { recursive: true })
    fs.writeFileSync(path.join(folder(), 'Informe de gestión anual.pdf'), await samplePdf('Informe de gestión anual', YEAR, 'Prueba'))
    fs.writeFileSync(path.join(folder(), 'acta-comite_enero.pdf'), await samplePdf('Acta comité enero', YEAR, 'Prueba'))
  })

  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true })
    fs.rmSync(buildDir, { recursive: true, force: true })
  })

  it('appends one row per PDF with a title from the file name, renaming unsafe names', () => {
    const before = fs.readFileSync(listFile, 'utf8')
    const out = run('scripts/docs-add.ts', [listFile, String(YEAR), folder()])
    expect(out).toContain('renombrado: «Informe de gestión anual.pdf» → «informe-de-gestion-anual.pdf»')
    expect(out).toContain('2 fila(s) agregada(s)')
    const after = fs.readFileSync(listFile, 'utf8')
    expect(after.startsWith(before.trimEnd().split('\n')[0]!)).toBe(true)
    const rows = (parse(after) as { filas: Array<{ anio: number; titulo: string; archivo?: string }> }).filas.filter((r) => r.anio === YEAR)
    expect(rows).toEqual([
      { anio: YEAR, titulo: 'Acta comite enero', archivo: `/assets/pruebas/${YEAR}/acta-comite_enero.pdf` },
      { anio: YEAR, titulo: 'Informe de gestión anual', archivo: `/assets/pruebas/${YEAR}/informe-de-gestion-anual.pdf` },
    ])
    expect(fs.existsSync(path.join(folder(), 'informe-de-gestion-anual.pdf'))).toBe(true)
  })

  it('running it again adds nothing', () => {
    expect(run('scripts/docs-add.ts', [listFile, String(YEAR), folder()])).toContain('0 fila(s) agregada(s)')
  })

  it('refuses a folder outside public/assets, in Spanish', () => {
    expect(() => run('scripts/docs-add.ts', [listFile, String(YEAR), os.tmpdir()])).toThrow(/la carpeta debe estar dentro de public\/assets/)
  })

  it('validates and builds, and the page shows the new year panel with its files', () => {
    expect(run('scripts/validate.ts')).toContain('Manifiesto válido')
    run('scripts/generate.ts')
    execFileSync(process.execPath, [path.resolve('node_modules/vike/bin.js'), 'build'], { env, stdio: 'pipe' })
    const html = fs.readFileSync(path.join(buildDir, 'client', target.ruta === '/' ? '' : target.ruta, 'index.html'), 'utf8')
    const panel = parseHtml(html).querySelector(`details[id="${YEAR}"]`)
    expect(panel?.querySelector('summary')?.textContent).toBe(String(YEAR))
    expect(panel?.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      `/assets/pruebas/${YEAR}/acta-comite_enero.pdf`,
      `/assets/pruebas/${YEAR}/informe-de-gestion-anual.pdf`,
    ])
    expect(fs.existsSync(path.join(buildDir, `client/assets/pruebas/${YEAR}/informe-de-gestion-anual.pdf`))).toBe(true)
  }, 240_000)
})
