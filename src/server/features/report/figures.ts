import {
  CHANNEL_COLUMN,
  computeReport,
  periodInstants,
  REPORT_COLUMNS,
  reportCells as cells,
  REQUEST_ROW_COLUMNS,
  requestRowCells,
  requestTypes,
  typeFields,
  type ReportPeriod,
  type RequestReport,
} from '../../../filings/requestReport.ts'
import { colombiaDay } from '../../../filings/businessDays.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { Lookups } from '../../../manifest/types.generated.ts'
import { STAFF_CSV_SEPARATOR, toCsv } from '../../../manifest/csv.ts'
import type { FilingStore } from '../../store/store.ts'

/**
 * The published report of requests (docs/decisions/tracking-and-report.md) as the server and the
 * export give it: one function computes the figures from the store's counts
 * (`reportOf`), and the page (src/views/RequestReportTables.tsx), the CSV and `npm run export -- informe` only
 * format them.
 */

/** How a closed period is served: `publicar` freezes it the first time (the server), `leer` uses a frozen copy if any (the read-only export). */
export interface Publication {
  now: Date
  mode: 'publicar' | 'leer'
}

/**
 * The report of a period: computed live from the store while the period is open; once it is closed (its last day
 * before today in Colombia), the copy frozen the first time it was asked for, so that a later correction of a
 * filing does not rewrite what was published (docs/decisions/tracking-and-report.md). Without `publication`, live.
 */
export async function reportOf(
  store: FilingStore,
  filings: readonly FilingForm[],
  lookups: Lookups | undefined,
  periodo: ReportPeriod,
  publication?: Publication,
): Promise<RequestReport> {
  const forms = filings.filter(f => f.clase === 'radicacion')
  const live = async () =>
    computeReport(periodo, requestTypes(forms, lookups), await store.reportGroups({ ...periodInstants(periodo), typeFields: typeFields(forms) }))
  if (!publication || periodo.hasta >= colombiaDay(publication.now)) return live()
  const kept = await store.publishedReport(periodo.clave)
  if (kept !== undefined) return JSON.parse(kept) as RequestReport
  const report = await live()
  if (publication.mode === 'leer') return report
  return JSON.parse(
    await store.publishReport(periodo.clave, JSON.stringify({ ...report, publicado: publication.now.toISOString() }), publication.now),
  ) as RequestReport
}

/** The per-request rows as CSV (UTF-8 with BOM, «;» by default like the figures' CSV): no personal data. */
export function requestRowsCsv(report: RequestReport, separator: string = STAFF_CSV_SEPARATOR): string {
  return toCsv(
    ['Periodo', ...REQUEST_ROW_COLUMNS],
    report.solicitudes.map(r => [report.periodo.clave, ...requestRowCells(r)]),
    separator,
  )
}

/**
 * CSV, UTF-8 with BOM. Semicolon-separated with decimal comma by default:
 * what Excel expects with Colombian regional settings (comma is the decimal
 * sign there, so a comma-separated file opens in one column). With «,» as
 * separator the decimals use a point (for programs that expect it).
 */
export function reportCsv(report: RequestReport, separator: string = STAFF_CSV_SEPARATOR): string {
  const days = (n: number | null) => (n === null ? '' : separator === ',' ? String(n) : String(n).replace('.', ','))
  // One long table: the rows per request type (all channels), then per channel (all types), then the total.
  const byType = report.filas.map(r => {
    const [nombre, ...rest] = cells(r, days)
    return [report.periodo.clave, nombre!, ALL_CHANNELS, ...rest]
  })
  const byChannel = report.porCanal.map(r => {
    const [nombre, ...rest] = cells(r, days)
    return [report.periodo.clave, ALL_TYPES, nombre!, ...rest]
  })
  const [, ...total] = cells(report.total, days)
  const [typeColumn, ...figureColumns] = REPORT_COLUMNS
  return toCsv(
    ['Periodo', typeColumn, CHANNEL_COLUMN, ...figureColumns],
    [...byType, ...byChannel, [report.periodo.clave, 'Total', ALL_CHANNELS, ...total]],
    separator,
  )
}

/** The words of the CSV's rows that cover every type or every channel. */
export const ALL_CHANNELS = 'Todos los canales'
export const ALL_TYPES = 'Todos los tipos'

/** The JSON copy: the period, the figures per row (numbers, null when nothing was answered) and one row per request. */
export function reportJson(report: RequestReport): unknown {
  return {
    periodo: report.periodo,
    ...(report.publicado && { publicado: report.publicado }),
    filas: report.filas,
    porCanal: report.porCanal,
    total: report.total,
    solicitudes: report.solicitudes,
  }
}
