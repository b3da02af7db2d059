import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { itaCsv, itaMatrix, pendingSummary } from '../../src/manifest/itaMatrix.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

/**
 * The ITA evidence matrix of a small site whose answers are written here: each row's status, reason and
 * absolute evidence URL follow the manifest (docs/decisions/transparency-and-identity.md, «ITA matrix»).
 * The real annex and the real site are checked against the built site in tests/site/ita-matrix.test.ts.
 */
const BASE = 'https://hospital.example.gov.co'
let tmp: string
let manifestDir: string

function write(rel: string, content: string): void {
  const file = path.join(manifestDir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ita-'))
  manifestDir = path.join(tmp, 'manifest')
  fs.cpSync('tests/fixtures/manifest-min', manifestDir, { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  process.env.MANIFEST_DIR = manifestDir
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  process.env.TRANSPARENCY_ANNEX = path.resolve('tests/fixtures/anexo-transparencia-min.yaml')
  fs.appendFileSync(path.join(manifestDir, 'site.yaml'), `urlPublica: ${BASE}\n`)
  write(
    'pages/transparencia.yaml',
    `ruta: /transparencia
etiqueta: Transparencia
titulo: Transparencia
secciones:
  - tipo: transparencia
    items:
      - { numero: "1.1", enlaces: [{ texto: Misión, url: "/grupo/pagina#mision" }, { texto: Externo, url: "https://www.gov.co" }] }
      - { numero: "1.2", pendiente: "El organigrama aprobado se publica en marzo." }
      - { numero: "2", noAplica: "La entidad no tiene trámites propios (razón legal de prueba)." }
`,
  )
  write(
    'pages/grupo/pagina.yaml',
    'ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página de documentos\nmenuLateral: grupo\nsecciones:\n  - tipo: documentos\n    ancla: mision\n    fuente: informes\n',
  )
  write(
    'ita.yaml',
    'criterios:\n  - bloque: anexo1\n    codigo: c\n    nombre: Tamaño del texto\n    enlaces: [{ texto: Página, url: "/grupo/pagina#mision" }]\n',
  )
})

afterEach(() => {
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  delete process.env.TRANSPARENCY_ANNEX
  fs.rmSync(tmp, { recursive: true, force: true })
})

function validated() {
  const result = validateManifest(manifestDir)
  expect(result.errors.map(formatProblem)).toEqual([])
  return result
}

describe('ITA evidence matrix', () => {
  it('gives every numeral of the annex and every criterion its status, reason and absolute evidence', () => {
    const rows = itaMatrix(validated().manifest).map(r => [r.numeral, r.estado, r.razon, r.evidencias.join(' ')])
    expect(rows).toEqual([
      // A heading is pending while one of its numerals is; its evidence is its place in the transparency tree.
      ['1', 'pendiente', '', `${BASE}/transparencia#categoria-1`],
      ['1.1', 'publicado', '', `${BASE}/grupo/pagina#mision https://www.gov.co`],
      ['1.2', 'pendiente', 'El organigrama aprobado se publica en marzo.', ''],
      // A «no aplica» is published, with its reason, on the transparency page.
      ['2', 'no aplica', 'La entidad no tiene trámites propios (razón legal de prueba).', `${BASE}/transparencia#categoria-2`],
      ['c', 'publicado', '', `${BASE}/grupo/pagina#mision`],
    ])
  })

  it('names the pending numeral, and only it, in the summary, without failing validation', () => {
    const { manifest } = validated()
    expect(pendingSummary(manifest)).toEqual([
      '  Matriz ITA: 1 ítem(s) pendiente(s):',
      '    - 1.2 «Estructura orgánica - organigrama» (Anexo 2: menú «Transparencia y acceso a la información pública»): El organigrama aprobado se publica en marzo.',
    ])
  })

  it('writes one CSV row per item with the evidence URLs in one cell', () => {
    const csv = itaCsv(itaMatrix(validated().manifest))
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('"bloque","numeral","nombre","estado","razon","evidencia"')
    expect(lines).toHaveLength(6)
    expect(lines[2]).toContain(`"${BASE}/grupo/pagina#mision | https://www.gov.co"`)
  })

  it('refuses evidence that points to an anchor the page does not have, and a criterion answered twice', () => {
    write(
      'ita.yaml',
      'criterios:\n  - bloque: anexo1\n    codigo: c\n    nombre: Tamaño del texto\n    enlaces: [{ texto: Página, url: "/grupo/pagina#vision" }]\n    pendiente: Falta revisar el tamaño de la letra.\n',
    )
    expect(validateManifest(manifestDir).errors.map(formatProblem)).toEqual([
      'manifest/ita.yaml:5:37: la página «/grupo/pagina» no tiene la sección «#vision»: escriba «ancla: vision» en la sección de manifest/pages/grupo/pagina.yaml que lo cumple (anclas de esa página: mision)',
      'manifest/ita.yaml:6:16: el criterio c (anexo1) tiene «enlaces» y «pendiente»: deje solo uno',
    ])
  })

  it('refuses evidence that points to a page that does not exist', () => {
    write('ita.yaml', 'criterios:\n  - bloque: anexo3\n    codigo: "3.1"\n    nombre: Política\n    enlaces: [{ texto: Política, url: /politica }]\n')
    expect(validateManifest(manifestDir).errors.map(formatProblem)).toEqual(['manifest/ita.yaml:5:39: el enlace «/politica» apunta a una página que no existe'])
  })
})
