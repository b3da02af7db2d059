/**
 * The evidence matrix of the Procuraduría's Índice de Transparencia y Acceso a
 * la Información (ITA), derived from the manifest, never typed: every numeral
 * of the transparency annex (docs/normas/anexo2-transparencia.yaml, answered by
 * the `transparencia` section) and every criterion of manifest/ita.yaml
 * (Anexos 1, 3 and 4 of Resolución 1519 de 2020 and the PQRSD form), each with
 * its status and the absolute URL of its evidence. Written at build time
 * under /ita/ (the transparency page links it) and by `npm run ita`.
 */
import { toCsv } from './csv.ts'
import type { Manifest } from './load.ts'
import { OPEN_DATA_LICENCE } from './openData.ts'
import { categoryAnchor, leafItems, loadAnnex, numeralAnchor, parentOf } from './transparencyAnnex.ts'
import type { ItemTransparencia, MatrizITA, SeccionTransparencia } from './types.generated.ts'

export type ItaStatus = 'publicado' | 'no aplica' | 'pendiente'

export interface ItaRow {
  /** Which part of the ITA the row belongs to (ITA_BLOCKS). */
  bloque: string
  numeral: string
  /** The name as the annex (or the ITA matrix) words it. */
  nombre: string
  estado: ItaStatus
  /** The legal reason of a «no aplica», what is missing of a «pendiente»; empty when published. */
  razon: string
  /** Absolute URLs of the evidence (the page, document or anchor that meets the item). */
  evidencias: string[]
}

/** The block labels, as the compliance officer finds them in the ITA form. */
export const ITA_BLOCKS: Record<'anexo2' | MatrizITA['criterios'][number]['bloque'], string> = {
  anexo2: 'Anexo 2: menú «Transparencia y acceso a la información pública»',
  anexo1: 'Anexo 1: accesibilidad',
  anexo3: 'Anexo 3: seguridad digital y privacidad',
  anexo4: 'Anexo 4: datos abiertos',
  formularioPqrsd: 'Formulario de PQRSD',
}

/** Where the built site publishes the matrix (its own folder: the 7.2 catalogue lists the datasets of /datos-abiertos/ only). */
export const ITA_MATRIX_FILES = { csv: '/ita/matriz-ita.csv', json: '/ita/matriz-ita.json' } as const

/** The first `transparencia` section of the site, with the route of its page. */
function transparencySection(manifest: Manifest): { ruta: string; section: SeccionTransparencia } | undefined {
  for (const { data: page } of manifest.pages) for (const s of page.secciones ?? []) if (s.tipo === 'transparencia') return { ruta: page.ruta, section: s }
  return undefined
}

type Answer = Pick<ItemTransparencia, 'enlaces' | 'noAplica' | 'pendiente'>

function statusOf(a: Answer | undefined): { estado: ItaStatus; razon: string } {
  if (a?.pendiente) return { estado: 'pendiente', razon: a.pendiente }
  if (a?.enlaces) return { estado: 'publicado', razon: '' }
  if (a?.noAplica) return { estado: 'no aplica', razon: a.noAplica }
  return { estado: 'pendiente', razon: 'El sitio no responde este numeral.' }
}

