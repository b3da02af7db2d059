/**
 * The operator's overview (platformOverview.ts) as the terminal shows it and as a spreadsheet opens it: the same
 * columns in the same order, a site that stands out marked in the first one. The CSV is the office's exports' kind
 * (UTF-8 with BOM, «;»: docs/decisions/export.md), so Excel on Windows opens it in columns with accents intact.
 */
import { colombiaDateTime } from '../manifest/colombiaTime.ts'
import { STAFF_CSV_SEPARATOR, toCsv } from '../manifest/csv.ts'
import type { SiteOverview } from './platformOverview.ts'

/** The first column of a site that stands out (the others have it empty). */
export const ATTENTION_MARK = '!'

export const OVERVIEW_HEADERS = [
  'Atención',
  'Sitio',
  'Nombre',
  'Dominios',
  'Publicación servida',
  'Fecha de la publicación',
  'Último respaldo',
  'Respaldo exitoso',
  'Respaldo verificado',
  'Radicaciones abiertas',
  'Radicaciones vencidas',
  'Salud',
  'Motivos',
]

const yesNo = (b: boolean | undefined) => (b === undefined ? '' : b ? 'sí' : 'no')
const when = (iso: string | undefined) => (iso ? colombiaDateTime(iso) : '')

/** One site's cells, in OVERVIEW_HEADERS' order. */
export function overviewCells(r: SiteOverview): string[] {
  return [
    r.attention.length > 0 ? ATTENTION_MARK : '',
    r.id,
    r.name,
    r.domains.join(', '),
    r.release?.label ?? 'ninguna',
    when(r.release?.date),
    r.backup ? when(r.backup.fin) : 'nunca',
    yesNo(r.backup?.ok),
    yesNo(r.backup ? r.backup.ok && r.backup.verificado : undefined),
    r.filings ? String(r.filings.open) : '?',
    r.filings ? String(r.filings.overdue) : '?',
    r.health.length > 0 ? r.health.join('; ') : 'ok',
    r.attention.join('; '),
  ]
}

export function overviewCsv(rows: readonly SiteOverview[]): string {
  return toCsv(OVERVIEW_HEADERS, rows.map(overviewCells), STAFF_CSV_SEPARATOR)
}

/** The terminal's table: every column but the name and the reasons (the summary line below it says them). */
export function overviewTable(rows: readonly SiteOverview[]): string {
  const shown = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
  const header = shown.map(i => (i === 0 ? '' : OVERVIEW_HEADERS[i]!))
  const lines = [
    header,
    ...rows.map(r => {
      const cells = overviewCells(r)
      return shown.map(i => cells[i]!)
    }),
  ]
  const widths = header.map((_, k) => Math.max(...lines.map(l => l[k]!.length)))
  return lines
    .map(l =>
      l
        .map((cell, k) => cell.padEnd(widths[k]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
