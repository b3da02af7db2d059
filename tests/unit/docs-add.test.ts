import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodMonthOfName, safeFileName } from '../../src/manifest/addDocuments.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * `npm run docs:add` on a copy of the real content: where rows go, how the
 * list file keeps its style, what it tells the clerk. Building the result is
 * covered by staff-publishing.test.ts.
 */
let tmp: string
let env: NodeJS.ProcessEnv
const pdf = fs.readFileSync(path.resolve('tests/fixtures/public-min/assets/docs/informe-2024.pdf'))

function run(args: string[]): { out: string; err: string; status: number | null } {
  const r = spawnSync(process.execPath, compiledNodeArgs('scripts/docs-add.ts', args), { env, encoding: 'utf8' })
  return { out: r.stdout, err: r.stderr, status: r.status }
}

function folderWith(rel: string, names: string[]): string {
  const dir = path.join(tmp, 'public/assets', rel)
  fs.mkdirSync(dir, { recursive: true })
  for (const n of names) fs.writeFileSync(path.join(dir, n), pdf)
  return dir
}

const list = (id: string) => path.join(tmp, 'manifest/documents', `${id}.yaml`)
const rowsOf = (id: string) => (parse(fs.readFileSync(list(id), 'utf8')) as { filas: Array<Record<string, unknown>> }).filas

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-add-'))
  fs.cpSync('manifest', path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync('public', path.join(tmp, 'public'), { recursive: true })
  env = { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PUBLIC_DIR: path.join(tmp, 'public') }
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('file names', () => {
  it('safe names keep «ñ» readable («Año» → «anio», never «ano») and drop accents and spaces', () => {
    expect(safeFileName('Informe Año 2025.PDF')).toBe('informe-anio-2025.pdf')
    expect(safeFileName('Señal de evaluación_final.pdf')).toBe('senial-de-evaluacion-final.pdf')
  })

  it('reads the period a name mentions: months, quarters, semesters', () => {
    expect(
      ['dic', 'estados-diciembre', 'Estados Junio', 'marzo-2025', 'setiembre', 'trimestre-2', '3-trimestre', 'cuarto trimestre', 'semestre 1', 'acta'].map(n =>
        periodMonthOfName(`${n}.pdf`),
      ),
    ).toEqual([undefined, 12, 6, 3, 9, 6, 9, 12, 6, undefined])
  })
})

describe('npm run docs:add (adding a year of PDFs)', { timeout: 90_000 }, () => {
  it('puts the rows at the top of a newest-first list, in the period order of their names, and says where citizens will see them', () => {
    const before = fs.readFileSync(list('gestion-estados-financieros'), 'utf8')
    const dir = folderWith('gestion/estados-financieros/2025', [
      'Estados financieros diciembre.pdf',
      'estados-financieros-junio.pdf',
      'Estados financieros marzo Año 2025.pdf',
      'estados-financieros-septiembre.pdf',
    ])
    const r = run([list('gestion-estados-financieros'), '2025', dir])
    expect(r.status).toBe(0)
    expect(r.out).toContain('Archivo renombrado: «Estados financieros marzo Año 2025.pdf» → «estados-financieros-marzo-anio-2025.pdf»')
    expect(r.out).toContain('4 fila(s) agregada(s)')
    expect(r.out).toContain(
      'Se verán en /nuestra-gestion/estados-financieros (manifest/pages/nuestra-gestion/estados-financieros.yaml): panel «2025» (panel nuevo, creado solo para ese año, arriba, abierto al cargar).',
    )
    const rows = rowsOf('gestion-estados-financieros')
    expect(rows.slice(0, 5).map(x => [x.anio, x.archivo])).toEqual([
      [2025, '/assets/gestion/estados-financieros/2025/estados-financieros-marzo-anio-2025.pdf'],
      [2025, '/assets/gestion/estados-financieros/2025/estados-financieros-junio.pdf'],
      [2025, '/assets/gestion/estados-financieros/2025/estados-financieros-septiembre.pdf'],
      [2025, '/assets/gestion/estados-financieros/2025/estados-financieros-diciembre.pdf'],
      [2024, '/assets/gestion/estados-financieros/2024/estados-financieros-2024-trimestre-1.pdf'],
    ])
    expect(rows[0]!.titulo).toBe('Estados financieros marzo Año 2025')
    // The rest of the file is untouched: comments, indentation, quoting.
    const after = fs.readFileSync(list('gestion-estados-financieros'), 'utf8')
    const head = before.split('filas:\n')[0]!
    // The category of the neighbouring year's rows, moved to the new year (docs-add-category-and-skipped.test.ts).
    expect(after.startsWith(head + 'filas:\n  - anio: 2025\n    categoria: Vigencia 2025\n    titulo: Estados financieros marzo Año 2025\n')).toBe(true)
    expect(after.endsWith(before.split('filas:\n')[1]!)).toBe(true)
  })

  it('running it again adds nothing', () => {
    const r = run([list('gestion-estados-financieros'), '2025', path.join(tmp, 'public/assets/gestion/estados-financieros/2025')])
    expect(r.out).toContain('0 fila(s) agregada(s)')
  })

  it('follows an oldest-first list and its quoting: rows of the year go after that year, titles quoted like the others', () => {
    const file = list('gestion-documental')
    fs.writeFileSync(
      file,
      '# Lista de prueba, de la más antigua a la más reciente.\nid: gestion-documental\ntitulo: Gestión documental\nfilas:\n- anio: 2020\n  titulo: "Tabla de retención 2020"\n  url: https://example.org/a\n- anio: 2022\n  titulo: "Tabla de retención 2022"\n  url: https://example.org/b\n',
    )
    const dir = folderWith('gestion/documental/2021', ['inventario.pdf'])
    expect(run([file, '2021', dir]).status).toBe(0)
    expect(fs.readFileSync(file, 'utf8')).toBe(
      '# Lista de prueba, de la más antigua a la más reciente.\nid: gestion-documental\ntitulo: Gestión documental\nfilas:\n- anio: 2020\n  titulo: "Tabla de retención 2020"\n  url: https://example.org/a\n- anio: 2021\n  titulo: "Inventario"\n  archivo: /assets/gestion/documental/2021/inventario.pdf\n- anio: 2022\n  titulo: "Tabla de retención 2022"\n  url: https://example.org/b\n',
    )
  })

  it('in a newest-first list that already has rows of the year, the new rows go after them, before the older years', () => {
    const file = list('gestion-documental')
    fs.writeFileSync(
      file,
      'id: gestion-documental\ntitulo: Gestión documental\nfilas:\n- anio: 2023\n  titulo: "Tabla de retención 2023"\n  url: https://example.org/c\n- anio: 2023\n  titulo: "Actas 2023"\n  url: https://example.org/d\n- anio: 2022\n  titulo: "Tabla de retención 2022"\n  url: https://example.org/b\n',
    )
    const dir = folderWith('pruebas/documental-2023', ['inventario.pdf'])
    expect(run([file, '2023', dir]).status).toBe(0)
    expect(rowsOf('gestion-documental').map(r => `${r.anio} ${r.titulo}`)).toEqual([
      '2023 Tabla de retención 2023',
      '2023 Actas 2023',
      '2023 Inventario',
      '2022 Tabla de retención 2022',
    ])
  })

  it('a list that does not exist: exit 1 and the lists with a close name', () => {
    const r = run(['manifest/documents/estados-financieros.yaml', '2025', path.join(tmp, 'public/assets/gestion/estados-financieros/2025')])
    expect(r.status).toBe(1)
    expect(r.err).toBe(
      'Error: no existe la lista de documentos «manifest/documents/estados-financieros.yaml». Listas con nombre parecido:\n  manifest/documents/gestion-estados-financieros.yaml\n',
    )
  })

  it('accepts the id of the list instead of its path', () => {
    const dir = folderWith('control/riesgos/2026', ['mapa-riesgos-2026.pdf'])
    const r = run(['control-riesgos', '2026', dir])
    expect(r.status).toBe(0)
    expect(rowsOf('control-riesgos')[0]).toEqual({ anio: 2026, titulo: 'Mapa riesgos 2026', archivo: '/assets/control/riesgos/2026/mapa-riesgos-2026.pdf' })
  })

  it('refuses a folder outside public/assets, in Spanish', () => {
    const r = run([list('control-riesgos'), '2026', os.tmpdir()])
    expect(r.status).toBe(1)
    expect(r.err).toMatch(/la carpeta debe estar dentro de public\/assets/)
  })

  it('refuses a year that is not four digits', () => {
    const r = run([list('control-riesgos'), '20266', path.join(tmp, 'public/assets/control/riesgos/2026')])
    expect(r.status).toBe(1)
    expect(r.err).toBe('Error: el año «20266» no es válido: escriba el año con cuatro cifras, por ejemplo 2026\n')
  })
})
