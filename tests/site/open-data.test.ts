import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { describe, expect, it } from 'vitest'
import { LEAVES_SITE_CLASS } from '../../src/manifest/externalLinks.ts'
import { clientDir, htmlFileFor, renderedPage, text, type HTMLElement } from '../helpers/builtSite.ts'

/**
 * Open data (Resolución 1519 de 2020, Anexo 4), read from the built site: the
 * copies are checked against the manifest's YAML and the rendered tables, not
 * against the code that writes them.
 */
const LIST = 'presupuesto'
const yamlOf = (file: string) => parseYaml(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
const list = yamlOf(`manifest/documents/${LIST}.yaml`) as { titulo: string; filas: { titulo: string; anio: number; archivo?: string; url?: string }[] }
const site = yamlOf('manifest/site.yaml') as { nombre: string; urlPublica: string }
const built = (href: string) => path.join(clientDir(), href)

/** RFC 4180 rows of the CSV after its `#` metadata lines (every cell is quoted). */
function csvRows(body: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') (cell += '"'), i++
      else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') row.push(cell), (cell = '')
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '')
    else if (c !== '\r') cell += c
  }
  return rows
}

function readCsv(href: string): { bom: boolean; meta: Record<string, string>; header: string[]; rows: string[][] } {
  const raw = fs.readFileSync(built(href), 'utf8')
  const lines = raw.replace(/^\uFEFF/, '').split('\r\n')
  const metaLines = lines.filter(l => l.startsWith('# '))
  const meta = Object.fromEntries(metaLines.map(l => [l.slice(2, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]))
  const [header, ...rows] = csvRows(lines.slice(metaLines.length).join('\r\n'))
  return { bom: raw.startsWith('\uFEFF'), meta, header: header ?? [], rows }
}

/** The open-data links right after a list or table, inside its own section. */
function openDataLinks(section: HTMLElement): { csv?: string; json?: string; names: string[] } {
  const links = section.querySelectorAll(':scope > .datos-abiertos-enlaces a')
  return {
    csv: links.find(a => a.getAttribute('href')?.endsWith('.csv'))?.getAttribute('href'),
    json: links.find(a => a.getAttribute('href')?.endsWith('.json'))?.getAttribute('href'),
    names: links.map(a => text(a)),
  }
}

describe('open data', () => {
  const csvHref = `/datos-abiertos/documentos-${LIST}.csv`
  const jsonHref = `/datos-abiertos/documentos-${LIST}.json`

  it('a document list has a CSV copy with every row and the metadata header', () => {
    const csv = readCsv(csvHref)
    expect(csv.bom).toBe(true)
    expect(csv.meta.titulo).toBe(list.titulo)
    expect(csv.meta.publicador).toBe(site.nombre)
    expect(csv.meta.licencia).toMatch(/CC BY 4\.0/)
    expect(csv.meta.ultima_actualizacion).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(csv.meta.columnas).toBe(csv.header.join(' | '))
    const source = csv.meta.pagina_fuente ?? ''
    expect(source.startsWith(site.urlPublica + '/')).toBe(true)
    // The source page really shows the list.
    const sourceRoute = source.slice(site.urlPublica.length)
    expect(fs.readFileSync(htmlFileFor(sourceRoute), 'utf8')).toContain(`href="${csvHref}"`)
    expect(csv.header).toEqual(['anio', 'categoria', 'periodo', 'titulo', 'descripcion', 'fecha', 'url'])
    expect(csv.rows).toHaveLength(list.filas.length)
    const byTitle = new Map(csv.rows.map(r => [r[3], r]))
    for (const f of list.filas) {
      expect(byTitle.get(f.titulo)?.[0], f.titulo).toBe(String(f.anio))
      expect(byTitle.get(f.titulo)?.[6]).toBe(site.urlPublica + (f.archivo ?? f.url))
    }
  })

  it('the same list has a JSON copy with the same metadata and rows', () => {
    const json = JSON.parse(fs.readFileSync(built(jsonHref), 'utf8')) as {
      metadatos: Record<string, unknown> & { columnas: { nombre: string }[] }
      filas: Record<string, string>[]
    }
    expect(json.metadatos).toMatchObject({ titulo: list.titulo, publicador: site.nombre })
    for (const key of ['descripcion', 'paginaFuente', 'ultimaActualizacion', 'licencia']) expect(json.metadatos[key], key).toBeTruthy()
    expect(json.metadatos.columnas.map(c => c.nombre)).toEqual(['anio', 'categoria', 'periodo', 'titulo', 'descripcion', 'fecha', 'url'])
    expect(json.filas.map(f => f.titulo).sort()).toEqual(list.filas.map(f => f.titulo).sort())
  })

  it('every document list and table of every page has its copies linked beside it, and a table copy holds its rows', () => {
    const htmlFiles = (fs.readdirSync(clientDir(), { recursive: true }) as string[]).filter(f => f.endsWith('index.html'))
    let lists = 0
    let tables = 0
    for (const file of htmlFiles) {
      const doc = renderedPage('/' + path.dirname(file).split(path.sep).join('/').replace(/^\.$/, ''))
      for (const section of doc.querySelectorAll('section.seccion-documentos, section.seccion-tabla')) {
        const links = openDataLinks(section)
        expect(links.csv, `${file}: ${text(section.querySelector('h2, h3, h4'))}`).toBeTruthy()
        expect(links.names.map(n => n.replace(/:.*/, ''))).toEqual(['Descargar datos abiertos (CSV)', 'Descargar datos abiertos (JSON)'])
        // Each link is an item of its own list, so read without styles the two are not glued (docs/decisions/rendering.md).
        expect(section.querySelectorAll(':scope > ul.datos-abiertos-enlaces > li > a').length, file).toBe(2)
        expect(fs.existsSync(built(links.csv!)), links.csv).toBe(true)
        expect(fs.existsSync(built(links.json!)), links.json).toBe(true)
        if (section.classList.contains('seccion-tabla')) {
          tables++
          const csv = readCsv(links.csv!)
          // The cell's own text: without the hidden «abre en una ventana nueva», the file-type notes and the visible
          // «(sale del sitio)» the renderer adds to links off the site (the data names the entity, not the link).
          for (const note of section.querySelectorAll(`tbody .visually-hidden, tbody .tipo-archivo, tbody .${LEAVES_SITE_CLASS}`)) note.remove()
          const htmlRows = section.querySelectorAll('tbody tr').map(tr => tr.querySelectorAll('td').map(td => text(td)))
          expect(csv.rows.length, links.csv).toBe(htmlRows.length)
          // The first column's text, row by row (link columns add an address column after their text).
          expect(csv.rows.map(r => r[0])).toEqual(htmlRows.map(r => r[0]))
        } else lists++
      }
    }
    expect(lists).toBeGreaterThan(20)
    expect(tables).toBeGreaterThan(5)
  })

  it('numeral 7.2 of /transparencia leads to a catalogue listing every published copy', () => {
    const item = renderedPage('/transparencia').getElementById('numeral-7-2')
    expect(text(item)).toMatch(/^7\.2 Sección de datos abiertos/)
    const href = item?.querySelector('a[href^="/atencion/datos"]')?.getAttribute('href')
    expect(href).toBe('/atencion/datos#conjuntos-de-datos-abiertos')
    const catalogue = renderedPage('/atencion/datos')
    expect(catalogue.getElementById('conjuntos-de-datos-abiertos')).toBeTruthy()
    const listed = catalogue
      .querySelectorAll('.seccion-datos-abiertos tbody a[href$=".csv"]')
      .map(a => a.getAttribute('href')!)
      .sort()
    const published = fs
      .readdirSync(built('/datos-abiertos'))
      .filter(f => f.endsWith('.csv'))
      .map(f => `/datos-abiertos/${f}`)
      .sort()
    expect(listed).toEqual(published)
    expect(listed).toContain(csvHref)
  })
})
