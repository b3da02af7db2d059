/**
 * The validator checks intent and speaks once: every message a clerk can
 * meet while publishing a year, with its exact file:line:col.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatProblem, reportGroups } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

let tmp: string
let manifestDir: string

function write(rel: string, content: string): void {
  const file = path.join(manifestDir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

function asset(rel: string): void {
  const file = path.join(tmp, 'public', rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.copyFileSync(path.join(tmp, 'public/assets/docs/informe-2024.pdf'), file)
}

function run() {
  const result = validateManifest(manifestDir)
  return { errors: result.errors.map(formatProblem), warnings: result.warnings.map(formatProblem) }
}

const page = (sections: string, descripcion = '') =>
  `ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página de documentos\n${descripcion}menuLateral: grupo\nsecciones:\n${sections}`
const list = (rows: string) => `id: informes\ntitulo: Informes\nfilas:\n${rows}`
const row = (anio: number, titulo: string, archivo: string, extra = '') => `  - anio: ${anio}\n    titulo: ${titulo}\n    archivo: ${archivo}\n${extra}`

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'validator-intent-'))
  manifestDir = path.join(tmp, 'manifest')
  fs.cpSync(path.resolve('tests/fixtures/manifest-min'), manifestDir, { recursive: true })
  fs.cpSync(path.resolve('tests/fixtures/public-min'), path.join(tmp, 'public'), { recursive: true })
  process.env.MANIFEST_DIR = manifestDir
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
})

afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('one mistake, one message', () => {
  it('a list with a syntax error: its one error and one summary line for the files it would have linked', () => {
    for (let i = 1; i <= 6; i++) asset(`assets/informes/2025/informe-${i}.pdf`)
    const rows = Array.from({ length: 6 }, (_, i) => row(2025, `Informe ${i + 1}`, `/assets/informes/2025/informe-${i + 1}.pdf`)).join('')
    write('documents/informes.yaml', list(rows).replace('    titulo: Informe 3\n', '    titulo: Informe 3\n   fecha: 2025-03-01\n'))
    const result = validateManifest(manifestDir)
    // The file's error first, then the one summary line, without a position: it is about the whole file.
    expect(reportGroups(result.errors, result.warnings).errors.map(formatProblem)).toEqual([
      'manifest/documents/informes.yaml:12:1: error de sintaxis YAML: revise la sangría, los dos puntos «:» y las comillas de esta línea',
      'manifest/documents/informes.yaml: aviso: mientras este archivo tenga errores, los 6 archivo(s) de public/assets que enlaza no aparecen en ninguna página',
    ])
    expect(reportGroups(result.errors, result.warnings).warnings).toEqual([])
    expect(result.problems.map(formatProblem)).toEqual(reportGroups(result.errors, result.warnings).errors.map(formatProblem))
  })

  it('an over-indented key is reported on its own line, at the key, with the key it must line up with', () => {
    write(
      'documents/informes.yaml',
      list(
        row(2024, 'Informe 2024', '/assets/docs/informe-2024.pdf').replace('    archivo', '      archivo') +
          row(2023, 'Informe 2023', '/assets/docs/informe-2024.pdf'),
      ),
    )
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:7: error de sintaxis YAML: «archivo» tiene más sangría que «titulo» de la línea 5; escríbalo en la misma columna que «titulo» (4 espacios)',
    ])
  })

  it('an over-indented key after a quoted value, and the first key after «- »', () => {
    write('documents/informes.yaml', list(row(2024, '"Informe 2024"', '/assets/docs/informe-2024.pdf').replace('    archivo', '      archivo')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:7: error de sintaxis YAML: «archivo» tiene más sangría que «titulo» de la línea 5; escríbalo en la misma columna que «titulo» (4 espacios)',
    ])
    write('documents/informes.yaml', list(row(2024, 'Informe 2024', '/assets/docs/informe-2024.pdf').replace('    titulo', '      titulo')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:5:7: error de sintaxis YAML: «titulo» tiene más sangría que «anio» de la línea 4; escríbalo en la misma columna que «anio» (4 espacios)',
    ])
  })

  it('a date written day first is told the form to write', () => {
    write('documents/informes.yaml', list(row(2027, 'Informe 2027', '/assets/docs/informe-2024.pdf', '    fecha: 21/07/2027\n')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:7:12: la fecha «21/07/2027» está escrita como DD/MM/AAAA: escriba 2027-07-21 (año-mes-día)',
    ])
    write('documents/informes.yaml', list(row(2027, 'Informe 2027', '/assets/docs/informe-2024.pdf', '    fecha: 31/02/2027\n')))
    expect(run().errors).toEqual(['manifest/documents/informes.yaml:7:12: la fecha «31/02/2027» no es válida: use AAAA-MM-DD y una fecha que exista'])
  })

  it('a file name with spaces or accents gets the name docs:add would give it', () => {
    write('documents/informes.yaml', list(row(2027, 'Acuerdo', '/assets/docs/2027/Acuerdo aprobación presupuesto 2027.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:14: el nombre del archivo «/assets/docs/2027/Acuerdo aprobación presupuesto 2027.pdf» tiene espacios, tildes o «ñ»: renombre el archivo como lo haría npm run docs:add y escriba «/assets/docs/2027/acuerdo-aprobacion-presupuesto-2027.pdf»',
    ])
    write('documents/informes.yaml', list(row(2027, 'Acuerdo', '/assets/docs/2027/acuerdo-año.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:14: el nombre del archivo «/assets/docs/2027/acuerdo-año.pdf» tiene espacios, tildes o «ñ»: renombre el archivo como lo haría npm run docs:add y escriba «/assets/docs/2027/acuerdo-anio.pdf»',
    ])
  })

  it('a PDF nobody links, named with spaces and accents, is reported by its path with the name docs:add would give it', () => {
    asset('assets/docs/Acta de sesión 3.pdf')
    expect(run()).toEqual({
      errors: [],
      warnings: [
        'public/assets/docs/Acta de sesión 3.pdf: aviso: ningún manifiesto enlaza este archivo, y su nombre tiene espacios, tildes o «ñ»: npm run docs:add lo renombraría «public/assets/docs/acta-de-sesion-3.pdf»',
      ],
    })
  })

  it('an unquoted value containing «: » is told to go in quotes, not that a colon is missing', () => {
    write('documents/informes.yaml', list(row(2024, 'Informe: primer trimestre', '/assets/docs/informe-2024.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:5:13: error de sintaxis YAML: el valor de «titulo» contiene «: »; escriba el valor entre comillas: titulo: "Informe: primer trimestre"',
    ])
  })

  it('a row dated exactly two years before its year is impossible; one dated the year before (a plan published in December) is not', () => {
    asset('assets/docs/plan-2024.pdf')
    write(
      'documents/informes.yaml',
      list(
        row(2024, 'Informe 2024', '/assets/docs/informe-2024.pdf', '    fecha: 2022-06-30\n') +
          row(2024, 'Plan 2024', '/assets/docs/plan-2024.pdf', '    fecha: 2023-12-15\n'),
      ),
    )
    expect(run().errors).toEqual(['manifest/documents/informes.yaml:7:12: la fecha «2022-06-30» es imposible para un documento del año 2024'])
  })

  it('a page that fails to load does not make its list «shown nowhere»', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documentos\n    fuente: informes\n    abierto: "2024\n'))
    expect(run()).toEqual({ errors: ['manifest/pages/grupo/pagina.yaml:8:14: error de sintaxis YAML: estas comillas se abren y no se cierran'], warnings: [] })
  })
})

describe('files under public/assets', () => {
  it('a missing PDF gets the nearest file name of its folder', () => {
    write('documents/informes.yaml', list(row(2024, 'Informe 2024', '/assets/docs/informe-2042.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:14: el archivo «/assets/docs/informe-2042.pdf» no existe en public/assets/docs/informe-2042.pdf (¿quiso decir «informe-2024.pdf»?)',
    ])
  })

  it('names are compared with their exact case, as the Linux server does', () => {
    write('documents/informes.yaml', list(row(2024, 'Informe 2024', '/assets/docs/Informe-2024.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:14: el archivo «/assets/docs/Informe-2024.pdf» no existe con esas mayúsculas y minúsculas: en public/assets/docs se llama «informe-2024.pdf» (el servidor las distingue: corrija el enlace o el nombre del archivo)',
    ])
  })

  it('a link into a folder that does not exist says which folder', () => {
    write('documents/informes.yaml', list(row(2024, 'Informe 2024', '/assets/docs/2024/informe-2024.pdf')))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:6:14: el archivo «/assets/docs/2024/informe-2024.pdf» no existe en public/assets/docs/2024/informe-2024.pdf: no existe la carpeta public/assets/docs/2024',
    ])
  })
})

describe('year panels', () => {
  beforeEach(() => {
    asset('assets/docs/informe-2019.pdf')
    asset('assets/docs/informe-2025.pdf')
    write(
      'documents/informes.yaml',
      list(
        row(2025, 'Informe 2025', '/assets/docs/informe-2025.pdf', '    categoria: Anual\n') +
          row(2024, 'Informe 2024', '/assets/docs/informe-2024.pdf', '    categoria: Anual\n') +
          row(2019, 'Informe 2019', '/assets/docs/informe-2019.pdf', '    categoria: Anual\n'),
      ),
    )
  })

  it('a row that no section shows names the page file and the line of its documents section', () => {
    write(
      'documents/informes.yaml',
      list(
        row(2024, 'Informe 2024', '/assets/docs/informe-2024.pdf', '    categoria: Anual\n') +
          row(2019, 'Informe 2019', '/assets/docs/informe-2019.pdf', '    categoria: Otros\n'),
      ),
    )
    write('pages/grupo/pagina.yaml', page('  - tipo: texto\n    contenido: Informes.\n  - tipo: documentos\n    fuente: informes\n    categoria: Anual\n'))
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:8:5: la fila «Informe 2019» (2019) no aparece en ninguna página: ninguna sección «documentos» de esta lista muestra la categoría «Otros»; corrija la categoría de la fila o la sección en manifest/pages/grupo/pagina.yaml:8 (solo la categoría «Anual»)',
    ])
  })

  it('panels that overlap', () => {
    write(
      'pages/grupo/pagina.yaml',
      page(
        '  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: recientes, titulo: 2020 a 2025, desde: 2020, hasta: 2025 }\n      - { id: "2024", titulo: "2024", desde: 2024, hasta: 2024 }\n      - { id: antiguos, titulo: 2015 a 2019, desde: 2015, hasta: 2019 }\n',
      ),
    )
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:10:9: los paneles «2020 a 2025» y «2024» se superponen: el año 2024 está en los dos; cada año debe estar en un solo panel',
    ])
  })

  it('a panel whose «desde» is after its «hasta»', () => {
    write(
      'pages/grupo/pagina.yaml',
      page(
        '  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: recientes, titulo: 2020 a 2025, desde: 2025, hasta: 2020 }\n      - { id: antiguos, titulo: 2015 a 2019, desde: 2015, hasta: 2019 }\n',
      ),
    )
    expect(run().errors).toEqual(['manifest/pages/grupo/pagina.yaml:9:9: el rango de años 2025–2020 es imposible: «desde» debe ser menor o igual que «hasta»'])
  })

  it('an open panel pinned to a year while a newer year exists is a warning that names «reciente»', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documentos\n    fuente: informes\n    abierto: "2024"\n'))
    expect(run()).toEqual({
      errors: [],
      warnings: [
        'manifest/pages/grupo/pagina.yaml:8:14: aviso: el panel abierto al cargar es «2024», pero hay documentos de 2025: escriba «abierto: reciente» para abrir siempre el año más reciente',
      ],
    })
  })

  it('a year range written in the description that the documents have outgrown', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documentos\n    fuente: informes\n', 'descripcion: Informes anuales de 2019 a 2024.\n'))
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:4:14: la descripción de la página dice «2019 a 2024» pero sus documentos van de 2019 a 2025: escriba ((vigencias)) en lugar de los años para que se calculen solos',
    ])
  })

  it('a year range written in a documents section title is checked against that section', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documentos\n    titulo: Informes (2019 a 2024)\n    fuente: informes\n'))
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:7:13: el título de la sección dice «2019 a 2024» pero sus documentos van de 2019 a 2025: escriba ((vigencias)) en lugar de los años para que se calculen solos',
    ])
  })

  it('((vigencias)) on a page that shows no documents', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: texto\n    contenido: "Informes de ((vigencias))"\n'))
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:7:29: «((vigencias))» solo funciona en una página con una sección «documentos»: son los años de sus documentos',
    ])
  })

  it('((vigencias)) in the description is the range of the documents, so no error', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documentos\n    fuente: informes\n', 'descripcion: Informes anuales de ((vigencias)).\n'))
    expect(run()).toEqual({ errors: [], warnings: [] })
  })

  it('«reciente» on an accordion whose panels are not years', () => {
    write(
      'pages/grupo/pagina.yaml',
      page(
        '  - tipo: acordeon\n    abierto: reciente\n    paneles:\n      - { id: uno, titulo: Uno, secciones: [{ tipo: texto, contenido: A }] }\n  - tipo: documentos\n    fuente: informes\n',
      ),
    )
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:7:14: «reciente» abre el panel del año más reciente, pero ningún panel de este acordeón tiene un año como id (paneles: uno)',
    ])
  })
})

describe('section types', () => {
  it('an unknown section tipo: the nearest one and the list of valid types', () => {
    write('pages/grupo/pagina.yaml', page('  - tipo: documento\n    fuente: informes\n'))
    const { errors } = run()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^manifest\/pages\/grupo\/pagina\.yaml:6:11: el tipo de sección «documento» no existe \(¿quiso decir «documentos»\?\); tipos válidos: texto, enlaces, .*documentos.*acordeon/,
    )
  })
})

describe('npm run validate output', () => {
  it('prints warnings first and errors last, each group under its count, then the summary', async () => {
    const { spawnSync } = await import('node:child_process')
    asset('assets/docs/huerfano.pdf')
    asset('assets/docs/anual.pdf')
    write('documents/informes.yaml', list(row(2024, 'Informe: primer trimestre', '/assets/docs/anual.pdf')))
    const out = path.join(tmp, 'salida.txt')
    const fd = fs.openSync(out, 'w')
    const r = spawnSync(process.execPath, ['scripts/compiled.mjs', 'validate'], { env: { ...process.env }, stdio: ['ignore', fd, fd] })
    fs.closeSync(fd)
    expect(r.status).toBe(1)
    const lines = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .filter(l => l && !l.startsWith('npm '))
    expect(lines.slice(0, -1)).toEqual([
      '1 aviso(s) (no impiden publicar):',
      'public/assets/docs/huerfano.pdf: aviso: ningún manifiesto enlaza este archivo',
      '1 error(es) (impiden publicar; corríjalos y vuelva a ejecutar npm run validate):',
      'manifest/documents/informes.yaml:5:13: error de sintaxis YAML: el valor de «titulo» contiene «: »; escriba el valor entre comillas: titulo: "Informe: primer trimestre"',
      'manifest/documents/informes.yaml: aviso: mientras este archivo tenga errores, los 1 archivo(s) de public/assets que enlaza no aparecen en ninguna página',
    ])
    expect(lines.at(-1)).toMatch(/^✗ 1 error\(es\), 2 aviso\(s\)\. /)
  })
})
