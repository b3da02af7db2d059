import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

const FIXTURE_MANIFEST = path.resolve('tests/fixtures/manifest-min')
const FIXTURE_PUBLIC = path.resolve('tests/fixtures/public-min')

let tmp: string
let manifestDir: string

function write(rel: string, content: string): void {
  const file = path.join(manifestDir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

function run() {
  const result = validateManifest(manifestDir)
  return { errors: result.errors.map(formatProblem), warnings: result.warnings.map(formatProblem) }
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'validator-'))
  manifestDir = path.join(tmp, 'manifest')
  fs.cpSync(FIXTURE_MANIFEST, manifestDir, { recursive: true })
  fs.cpSync(FIXTURE_PUBLIC, path.join(tmp, 'public'), { recursive: true })
  process.env.MANIFEST_DIR = manifestDir
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
})

afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

const TREE_PAGE = (items: string) => `ruta: /transparencia
etiqueta: Transparencia
titulo: Transparencia
secciones:
  - tipo: transparencia
    items:
${items}`

describe('transparency tree (Resolución 1519 de 2020, Anexo 2)', () => {
  beforeEach(() => {
    process.env.TRANSPARENCY_ANNEX = path.resolve('tests/fixtures/anexo-transparencia-min.yaml')
  })
  afterEach(() => {
    delete process.env.TRANSPARENCY_ANNEX
  })

  it('accepts a tree that answers every numbered item once, with links or «No aplica»', () => {
    write(
      'pages/transparencia.yaml',
      TREE_PAGE(`      - { numero: "1.1", enlaces: [{ texto: Misión, url: /grupo/pagina }] }
      - { numero: "1.2", enlaces: [{ texto: Organigrama, url: /grupo/pagina }] }
      - { numero: "2", noAplica: "La entidad no tiene trámites propios (razón legal de prueba)." }
`),
    )
    expect(run().errors).toEqual([])
  })

  it('refuses a missing and a duplicated numbered item, at their lines', () => {
    write(
      'pages/transparencia.yaml',
      TREE_PAGE(`      - { numero: "1.1", enlaces: [{ texto: Misión, url: /grupo/pagina }] }
      - { numero: "2", noAplica: "La entidad no tiene trámites propios (razón legal de prueba)." }
      - { numero: "1.1", enlaces: [{ texto: Otra vez, url: /grupo/pagina }] }
`),
    )
    expect(run().errors).toEqual([
      'manifest/pages/transparencia.yaml:7:7: falta el numeral 1.2 «Estructura orgánica - organigrama»: agréguelo con «enlaces» o con «noAplica» y la razón legal',
      'manifest/pages/transparencia.yaml:9:19: el numeral 1.1 está repetido: ya aparece en la línea 7',
    ])
  })

  it('refuses an unknown numeral, a numeral that has sub-items and an item with neither links nor reason', () => {
    write(
      'pages/transparencia.yaml',
      TREE_PAGE(`      - { numero: "1.1", enlaces: [{ texto: Misión, url: /grupo/pagina }] }
      - { numero: "1.2" }
      - { numero: "2", noAplica: "La entidad no tiene trámites propios (razón legal de prueba)." }
      - { numero: "1", enlaces: [{ texto: Entidad, url: /grupo/pagina }] }
      - { numero: "3.1", enlaces: [{ texto: Otra, url: /grupo/pagina }] }
`),
    )
    expect(run().errors).toEqual([
      'manifest/pages/transparencia.yaml:8:9: el numeral 1.2 necesita «enlaces», «noAplica» con la razón legal o «pendiente» con lo que falta',
      'manifest/pages/transparencia.yaml:10:19: el numeral 1 tiene subnumerales: responda cada subnumeral (1.1, 1.2…) en lugar del numeral',
      'manifest/pages/transparencia.yaml:11:19: el numeral 3.1 no existe en el anexo 2 de la Resolución 1519 de 2020 (docs/normas/anexo2-transparencia.yaml)',
    ])
  })
})