/** Every row of the matrix: the annex's numerals in its order (headings included), then the other criteria in the file's order. */
export function itaMatrix(manifest: Manifest): ItaRow[] {
  const base = manifest.site?.data.urlPublica ?? ''
  const absolute = (url: string) => (url.startsWith('/') ? base + url : url)
  const annex = loadAnnex()
  const tree = transparencySection(manifest)
  const answers = new Map((tree?.section.items ?? []).map(i => [i.numero, i]))
  const anchorOnTree = (numero: string) => (tree ? [absolute(`${tree.ruta}#${parentOf(numero) ? numeralAnchor(numero) : categoryAnchor(numero)}`)] : [])
  const leaves = new Set(leafItems(annex).map(l => l.numero))
  const leafStatus = new Map<string, ItaStatus>()
  const rows: ItaRow[] = annex.items.map(item => {
    if (!leaves.has(item.numero))
      return { bloque: ITA_BLOCKS.anexo2, numeral: item.numero, nombre: item.nombre, estado: 'publicado', razon: '', evidencias: [] }
    const a = answers.get(item.numero)
    const { estado, razon } = statusOf(a)
    leafStatus.set(item.numero, estado)
    // A «no aplica» is published on the transparency page itself, with its reason.
    const evidencias = estado === 'publicado' ? (a?.enlaces ?? []).map(e => absolute(e.url)) : estado === 'no aplica' ? anchorOnTree(item.numero) : []
    return { bloque: ITA_BLOCKS.anexo2, numeral: item.numero, nombre: item.nombre, estado, razon, evidencias }
  })
  // A heading (a numeral with sub-numerals) is pending while one of its numerals is, and does not apply when none does.
  for (const row of rows) {
    if (leaves.has(row.numeral)) continue
    const below = [...leafStatus].filter(([n]) => n.startsWith(`${row.numeral}.`)).map(([, s]) => s)
    row.estado = below.includes('pendiente') ? 'pendiente' : below.every(s => s === 'no aplica') ? 'no aplica' : 'publicado'
    row.razon = row.estado === 'no aplica' ? 'Ninguno de sus numerales aplica a la E.S.E.: véase la razón de cada uno.' : ''
    row.evidencias = anchorOnTree(row.numeral)
  }
  for (const c of manifest.ita?.data.criterios ?? []) {
    const { estado, razon } = statusOf(c)
    rows.push({ bloque: ITA_BLOCKS[c.bloque], numeral: c.codigo, nombre: c.nombre, estado, razon, evidencias: (c.enlaces ?? []).map(e => absolute(e.url)) })
  }
  return rows
}

/** The rows a compliance officer must still answer: named in the build's summary and by `npm run ita`. */
export function pendingItaRows(manifest: Manifest): ItaRow[] {
  // A heading is pending only through its numerals: those are named, not the heading again.
  const headings = new Set(
    loadAnnex()
      .items.map(i => parentOf(i.numero))
      .filter(Boolean),
  )
  return itaMatrix(manifest).filter(r => r.estado === 'pendiente' && !(r.bloque === ITA_BLOCKS.anexo2 && headings.has(r.numeral)))
}

const COLUMNS = ['bloque', 'numeral', 'nombre', 'estado', 'razon', 'evidencia'] as const

/** CSV (spreadsheet-safe, csv.ts): one row per item; several evidence URLs separated by « | ». */
export function itaCsv(rows: readonly ItaRow[]): string {
  return toCsv(
    [...COLUMNS],
    rows.map(r => [r.bloque, r.numeral, r.nombre, r.estado, r.razon, r.evidencias.join(' | ')]),
  )
}

/** JSON: the matrix with what it covers, each row's evidence a list. */
export function itaJson(manifest: Manifest, rows: readonly ItaRow[]): string {
  const site = manifest.site?.data
  const metadatos = {
    titulo: 'Matriz de evidencias del Índice de Transparencia y Acceso a la Información (ITA)',
    entidad: site?.nombre ?? '',
    sitio: site?.urlPublica ?? '',
    norma: loadAnnex().norma,
    ultimaActualizacion: site?.ultimaActualizacion ?? '',
    licencia: OPEN_DATA_LICENCE,
  }
  return JSON.stringify({ metadatos, filas: rows }, null, 2) + '\n'
}

/** public/… path → content of the matrix's two copies. */
export function itaMatrixFiles(manifest: Manifest): Record<string, string> {
  const rows = itaMatrix(manifest)
  return { [`public${ITA_MATRIX_FILES.csv}`]: itaCsv(rows), [`public${ITA_MATRIX_FILES.json}`]: itaJson(manifest, rows) }
}

/** Spanish lines naming what is still pending, for the build's summary and `npm run ita`; none when nothing is. */
export function pendingSummary(manifest: Manifest): string[] {
  const pending = pendingItaRows(manifest)
  if (pending.length === 0) return []
  return [`  Matriz ITA: ${pending.length} ítem(s) pendiente(s):`, ...pending.map(r => `    - ${r.numeral} «${r.nombre}» (${r.bloque}): ${r.razon}`)]
}
