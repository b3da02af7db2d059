/**
 * Contact data lives once, in `contacto` of site.yaml: pages cite it with
 * placeholders, the validator reports unknown ones and numbers typed twice.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { displayPhone, expandPlaceholders, telHref } from '../../src/manifest/placeholders.ts'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

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

const PAGE_HEAD = 'ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página de documentos\nmenuLateral: grupo\nsecciones:\n'

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-'))
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

describe('contact placeholders', () => {
  it('tel: links carry +57 for 10-digit Colombian numbers and keep national-only lines as written', () => {
    expect(telHref('(601) 555 0101')).toBe('tel:+576015550101')
    expect(telHref('320 555 0102')).toBe('tel:+573205550102')
    expect(telHref('+57 601 555 0101')).toBe('tel:+576015550101')
    expect(telHref('01 8000 91 0097')).toBe('tel:018000910097')
  })

  it('phones are shown in the +57 form however staff wrote them; toll-free lines keep their national form', () => {
    expect(displayPhone('(601) 555 0101')).toBe('+57 601 555 0101')
    expect(displayPhone('601-555-0101')).toBe('+57 601 555 0101')
    expect(displayPhone('+57 (601) 5550101')).toBe('+57 601 555 0101')
    expect(displayPhone('3205550102')).toBe('+57 320 555 0102')
    expect(displayPhone('01 8000 910097')).toBe('01 8000 910 097')
    expect(displayPhone('123')).toBe('123')
  })

  it('pages and the footer read the numbers of site.yaml: Markdown gets links, table cells get link cells', () => {
    write(
      'pages/grupo/pagina.yaml',
      PAGE_HEAD +
        '  - tipo: texto\n    contenido: "Llame al ((telefono.urgencias)) o escriba a ((correo.contacto))."\n  - tipo: tabla\n    columnas: [Línea, Número]\n    filas:\n      - [Citas, ((telefono.citas))]\n  - tipo: documentos\n    fuente: informes\n',
    )
    const { manifest, problems } = loadManifest(manifestDir)
    expect(problems).toEqual([])
    const page = manifest.pages.find(p => p.data.ruta === '/grupo/pagina')!.data
    expect(page.secciones![0]).toMatchObject({
      contenido: 'Llame al [+57 601 555 0101](tel:+576015550101) o escriba a [contacto@prueba.gov.co](mailto:contacto@prueba.gov.co).',
    })
    expect(page.secciones![1]).toMatchObject({ filas: [['Citas', { texto: '+57 320 555 0102', url: 'tel:+573205550102' }]] })
    expect(manifest.site!.data.pie.direccion).toBe('Calle 1')
    expect(expandPlaceholders('((direccion.principal))', { site: manifest.site!.data }, true)).toBe('Calle 1')
  })

  it('reports an unknown placeholder at its position, suggesting the nearest id', () => {
    write(
      'pages/grupo/pagina.yaml',
      PAGE_HEAD + '  - tipo: texto\n    contenido: |\n      Línea de citas:\n      llame al ((telefono.cita)).\n  - tipo: documentos\n    fuente: informes\n',
    )
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:9:16: «((telefono.cita))»: no existe «cita» en «contacto.telefonos» de manifest/site.yaml (¿quiso decir «((telefono.citas))»?)',
    ])
  })

  it('reports an unknown kind of placeholder, with the valid ones', () => {
    write('pages/grupo/pagina.yaml', PAGE_HEAD + '  - tipo: texto\n    contenido: "Escriba a ((corre.contacto))"\n  - tipo: documentos\n    fuente: informes\n')
    expect(run().errors).toEqual([
      'manifest/pages/grupo/pagina.yaml:7:27: «((corre.contacto))» no es un dato conocido (¿quiso decir «correo»?); use ((telefono.…)), ((correo.…)), ((direccion.…)), ((horario.…)), ((vigencias))',
    ])
  })

  it('reports a footer phone id that contacto does not define', () => {
    const site = fs.readFileSync(path.join(manifestDir, 'site.yaml'), 'utf8').replace('telefonos: [urgencias]', 'telefonos: [urgencia]')
    write('site.yaml', site)
    expect(run().errors).toEqual(['manifest/site.yaml:24:15: «urgencia» no existe en «contacto.telefonos» (¿quiso decir «urgencias»?)'])
  })

  it('warns, at file:line:col, where a phone number of site.yaml is typed out in a page (once per line, in any writing)', () => {
    write(
      'pages/grupo/pagina.yaml',
      PAGE_HEAD +
        '  - tipo: texto\n    contenido: |\n      Urgencias: [(601) 555-0101](tel:6015550101).\n      Citas: +57 320 555 0102\n  - tipo: tabla\n    columnas: [Línea]\n    filas:\n      - [601 555 0101]\n  - tipo: documentos\n    fuente: informes\n',
    )
    expect(run()).toEqual({
      errors: [],
      warnings: [
        'manifest/pages/grupo/pagina.yaml:8:19: aviso: el teléfono «(601) 555-0101» está escrito a mano: escriba ((telefono.urgencias)) para que se actualice desde manifest/site.yaml',
        'manifest/pages/grupo/pagina.yaml:9:14: aviso: el teléfono «+57 320 555 0102» está escrito a mano: escriba ((telefono.citas)) para que se actualice desde manifest/site.yaml',
        'manifest/pages/grupo/pagina.yaml:13:10: aviso: el teléfono «601 555 0101» está escrito a mano: escriba ((telefono.urgencias)) para que se actualice desde manifest/site.yaml',
      ],
    })
  })
})
