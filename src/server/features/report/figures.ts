import {
  CHANNEL_COLUMN,
  computeReport,
  periodInstants,
  REPORT_COLUMNS,
  reportCells as cells,
  requestTypes,
  typeFields,
  type ReportPeriod,
  type RequestReport,
} from '../../../filings/requestReport.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { Lookups } from '../../../manifest/types.generated.ts'
import { toCsv } from '../../../manifest/csv.ts'
import type { FilingStore } from '../../store/store.ts'

/**
 * The published report of requests (issue 12 item 5) as the server and the
 * export give it: one function computes the figures from the store's counts
 * (`reportOf`), and the page (src/views/RequestReportTables.tsx), the CSV and `npm run export -- informe` only
 * format them.
 */

/** The figures of a period, computed live from the store. */
export async function reportOf(
  store: FilingStore,
  filings: readonly FilingForm[],
  lookups: Lookups | undefined,
  periodo: ReportPeriod,
): Promise<RequestReport> {
  const forms = filings.filter(f => f.clase === 'radicacion')
  const groups = await store.reportGroups({ ...periodInstants(periodo), typeFields: typeFields(forms) })
  return computeReport(periodo, requestTypes(forms, lookups), groups)
}

/**
 * CSV, UTF-8 with BOM. Semicolon-separated with decimal comma by default:
 * what Excel expects with Colombian regional settings (comma is the decimal
 * sign there, so a comma-separated file opens in one column). With «,» as
 * separator the decimals use a point (for programs that expect it).
 */
export function reportCsv(report: RequestReport, separator: string = ';'): string {
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

/** The JSON copy: the period and the figures per row (numbers, null when nothing was answered). */
export function reportJson(report: RequestReport): unknown {
  return { periodo: report.periodo, filas: report.filas, porCanal: report.porCanal, total: report.total }
}
