/**
 * The records clerk's job, end to end, on a copy of the project, following
 * docs/guia-personal.md literally: copy a new year's PDFs (named in an order
 * that is not the period order), run `npm run docs:add -- <lista> <año>
 * <carpeta>`, write each row's `fecha`, validate, build, and read what
 * citizens get from the built HTML. No page file is edited. The same build
 * checks that changing the emergency phone in site.yaml alone leaves no page
 * with the old number.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse as parseHtml, type HTMLElement } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withBuildLock } from '../../src/build/buildLock.ts'
import { npmScriptArgs } from '../helpers/npmScript.ts'

let tmp: string
let env: NodeJS.ProcessEnv
let buildDir: string
const pdf = fs.readFileSync(path.resolve('tests/fixtures/public-min/assets/docs/informe-2024.pdf'))
const pageFiles = () => fs.readdirSync(path.join(tmp, 'manifest/pages'), { recursive: true }).map(String).sort()
const snapshot = (): Record<string, string> =>
  Object.fromEntries(
    pageFiles()
      .filter(f => f.endsWith('.yaml'))
      .map(f => [f, fs.readFileSync(path.join(tmp, 'manifest/pages', f), 'utf8')]),
  )

/** `npm run <script> -- <args>` as the guide says, without npm's own start: the script's compiled copy (tests/helpers/npmScript.ts). */
function npmRun(script: string, args: string[] = []): { out: string; status: number | null } {
  const r = spawnSync(process.execPath, [...npmScriptArgs(script), ...args], { env, encoding: 'utf8' })
  return { out: `${r.stdout}${r.stderr}`, status: r.status }
}

/** The clerk copies the PDFs into a new folder of public/assets. */
function copyPdfs(folder: string, names: string[]): string {
  const dir = path.join(tmp, 'public/assets', folder)
  fs.mkdirSync(dir, { recursive: true })
  for (const n of names) fs.writeFileSync(path.join(dir, n), pdf)
  // Written as the guide does, relative to the project: PUBLIC_DIR points at the copy.
  return `public/assets/${folder}`
}

/** The clerk writes `fecha: AAAA-MM-DD` under the row of each file, as the guide shows. */
function writeDates(list: string, dates: Record<string, string>): void {
  const file = path.join(tmp, 'manifest/documents', `${list}.yaml`)
  let text = fs.readFileSync(file, 'utf8')
  for (const [archivo, fecha] of Object.entries(dates)) {
    const line = new RegExp(`^(\\s*)archivo: ${archivo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`, 'm')
    expect(text, archivo).toMatch(line)
    text = text.replace(line, (m, indent: string) => `${m}${indent}fecha: ${fecha}\n`)
  }
  fs.writeFileSync(file, text)
}

function built(route: string): HTMLElement {
  return parseHtml(fs.readFileSync(path.join(buildDir, 'client', route, 'index.html'), 'utf8'))
}

function panelsOf(doc: HTMLElement, source: string): HTMLElement[] {
  return [...doc.querySelectorAll(`details[name="documentos-${source}"]`)]
}

const hrefs = (el: HTMLElement) => el.querySelectorAll('a[href$=".pdf"]').map(a => a.getAttribute('href'))

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-'))
  fs.cpSync('manifest', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('public', path.join(tmp, 'public'), { recursive: true })
  // Vike only builds into a folder inside the project, hence test-results/ (git-ignored).
  buildDir = path.resolve('test-results/staff-publishing-build')
  fs.rmSync(buildDir, { recursive: true, force: true })
  env = { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PUBLIC_DIR: path.join(tmp, 'public'), BUILD_OUT_DIR: buildDir }
})

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(buildDir, { recursive: true, force: true })
})

