/**
 * Open data (Resolución 1519 de 2020, Anexo 4): every document list of
 * manifest/documents/ and every `tabla` section of a page as a dataset, written
 * at build time as CSV and JSON under /datos-abiertos/ (src/build/generate.ts),
 * linked beside the list or table and listed by the `datosAbiertos` section
 * (numeral 7.2 of the transparency menu). Derived from the manifest, never typed.
 */
import { toCsv } from './csv.ts'
import type { Manifest } from './load.ts'
import type { SeccionTabla } from './types.generated.ts'

/** The licence of every dataset (the one MinTIC's open-data guide recommends for public-sector data). */
export const OPEN_DATA_LICENCE = 'Creative Commons Atribución 4.0 Internacional (CC BY 4.0): https://creativecommons.org/licenses/by/4.0/deed.es'

/** Folder of the copies in the published site. */
export const OPEN_DATA_DIR = 'datos-abiertos'

export interface DatasetColumn {
  nombre: string
  descripcion: string
}

export interface DatasetMetadata {
  titulo: string
  descripcion: string
  /** Page that shows the list or table (absolute URL when the site has urlPublica). */
  paginaFuente: string
  publicador: string
  ultimaActualizacion: string
  licencia: string
  /** The same dataset on datos.gov.co (Resolución 1519 de 2020, Anexo 4), when the manifest names it. */
  datosGovCo?: string
  columnas: DatasetColumn[]
}

export interface Dataset {
  id: string
  /** Route of the page that shows it. */
  ruta: string
  metadatos: DatasetMetadata
  filas: string[][]
}

export function datasetHref(id: string, format: 'csv' | 'json'): string {
  return `/${OPEN_DATA_DIR}/${id}.${format}`
}

export function documentListDatasetId(fuente: string): string {
  return `documentos-${fuente}`
}

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 50) || 'tabla'
  )
}

/** FNV-1a of the table's content: the id is stable while the table is unchanged, without Node's crypto (the renderer computes it too). */
function shortHash(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, '0')
}

/** Id of a table section's dataset: its title and a hash of its content, so the renderer needs neither the page nor the position. */
export function tableDatasetId(section: Pick<SeccionTabla, 'titulo' | 'columnas' | 'filas'>): string {
  return `tabla-${slug(section.titulo ?? 'tabla')}-${shortHash(JSON.stringify([section.columnas, section.filas]))}`
}

/** Every `tabla` section of a page, nested ones included (acordeon panels…). */
function tablesIn(value: unknown): SeccionTabla[] {
  if (Array.isArray(value)) return value.flatMap(tablesIn)
  if (!value || typeof value !== 'object') return []
  const obj = value as Record<string, unknown>
  if (obj.tipo === 'tabla' && Array.isArray(obj.columnas) && Array.isArray(obj.filas)) return [obj as unknown as SeccionTabla]
  return Object.values(obj).flatMap(tablesIn)
}

function sourcesIn(value: unknown): string[] {
  return [...JSON.stringify(value ?? []).matchAll(/"fuente":"([^"]+)"/g)].map(m => m[1]!)
}

const DOCUMENT_COLUMNS: DatasetColumn[] = [
  { nombre: 'anio', descripcion: 'Año del documento' },
  { nombre: 'categoria', descripcion: 'Categoría dentro de la lista' },
  { nombre: 'periodo', descripcion: 'Periodo que cubre el documento' },
  { nombre: 'titulo', descripcion: 'Título del documento' },
  { nombre: 'descripcion', descripcion: 'Descripción del documento' },
  { nombre: 'fecha', descripcion: 'Fecha de publicación o expedición (AAAA-MM-DD)' },
  { nombre: 'url', descripcion: 'Dirección del documento' },
]

