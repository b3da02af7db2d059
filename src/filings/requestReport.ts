import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { addCalendarDays, businessDaysBetween, sameOrNextBusinessDay } from './businessDays.ts'
import { CANALES, canalLabel } from './channels.ts'
import { answeredOnTime } from './termStatus.ts'

/**
 * The published report of requests (Decreto 103 de 2015, art. 52;
 * Resolución 1519 de 2020, Anexo 2, numeral 4.10): for the filings received
 * in a period, per request type, how many were received, forwarded to
 * another entity, refused, answered on time, answered late and are pending,
 * and the mean and median response time in business days. Pure: the store
 * gives counts grouped by day and outcome (`ReportGroup`), never filings.
 */

/** One group of filings with the same kind, type, days and outcome, as the store counts them. */
export interface ReportGroup {
  /** The filing's number when the group is one filing (the store gives one group per filing: the per-request rows). */
  radicado?: string
  kind: string
  /** Id of the request type in its list; null for a kind without type field. */
  tipo: number | null
  /** Channel it arrived by (`web`, `presencial`…; src/filings/channels.ts). */
  canal: string
  /** Colombian calendar day of receipt (YYYY-MM-DD): the day the office set for a petition received earlier, else the day of registration. */
  recibido: string
  /** `trasladada` once forwarded, `respondida` once answered, else `pendiente`. */
  desenlace: 'pendiente' | 'respondida' | 'trasladada'
  /** Colombian day of the answer or the forward; null while pending. */
  respondido: string | null
  /** Due date in force (extended when extended); null when no deadlines were recorded. */
  vence: string | null
  /** The answer denies what was asked. */
  negada: boolean
  cantidad: number
}

/** A quarter (`2026-T3`) or a year (`2026`), with its first and last Colombian days. */
export interface ReportPeriod {
  clave: string
  /** «tercer trimestre de 2026 (julio a septiembre)», «año 2026». */
  etiqueta: string
  desde: string
  /** Last day, inclusive. */
  hasta: string
}

/** A row of the report: one request type (the list name, e.g. «Petición», or the form's name). */
export interface RequestType {
  kind: string
  tipo: number | null
  nombre: string
}

export interface ReportFigures {
  recibidas: number
  trasladadas: number
  negadas: number
  aTiempo: number
  tarde: number
  pendientes: number
  /** Business days from receipt to answer, over the answered ones (one decimal); null when none was answered. */
  promedioDias: number | null
  medianaDias: number | null
}

export interface ReportRow extends ReportFigures {
  nombre: string
}

/**
 * One request of the period, with no personal data (Decreto 103 de 2015, art. 52, num. 3: the response time of each
 * request): its number, type, channel, days of receipt and answer, business days taken, and whether it was
 * forwarded or refused.
 */
export interface RequestRow {
  radicado: string
  tipo: string
  canal: string
  recibido: string
  /** Day of the answer or the forward; null while pending. */
  respondido: string | null
  /** Business days from receipt to answer or forward (responseDays); null while pending. */
  diasHabiles: number | null
  trasladada: boolean
  negada: boolean
}

export interface RequestReport {
  periodo: ReportPeriod
  /** One row per request, oldest first (only for groups that name their filing). */
  solicitudes: RequestRow[]
  /** When a closed period's report was frozen (ISO instant); absent for a live one. */
  publicado?: string
  /** Per request type. */
  filas: ReportRow[]
  /** Per channel of receipt (docs/decisions/tracking-and-report.md): every channel, zeros included, in the order of CANALES. */
  porCanal: ReportRow[]
  total: ReportRow
}

const QUARTER_NAMES = ['primer', 'segundo', 'tercer', 'cuarto'] as const
const QUARTER_MONTHS = ['enero a marzo', 'abril a junio', 'julio a septiembre', 'octubre a diciembre'] as const