describe('publishing a new year without touching a page file', () => {
  let pagesBefore: Record<string, string>

  it('adds the PDFs of three kinds of documents pages with docs:add, then the dates', () => {
    pagesBefore = snapshot()
    // 1. Explicit year ranges (2024; 2020 a 2023; 2016 a 2019): quarterly statements named by month.
    const fin = copyPdfs('gestion/estados-financieros/2025', [
      'Estados financieros diciembre 2025.pdf',
      'estados-financieros-junio-2025.pdf',
      'Estados financieros marzo Año 2025.pdf',
      'estados-financieros-septiembre-2025.pdf',
    ])
    const r1 = npmRun('docs:add', ['manifest/documents/gestion-estados-financieros.yaml', '2025', fin])
    expect(r1.status, r1.out).toBe(0)
    expect(r1.out).toContain('panel «2025» (panel nuevo, creado solo para ese año, arriba, abierto al cargar)')
    writeDates('gestion-estados-financieros', {
      '/assets/gestion/estados-financieros/2025/estados-financieros-marzo-anio-2025.pdf': '2025-04-21',
      '/assets/gestion/estados-financieros/2025/estados-financieros-junio-2025.pdf': '2025-07-21',
      '/assets/gestion/estados-financieros/2025/estados-financieros-septiembre-2025.pdf': '2025-10-20',
      '/assets/gestion/estados-financieros/2025/estados-financieros-diciembre-2025.pdf': '2026-02-19',
    })
    // 2. One panel per year, formerly pinned to «2025»: names say nothing of the period, dates do.
    const inf = copyPdfs('control/informes/2026', ['seguimiento-plan-anticorrupcion.pdf', 'auditoria-facturacion.pdf', 'informe-pormenorizado.pdf'])
    expect(npmRun('docs:add', ['manifest/documents/control-informes.yaml', '2026', inf]).status).toBe(0)
    writeDates('control-informes', {
      '/assets/control/informes/2026/seguimiento-plan-anticorrupcion.pdf': '2026-05-15',
      '/assets/control/informes/2026/auditoria-facturacion.pdf': '2026-09-30',
      '/assets/control/informes/2026/informe-pormenorizado.pdf': '2026-01-31',
    })
    // 3. Panels by category (the budget: «2014 a 2023» keeps only approved budgets).
    const pre = copyPdfs('gestion/presupuesto/2026', ['resolucion-liquidacion-presupuesto-2026.pdf', 'acuerdo-presupuesto-2026.pdf'])
    expect(npmRun('docs:add', ['manifest/documents/presupuesto.yaml', '2026', pre, '--categoria', 'Presupuesto aprobado']).status).toBe(0)
    writeDates('presupuesto', {
      '/assets/gestion/presupuesto/2026/resolucion-liquidacion-presupuesto-2026.pdf': '2026-01-02',
      '/assets/gestion/presupuesto/2026/acuerdo-presupuesto-2026.pdf': '2025-12-09',
    })
    // The emergency phone changes in site.yaml only.
    const site = path.join(tmp, 'manifest/site.yaml')
    const text = fs.readFileSync(site, 'utf8')
    expect(text).toContain('numero: (601) 555 0101')
    fs.writeFileSync(site, text.replace('numero: (601) 555 0101', 'numero: (601) 555 0199'))
  }, 180_000)

  it('validates with no error and no warning, and no page file changed', () => {
    const r = npmRun('validate')
    expect(r.status, r.out).toBe(0)
    expect(r.out).toContain('✓ Manifiesto válido: 0 aviso(s)')
    expect(snapshot()).toEqual(pagesBefore)
  }, 120_000)

  it('builds', async () => {
    // Under the installation's build lock, like every build: other test files build copies of the project at the same time.
    await withBuildLock(path.resolve('.'), async () => {
      expect(npmRun('generate').status).toBe(0)
      const r = spawnSync(process.execPath, [path.resolve('node_modules/vike/bin.js'), 'build'], { env, encoding: 'utf8' })
      expect(r.status, r.stderr).toBe(0)
    })
  }, 400_000)

  it('explicit ranges: the new year is the first panel and open, rows in date order, the previous year closed, the description range updated', () => {
    const doc = built('nuestra-gestion/estados-financieros')
    const panels = panelsOf(doc, 'gestion-estados-financieros')
    expect(panels.map(p => p.querySelector('summary')!.textContent)).toEqual(['2025', '2024', '2020 a 2023', '2016 a 2019'])
    expect(panels.map(p => p.hasAttribute('open'))).toEqual([true, false, false, false])
    expect(hrefs(panels[0]!).map(h => path.basename(h!))).toEqual([
      'estados-financieros-marzo-anio-2025.pdf',
      'estados-financieros-junio-2025.pdf',
      'estados-financieros-septiembre-2025.pdf',
      'estados-financieros-diciembre-2025.pdf',
    ])
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Estados financieros trimestrales de la E.S.E. de 2016 a 2025.')
  })

  it('yearly panels formerly pinned to 2025: 2026 leads and opens, rows by date, 2025 closed, range updated', () => {
    const doc = built('nuestra-gestion/control/informes')
    const panels = panelsOf(doc, 'control-informes')
    expect(panels[0]!.id).toBe('2026')
    expect(panels[1]!.id).toBe('2025')
    expect(panels.filter(p => p.hasAttribute('open')).map(p => p.id)).toEqual(['2026'])
    expect(hrefs(panels[0]!).map(h => path.basename(h!))).toEqual([
      'informe-pormenorizado.pdf',
      'seguimiento-plan-anticorrupcion.pdf',
      'auditoria-facturacion.pdf',
    ])
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(/de 2016 a 2026\.$/)
  })

  it('panels by category: 2026 leads and opens with its rows by date, the category range panel unchanged', () => {
    const doc = built('nuestra-gestion')
    const panels = panelsOf(doc, 'presupuesto')
    expect(panels.map(p => p.id)).toEqual(['2026', '2025', '2024', '2023', '2014-2023'])
    expect(panels.map(p => p.hasAttribute('open'))).toEqual([true, false, false, false, false])
    expect(hrefs(panels[0]!).map(h => path.basename(h!))).toEqual(['acuerdo-presupuesto-2026.pdf', 'resolucion-liquidacion-presupuesto-2026.pdf'])
    expect(hrefs(panels[4]!)).toHaveLength(10)
  })

  it('the emergency phone changed in site.yaml only: no built page shows the old number, /services/urgencias links the new one', () => {
    const old = /\(?601\)?[\s.-]*555[\s.-]*0101|6015550101/
    const offenders: string[] = []
    for (const f of fs.readdirSync(path.join(buildDir, 'client'), { recursive: true }).map(String)) {
      if (f.endsWith('.html') && old.test(fs.readFileSync(path.join(buildDir, 'client', f), 'utf8'))) offenders.push(f)
    }
    expect(offenders).toEqual([])
    const links = built('services/urgencias').querySelectorAll('.cuerpo-pagina a[href^="tel:"]')
    expect(links.map(a => [a.getAttribute('href'), a.textContent])).toEqual([['tel:+576015550199', '+57 601 555 0199']])
    expect(built('hospital/sedes').querySelector('.cuerpo-pagina a[href="tel:+576015550199"]')).not.toBeNull()
  })
})