describe('manifest validator', () => {
  it('accepts the minimal fixture', () => {
    expect(run()).toEqual({ errors: [], warnings: [] })
  })

  it('reports a YAML syntax error at its line', () => {
    write('pages/grupo/pagina.yaml', 'ruta: /grupo/pagina\netiqueta: Página\ntitulo: "Página sin cerrar\nmenuLateral: grupo\n')
    const { errors } = run()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^manifest\/pages\/grupo\/pagina\.yaml:3:9: error de sintaxis YAML/)
  })

  it('reports an unknown key at the key, suggesting the right one', () => {
    write('pages/grupo/pagina.yaml', 'ruta: /grupo/pagina\netiqueta: Página\ntitluo: Página\nmenuLateral: grupo\nsecciones: []\n')
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:1:1: falta el campo obligatorio «titulo»',
      'manifest/pages/grupo/pagina.yaml:3:1: el campo «titluo» no existe aquí (¿quiso decir «titulo»?)',
    ])
  })

  it('reports a missing required field on the block that lacks it', () => {
    write('documents/informes.yaml', 'id: informes\ntitulo: Informes\nfilas:\n  - anio: 2024\n    archivo: /assets/docs/informe-2024.pdf\n')
    expect(run().errors).toEqual(['manifest/documents/informes.yaml:4:5: falta el campo obligatorio «titulo»'])
  })

  it('reports a bad year', () => {
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 20255\n    titulo: Informe 2024\n    archivo: /assets/docs/informe-2024.pdf\n',
    )
    expect(run().errors).toEqual(['manifest/documents/informes.yaml:4:11: el año «20255» no es válido'])
  })

  it('reports an impossible date', () => {
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 2023\n    titulo: Informe 2023\n    archivo: /assets/docs/informe-2024.pdf\n    fecha: 2023-02-30\n',
    )
    expect(run().errors).toEqual(['manifest/documents/informes.yaml:7:12: la fecha «2023-02-30» no es válida: use AAAA-MM-DD y una fecha que exista'])
  })

  it('reports a linked PDF that does not exist under public/assets', () => {
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 2024\n    titulo: Informe 2024\n    archivo: /assets/docs/no-existe.pdf\n',
    )
    const { errors, warnings } = run()
    expect(errors).toEqual(['manifest/documents/informes.yaml:6:14: el archivo «/assets/docs/no-existe.pdf» no existe en public/assets/docs/no-existe.pdf'])
    expect(warnings).toEqual([])
  })

  it('reports a dangling internal link inside Markdown text at its own line', () => {
    write(
      'pages/inicio.yaml',
      'ruta: /\netiqueta: Inicio\ntitulo: Inicio\nsecciones:\n  - tipo: texto\n    contenido: |\n      Bienvenidos.\n      Vea la [página perdida](/no-existe).\n',
    )
    expect(run().errors).toEqual(['manifest/pages/inicio.yaml:8:31: el enlace «/no-existe» apunta a una página que no existe'])
  })

  it('reports a dangling menu link in site.yaml', () => {
    const site = fs
      .readFileSync(path.join(manifestDir, 'site.yaml'), 'utf8')
      .replace('{ texto: Página, url: /grupo/pagina }', '{ texto: Página, url: /grupo/otra }')
    write('site.yaml', site)
    expect(run().errors).toEqual(['manifest/site.yaml:13:31: el enlace «/grupo/otra» apunta a una página que no existe'])
  })

  it('reports a duplicate route in the second file', () => {
    write('pages/otra.yaml', 'ruta: /grupo/pagina\netiqueta: Otra\ntitulo: Otra\nsecciones: []\n')
    expect(run().errors).toEqual(['manifest/pages/otra.yaml:1:7: la ruta «/grupo/pagina» ya está definida en manifest/pages/grupo/pagina.yaml'])
  })

  it('reports duplicate document rows and an empty year panel', () => {
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 2024\n    titulo: Informe 2024\n    archivo: /assets/docs/informe-2024.pdf\n  - anio: 2024\n    titulo: Informe 2024\n    url: https://example.org/informe\n',
    )
    write(
      'pages/grupo/pagina.yaml',
      'ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página\nmenuLateral: grupo\nsecciones:\n  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: recientes, titulo: "2024", desde: 2024, hasta: 2024 }\n      - { id: antiguos, titulo: 2010 a 2015, desde: 2010, hasta: 2015 }\n',
    )
    expect(run().errors).toEqual([
      'manifest/documents/informes.yaml:7:5: fila repetida: «Informe 2024» (2024) ya aparece en la línea 4',
      'manifest/pages/grupo/pagina.yaml:10:9: el panel «2010 a 2015» está vacío: no hay documentos de esos años en «informes»',
    ])
  })

  it('a new year outside the declared ranges is no error: it gets its own panel (see validator-intent.test.ts)', () => {
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 2024\n    titulo: Informe 2024\n    archivo: /assets/docs/informe-2024.pdf\n  - anio: 2026\n    titulo: Informe 2026\n    url: https://example.org/informe-2026\n',
    )
    write(
      'pages/grupo/pagina.yaml',
      'ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página\nmenuLateral: grupo\nsecciones:\n  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: recientes, titulo: "2020 a 2024", desde: 2020, hasta: 2024 }\n',
    )
    expect(run().errors).toEqual([])
  })

  it('reports a quiz answer key that does not fit its questions', () => {
    write('pages/quiz.yaml', 'ruta: /quiz\netiqueta: Quiz\ntitulo: Quiz\nsecciones:\n  - tipo: evaluacion\n    formulario: cuestionario\n    clave: [D, A]\n')
    expect(run().errors).toEqual([
      'manifest/pages/quiz.yaml:7:12: la clave tiene 2 respuesta(s) y el formulario «cuestionario» tiene 1 pregunta(s)',
      'manifest/pages/quiz.yaml:7:13: la respuesta «D» no es una opción de la pregunta 1',
    ])
  })

  it('reports every error of every file in one run', () => {
    write('pages/otra.yaml', 'ruta: /grupo/pagina\netiqueta: Otra\ntitulo: Otra\nsecciones: []\n')
    write(
      'documents/informes.yaml',
      'id: informes\ntitulo: Informes\nfilas:\n  - anio: 20255\n    titulo: Informe 2024\n    archivo: /assets/docs/informe-2024.pdf\n',
    )
    expect(run().errors).toHaveLength(2)
  })

  it('warns about assets no manifest links to, without failing', () => {
    fs.writeFileSync(path.join(tmp, 'public/assets/docs/huerfano.pdf'), '%PDF-1.4\n')
    // Not a tagged PDF either (a header only): that is warned about too (checks/documentAccessibility.ts).
    expect(run()).toEqual({
      errors: [],
      warnings: [
        'public/assets/docs/huerfano.pdf: aviso: el PDF «/assets/docs/huerfano.pdf» no está etiquetado para lectores de pantalla (le falta: árbol de estructura, idioma, título): expórtelo de nuevo como «PDF etiquetado» (accesible) desde el programa con que se hizo, con el título y el idioma del documento, y reemplace el archivo',
        'public/assets/docs/huerfano.pdf: aviso: ningún manifiesto enlaza este archivo',
      ],
    })
  })

  it('exits 1 with the messages on standard error, and 0 when valid', () => {
    const env = { ...process.env }
    const cli = () => execFileSync(process.execPath, ['scripts/compiled.mjs', 'validate'], { env, encoding: 'utf8', stdio: 'pipe' })
    expect(cli()).toContain('Manifiesto válido')
    write('pages/otra.yaml', 'ruta: /grupo/pagina\netiqueta: Otra\ntitulo: Otra\nsecciones: []\n')
    let failure: { status?: number; stderr?: string } = {}
    try {
      cli()
    } catch (e) {
      failure = e as typeof failure
    }
    expect(failure.status).toBe(1)
    expect(failure.stderr).toContain('manifest/pages/otra.yaml:1:7: la ruta «/grupo/pagina» ya está definida en manifest/pages/grupo/pagina.yaml')
  })
})

