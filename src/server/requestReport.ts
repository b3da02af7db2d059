import { computeReport, periodInstants, requestTypes, typeFields, type ReportPeriod, type ReportRow, type RequestReport } from '../filings/requestReport.ts'
import type { FilingForm } from '../manifest/filingForms.ts'
import type { Lookups } from '../manifest/types.generated.ts'
import { toCsv } from './csv.ts'
import { escapeHtml } from './nativePages.ts'
import type { FilingStore } from './store/store.ts'

/**
 * The published report of requests (issue 12 item 5) as the server and the
 * export give it: one function computes the figures from the store's counts
 * (`reportOf`), and the page, the CSV and `npm run export -- informe` only
 * format them.
 */

/** Where the CSV and JSON copies are served (the page's route comes from the manifest). */
export const REPORT_CSV_PATH = '/api/informe-solicitudes.csv'
export const REPORT_JSON_PATH = '/api/informe-solicitudes'

/** The figures of a period, computed live from the store. */
export async function reportOf(store: FilingStore, filings: readonly FilingForm[], lookups: Lookups | undefined, periodo: ReportPeriod): Promise<RequestReport> {
  const forms = filings.filter((f) => f.clase === 'radicacion')
  const groups = await store.reportGroups({ ...periodInstants(periodo), typeFields: typeFields(forms) })
  return computeReport(periodo, requestTypes(forms, lookups), groups)
}

/** Column titles, shared by the page's table and the CSV. */
export const REPORT_COLUMNS = [
  'Tipo de solicitud',
  'Recibidas',
  'Trasladadas a otra entidad',
  'Negadas',
  'Respondidas a tiempo',
  'Respondidas fuera de término',
  'Pendientes',
  'Tiempo promedio de respuesta (días hábiles)',
  'Tiempo mediano de respuesta (días hábiles)',
] as const

/** A number of days in Spanish notation (decimal comma), or «—» when nothing was answered. */
function spanishDays(n: number | null): string {
  return n === null ? '—' : n.toLocaleString('es-CO', { maximumFractionDigits: 1 })
}

function cells(r: ReportRow, days: (n: number | null) => string): Array<string | number> {
  return [r.nombre, r.recibidas, r.trasladadas, r.negadas, r.aTiempo, r.tarde, r.pendientes, days(r.promedioDias), days(r.medianaDias)]
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
  const byType = report.filas.map((r) => {
    const [nombre, ...rest] = cells(r, days)
    return [report.periodo.clave, nombre!, ALL_CHANNELS, ...rest]
  })
  const byChannel = report.porCanal.map((r) => {
    const [nombre, ...rest] = cells(r, days)
    return [report.periodo.clave, ALL_TYPES, nombre!, ...rest]
  })
  const [, ...total] = cells(report.total, days)
  const [typeColumn, ...figureColumns] = REPORT_COLUMNS
  return toCsv(['Periodo', typeColumn, CHANNEL_COLUMN, ...figureColumns], [...byType, ...byChannel, [report.periodo.clave, 'Total', ALL_CHANNELS, ...total]], separator)
}

/** The CSV's channel column and the words of its rows that cover every type or every channel. */
export const CHANNEL_COLUMN = 'Canal de recepción'
export const ALL_CHANNELS = 'Todos los canales'
export const ALL_TYPES = 'Todos los tipos'

/** The JSON copy: the period and the figures per row (numbers, null when nothing was answered). */
export function reportJson(report: RequestReport): unknown {
  return { periodo: report.periodo, filas: report.filas, porCanal: report.porCanal, total: report.total }
}

/** The page's server-rendered part: the period selector (a GET form, no script), the table and the downloads. */
export function reportHtml(path: string, report: RequestReport, choices: readonly ReportPeriod[], error?: string): string {
  const e = escapeHtml
  const options = choices.map((p) => `<option value="${e(p.clave)}"${p.clave === report.periodo.clave ? ' selected' : ''}>${e(capitalize(p.etiqueta))}</option>`).join('')
  const row = (r: ReportRow, total = false) => {
    const [name, ...rest] = cells(r, spanishDays)
    return `<tr${total ? ' class="fila-total"' : ''}><th scope="row">${e(name)}</th>${rest.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`
  }
  const caption = `Solicitudes recibidas en el ${report.periodo.etiqueta}, por tipo de solicitud`
  const channelCaption = `Solicitudes recibidas en el ${report.periodo.etiqueta}, por canal de recepción`
  const query = `periodo=${encodeURIComponent(report.periodo.clave)}`
  return `<div id="informe-solicitudes" class="informe-solicitudes">
<form method="get" action="${e(path)}" class="informe-periodo">
<label for="informe-periodo">Periodo del informe</label>
<select id="informe-periodo" name="periodo"${error ? ' aria-invalid="true" aria-describedby="informe-periodo-error"' : ''}>${options}</select>${error ? `<small id="informe-periodo-error" class="error-campo">${e(error)}</small>` : ''}
<button type="submit">Ver informe</button>
</form>
<h2 id="informe-titulo">Informe del ${e(report.periodo.etiqueta)}</h2>
<div class="overflow-auto" tabindex="0" role="region" aria-labelledby="informe-titulo">
<table class="striped">
<caption>${e(caption)}</caption>
<thead><tr>${REPORT_COLUMNS.map((c) => `<th scope="col">${e(c)}</th>`).join('')}</tr></thead>
<tbody>${report.filas.map((r) => row(r)).join('')}</tbody>
<tfoot>${row(report.total, true)}</tfoot>
</table>
</div>
<h3 id="informe-titulo-canal">Por canal de recepción</h3>
<p>Cada solicitud se cuenta una vez, en el canal por el que llegó: el sitio web o la radicación de la oficina de atención al usuario (presencial, telefónica, por correo electrónico o escrita).</p>
<div class="overflow-auto" tabindex="0" role="region" aria-labelledby="informe-titulo-canal">
<table class="striped">
<caption>${e(channelCaption)}</caption>
<thead><tr><th scope="col">${e(CHANNEL_COLUMN)}</th>${REPORT_COLUMNS.slice(1).map((c) => `<th scope="col">${e(c)}</th>`).join('')}</tr></thead>
<tbody>${report.porCanal.map((r) => row(r)).join('')}</tbody>
<tfoot>${row(report.total, true)}</tfoot>
</table>
</div>
<p>Descargar estas cifras: <a href="${REPORT_CSV_PATH}?${e(query)}" download>hoja de cálculo (CSV, separado por punto y coma)</a> · <a href="${REPORT_JSON_PATH}?${e(query)}">datos en JSON</a></p>
</div>`
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