/** `2026-T3` → the third quarter of 2026; `2026` → the year; anything else → undefined. */
export function parsePeriod(value: unknown): ReportPeriod | undefined {
  if (typeof value !== 'string') return undefined
  const m = /^(\d{4})(?:-T([1-4]))?$/.exec(value.trim())
  if (!m) return undefined
  const year = Number(m[1])
  if (year < 2000 || year > 2999) return undefined
  if (!m[2]) return { clave: String(year), etiqueta: `año ${year}`, desde: `${year}-01-01`, hasta: `${year}-12-31` }
  const q = Number(m[2])
  const first = `${year}-${String(3 * q - 2).padStart(2, '0')}-01`
  const next = q === 4 ? `${year + 1}-01-01` : `${year}-${String(3 * q + 1).padStart(2, '0')}-01`
  return {
    clave: `${year}-T${q}`,
    etiqueta: `${QUARTER_NAMES[q - 1]} trimestre de ${year} (${QUARTER_MONTHS[q - 1]})`,
    desde: first,
    hasta: addCalendarDays(next, -1),
  }
}

/** The instants the store filters on: from the first day's midnight in Colombia (UTC−5) to the next day's after the last. */
export function periodInstants(p: ReportPeriod): { desde: string; hasta: string } {
  return { desde: new Date(`${p.desde}T00:00:00-05:00`).toISOString(), hasta: new Date(`${addCalendarDays(p.hasta, 1)}T00:00:00-05:00`).toISOString() }
}

/** The quarter of a Colombian day, e.g. `2026-11-23` → `2026-T4`. */
export function quarterOf(day: string): ReportPeriod {
  return parsePeriod(`${day.slice(0, 4)}-T${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`)!
}

/** The periods offered on the page, newest first: every quarter and year from `firstYear` up to today's quarter. */
export function periodChoices(today: string, firstYear: number): ReportPeriod[] {
  const year = Number(today.slice(0, 4))
  const current = quarterOf(today)
  const out: ReportPeriod[] = []
  for (let y = year; y >= Math.min(firstYear, year); y--) {
    for (let q = 4; q >= 1; q--) {
      const p = parsePeriod(`${y}-T${q}`)!
      if (p.desde <= current.desde) out.push(p)
    }
    out.push(parsePeriod(String(y))!)
  }
  return out
}

/**
 * Business days taken to answer: counted like the term (Ley 1755 de 2015,
 * art. 14), from the business day after the (effective) day of receipt, so
 * an answer on the due date of a 15-day term took 15 days, and one on the
 * day of receipt took 0.
 */
export function responseDays(recibido: string, respondido: string): number {
  return Math.max(0, businessDaysBetween(sameOrNextBusinessDay(recibido), respondido))
}

function round1(n: number): number {
  return Math.round(n * 10) / 10
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : round1((sorted[mid - 1]! + sorted[mid]!) / 2)
}

function figures(groups: ReportGroup[]): ReportFigures {
  const f = { recibidas: 0, trasladadas: 0, negadas: 0, aTiempo: 0, tarde: 0, pendientes: 0 }
  const days: number[] = []
  for (const g of groups) {
    f.recibidas += g.cantidad
    if (g.desenlace === 'pendiente' || g.respondido === null) f.pendientes += g.cantidad
    else if (g.desenlace === 'trasladada') f.trasladadas += g.cantidad
    else {
      if (g.negada) f.negadas += g.cantidad
      // An answer without recorded deadlines cannot be shown on time.
      if (g.vence !== null && answeredOnTime(g.respondido, g.vence)) f.aTiempo += g.cantidad
      else f.tarde += g.cantidad
      const d = responseDays(g.recibido, g.respondido)
      for (let i = 0; i < g.cantidad; i++) days.push(d)
    }
  }
  days.sort((a, b) => a - b)
  return { ...f, promedioDias: days.length ? round1(days.reduce((a, b) => a + b, 0) / days.length) : null, medianaDias: median(days) }
}

/** The report: one row per request type (in the order given, zeros included), a row «Otros» for groups of no listed type, one row per channel, and the total. */
export function computeReport(periodo: ReportPeriod, types: readonly RequestType[], groups: readonly ReportGroup[]): RequestReport {
  const key = (kind: string, tipo: number | null) => `${kind}\u0000${tipo ?? ''}`
  const listed = new Set(types.map(t => key(t.kind, t.tipo)))
  const filas: ReportRow[] = types.map(t => ({ nombre: t.nombre, ...figures(groups.filter(g => g.kind === t.kind && g.tipo === t.tipo)) }))
  const others = groups.filter(g => !listed.has(key(g.kind, g.tipo)))
  if (others.length) filas.push({ nombre: 'Otras solicitudes', ...figures(others) })
  // Every filing is in exactly one channel row: a channel unknown to this version keeps its own row.
  const canales = [...CANALES, ...new Set(groups.map(g => g.canal).filter(c => !(CANALES as readonly string[]).includes(c)))]
  const porCanal: ReportRow[] = canales.map(c => ({ nombre: canalLabel(c), ...figures(groups.filter(g => g.canal === c)) }))
  return { periodo, solicitudes: requestRows(types, groups), filas, porCanal, total: { nombre: 'Total', ...figures([...groups]) } }
}