describe('filing forms and the server routes', () => {
  const contacto = () => fs.readFileSync(path.join(manifestDir, 'forms/contacto.yaml'), 'utf8')

  it('refuses an endpoint no server route serves: a form without «radicacion»', () => {
    write('forms/contacto.yaml', contacto().replace(/^radicacion:.*\n/m, ''))
    expect(run().errors).toEqual([
      'manifest/forms/contacto.yaml:5:11: ninguna ruta del servidor recibe «/api/contacto»: el formulario no tiene el bloque «radicacion» (tipo, serie, nombre, exportacion) que le dice al servidor qué hacer con él',
    ])
  })

  it('refuses a second form on the same endpoint, kind, series or export name', () => {
    write(
      'forms/contacto2.yaml',
      contacto()
        .replace('id: contacto', 'id: contacto-dos')
        .replace('tipo: contacto', 'tipo: contacto-dos')
        .replace('exportacion: contactos', 'exportacion: contactos-dos')
        .replace('serie: CON', 'serie: COD'),
    )
    expect(run().errors).toEqual([
      'manifest/forms/contacto2.yaml:5:11: ninguna ruta del servidor recibe «/api/contacto»: el formulario «contacto» ya usa esa misma dirección',
    ])
    write(
      'forms/contacto2.yaml',
      contacto()
        .replace('id: contacto', 'id: contacto-dos')
        .replace('/api/contacto', '/api/contacto-dos')
        .replace('tipo: contacto', 'tipo: contacto-dos')
        .replace('exportacion: contactos', 'exportacion: contactos-dos'),
    )
    expect(run().errors).toEqual([
      'manifest/forms/contacto2.yaml:5:11: ninguna ruta del servidor recibe «/api/contacto-dos»: el formulario «contacto» ya usa la serie «CON»',
    ])
  })

  it('refuses a filing form without endpoint, and one the server could not store as written', () => {
    const original = contacto()
    write('forms/contacto.yaml', original.replace(/^endpoint:.*\n/m, ''))
    expect(run().errors).toEqual([
      'manifest/forms/contacto.yaml:6:13: «radicacion» necesita «endpoint»: la dirección de la API que recibe el formulario, por ejemplo /api/pqrs',
    ])
    write('forms/contacto.yaml', original.replace('envio: json', 'envio: multipart'))
    expect(run().errors).toEqual([
      'manifest/forms/contacto.yaml:7:13: un formulario «envio: multipart» que se radica necesita exactamente un campo de archivo (tiene 0)',
    ])
  })

  it('refuses citizen e-mails (avisos) sent to a field that is not an e-mail, or a channel field without a list', () => {
    const original = contacto()
    const withAvisos = (avisos: string) => original.replace('exportacion: contactos }', `exportacion: contactos, avisos: ${avisos} }`)
    write('forms/contacto.yaml', withAvisos('{ campoCorreo: nombre }'))
    expect(run().errors).toEqual([
      'manifest/forms/contacto.yaml:7:13: «avisos.campoCorreo» debe nombrar un campo «control: email» del formulario (no lo es «nombre»)',
    ])
    write(
      'forms/contacto.yaml',
      withAvisos('{ campoCorreo: correo, campoMedio: nombre, mediosCorreo: [1] }').replace(
        'campos:\n',
        'campos:\n  - { nombre: correo, etiqueta: Correo, control: email }\n',
      ),
    )
    expect(run().errors).toEqual([
      'manifest/forms/contacto.yaml:7:13: «avisos.campoMedio» debe nombrar un campo con «lista» del formulario (no lo es «nombre»)',
    ])
    write(
      'forms/contacto.yaml',
      withAvisos('{ campoCorreo: correo, campoMedio: tipo, mediosCorreo: [1] }').replace(
        'campos:\n',
        'campos:\n  - { nombre: correo, etiqueta: Correo, control: email }\n',
      ),
    )
    expect(run().errors).toEqual([])
  })
})