/** Every dataset of the site: document lists shown on a page (in manifest order), then tables (in page order). */
export function openDatasets(manifest: Manifest): Dataset[] {
  const site = manifest.site?.data
  const base = site?.urlPublica ?? ''
  const publicador = site?.nombre ?? ''
  const siteDate = site?.ultimaActualizacion ?? ''
  const absolute = (url: string) => (url.startsWith('/') ? base + url : url)
  const pageOf = new Map<string, { titulo: string; ruta: string }>()
  for (const { data: page } of manifest.pages)
    for (const f of sourcesIn(page.secciones)) if (!pageOf.has(f)) pageOf.set(f, { titulo: page.titulo, ruta: page.ruta })

  const out: Dataset[] = []
  for (const { data: list } of manifest.documents) {
    const page = pageOf.get(list.id)
    if (!page) continue // a list no page shows is not published
    const dates = list.filas
      .map(r => r.fecha ?? '')
      .filter(Boolean)
      .sort()
    out.push({
      id: documentListDatasetId(list.id),
      ruta: page.ruta,
      metadatos: {
        titulo: list.titulo,
        descripcion: `Documentos publicados en «${page.titulo}»: uno por fila, con su año, categoría, fecha y dirección.`,
        paginaFuente: absolute(page.ruta),
        publicador,
        ultimaActualizacion: dates.at(-1) ?? siteDate,
        licencia: OPEN_DATA_LICENCE,
        ...(list.datosGovCo && { datosGovCo: list.datosGovCo }),
        columnas: DOCUMENT_COLUMNS,
      },
      filas: list.filas.map(r => [
        String(r.anio),
        r.categoria ?? '',
        r.periodo ?? '',
        r.titulo,
        r.descripcion ?? '',
        r.fecha ?? '',
        absolute(r.archivo ?? r.url ?? ''),
      ]),
    })
  }
  const seen = new Set<string>()
  for (const { data: page } of manifest.pages) {
    for (const table of tablesIn(page.secciones)) {
      const id = tableDatasetId(table)
      if (seen.has(id)) continue
      seen.add(id)
      // A column holding links gets a second column with their addresses.
      const linked = table.columnas.map((_, j) => table.filas.some(row => typeof row[j] === 'object'))
      const columnas = table.columnas.flatMap((c, j) => [
        { nombre: c, descripcion: c },
        ...(linked[j] ? [{ nombre: `${c} (enlace)`, descripcion: `Dirección del enlace de «${c}»` }] : []),
      ])
      const filas = table.filas.map(row =>
        table.columnas.flatMap((_, j) => {
          const cell = row[j]
          const text = cell === undefined ? '' : typeof cell === 'object' ? cell.texto : String(cell)
          return linked[j] ? [text, typeof cell === 'object' ? absolute(cell.url) : ''] : [text]
        }),
      )
      out.push({
        id,
        ruta: page.ruta,
        metadatos: {
          titulo: table.titulo ? `${table.titulo} (${page.titulo})` : page.titulo,
          descripcion: `Tabla publicada en la página «${page.titulo}».`,
          paginaFuente: absolute(page.ruta),
          publicador,
          ultimaActualizacion: siteDate,
          licencia: OPEN_DATA_LICENCE,
          ...(table.datosGovCo && { datosGovCo: table.datosGovCo }),
          columnas,
        },
        filas,
      })
    }
  }
  return out
}

const METADATA_LABELS: [keyof Omit<DatasetMetadata, 'columnas'>, string][] = [
  ['titulo', 'titulo'],
  ['descripcion', 'descripcion'],
  ['paginaFuente', 'pagina_fuente'],
  ['publicador', 'publicador'],
  ['ultimaActualizacion', 'ultima_actualizacion'],
  ['licencia', 'licencia'],
  ['datosGovCo', 'datos_gov_co'],
]

/**
 * CSV: the metadata as `# clave: valor` comment lines (read_csv(comment='#')
 * in pandas, comment.char in R; a spreadsheet shows them as the first rows),
 * then the header row and the rows, spreadsheet-safe (csv.ts).
 */
export function datasetCsv(d: Dataset): string {
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ')
  const meta = [
    ...METADATA_LABELS.filter(([k]) => d.metadatos[k] !== undefined).map(([k, label]) => `# ${label}: ${oneLine(d.metadatos[k]!)}`),
    `# columnas: ${d.metadatos.columnas.map(c => oneLine(c.nombre)).join(' | ')}`,
  ]
  const body = toCsv(
    d.metadatos.columnas.map(c => c.nombre),
    d.filas,
  )
  // toCsv starts with the byte-order mark; it goes before the metadata instead.
  return body.slice(0, 1) + meta.join('\r\n') + '\r\n' + body.slice(1)
}

/** JSON: { metadatos, filas } with each row an object keyed by column name. */
export function datasetJson(d: Dataset): string {
  const filas = d.filas.map(row => Object.fromEntries(d.metadatos.columnas.map((c, j) => [c.nombre, row[j] ?? ''])))
  return JSON.stringify({ metadatos: d.metadatos, filas }, null, 2) + '\n'
}

/** public/… path → content of every open-data copy. */
export function openDataFiles(manifest: Manifest): Record<string, string> {
  const files: Record<string, string> = {}
  for (const d of openDatasets(manifest)) {
    files[`public${datasetHref(d.id, 'csv')}`] = datasetCsv(d)
    files[`public${datasetHref(d.id, 'json')}`] = datasetJson(d)
  }
  return files
}