/** The per-request rows: each group that names its filing, by day of receipt then number. */
export function requestRows(types: readonly RequestType[], groups: readonly ReportGroup[]): RequestRow[] {
  const nameOf = (g: ReportGroup) => types.find(t => t.kind === g.kind && t.tipo === g.tipo)?.nombre ?? 'Otras solicitudes'
  return groups
    .filter((g): g is ReportGroup & { radicado: string } => g.radicado !== undefined)
    .map(g => {
      const respondido = g.desenlace === 'pendiente' ? null : g.respondido
      return {
        radicado: g.radicado,
        tipo: nameOf(g),
        canal: canalLabel(g.canal),
        recibido: g.recibido,
        respondido,
        diasHabiles: respondido === null ? null : responseDays(g.recibido, respondido),
        trasladada: g.desenlace === 'trasladada',
        negada: g.desenlace === 'respondida' && g.negada,
      }
    })
    .sort((a, b) => a.recibido.localeCompare(b.recibido) || a.radicado.localeCompare(b.radicado))
}

/** Column titles of the per-request table and CSV (src/views/RequestReportTables.tsx, features/report/figures.ts). */
export const REQUEST_ROW_COLUMNS = [
  'Radicado',
  'Tipo de solicitud',
  'Canal de recepción',
  'Recibida',
  'Respondida',
  'Días hábiles de respuesta',
  'Trasladada a otra entidad',
  'Negada',
] as const

/** A request row's cells in column order («Sí»/«No» for the flags, empty while pending). */
export function requestRowCells(r: RequestRow): Array<string | number> {
  return [r.radicado, r.tipo, r.canal, r.recibido, r.respondido ?? '', r.diasHabiles ?? '', r.trasladada ? 'Sí' : 'No', r.negada ? 'Sí' : 'No']
}

/** The request types of the filing forms: the options of each form's type list (`terminos.campoTipo`), or the form itself. */
export function requestTypes(forms: ReadonlyArray<{ kind: string; form: FormDefinition }>, lookups: Lookups | undefined): RequestType[] {
  const out: RequestType[] = []
  for (const { kind, form } of forms) {
    const field = form.terminos?.campoTipo ? form.campos.find(c => c.nombre === form.terminos?.campoTipo) : undefined
    const options = field?.lista ? lookups?.listas[field.lista] : undefined
    if (options?.length) for (const o of options) out.push({ kind, tipo: o.id, nombre: o.nombre })
    else out.push({ kind, tipo: null, nombre: form.radicacion?.nombre ?? form.titulo })
  }
  return out
}

/** Per kind, the field of `datos` holding its request type (what the store groups by). */
export function typeFields(forms: ReadonlyArray<{ kind: string; form: FormDefinition }>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { kind, form } of forms) {
    const field = form.terminos?.campoTipo
    if (field && form.campos.some(c => c.nombre === field && c.lista)) out[kind] = field
  }
  return out
}

/** Column titles, shared by the page's table (src/views/RequestReportTables.tsx) and the CSV. */
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

/** The title of the channel column (the second table and the CSV). */
export const CHANNEL_COLUMN = 'Canal de recepción'

/** A row's cells in column order, the days written by `days`. */
export function reportCells(r: ReportRow, days: (n: number | null) => string): Array<string | number> {
  return [r.nombre, r.recibidas, r.trasladadas, r.negadas, r.aTiempo, r.tarde, r.pendientes, days(r.promedioDias), days(r.medianaDias)]
}

/** Where the server serves the CSV and JSON copies (the page's route comes from the manifest). */
export const REPORT_CSV_PATH = '/api/informe-solicitudes.csv'
export const REPORT_JSON_PATH = '/api/informe-solicitudes'
/** The per-request rows as CSV (the figures' CSV keeps one table of counts). */
export const REPORT_ROWS_CSV_PATH = '/api/informe-solicitudes-por-solicitud.csv'
