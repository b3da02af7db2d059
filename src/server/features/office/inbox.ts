import { colombiaDay } from '../../../filings/businessDays.ts'
import { initialTramite, termOf } from '../../../filings/deadlines.ts'
import { ESTADOS, type Estado } from '../../../filings/states.ts'
import { isOpen, receivedDayOf, termStatus } from '../../../filings/termStatus.ts'
import type { FormDefinition, Lookups } from '../../../manifest/types.generated.ts'
import type { OfficeFilingRow as FilingRow, TramiteRow } from '../../store/office.ts'

/** A filing form the office works: the kind stored in `radicaciones.tipo` and its definition. */
export interface OfficeForm {
  kind: string
  form: FormDefinition
}

/** One row of the inbox, as the JSON API gives it. */
export interface InboxItem {
  radicado: string
  /** Form id, e.g. `pqrsd`. */
  formulario: string
  /** Request type shown to staff, e.g. «Petición». */
  tipo: string
  estado: Estado
  /** ISO 8601 instant of receipt. */
  recibido: string
  /** Due date in force, YYYY-MM-DD (Colombia). */
  vence: string
  /** Business days of the term left (0 = due today; termStatus.ts); null once answered, forwarded or closed. */
  diasHabilesRestantes: number | null
  ampliada: boolean
  /** The one «vencida» rule (termStatus.ts): open, and a calendar day after `vence`. */
  vencida: boolean
  /** While the term has not started (received on a non-business day): the first business day it counts. */
  correDesde?: string
}

export interface InboxFilter {
  formulario?: string
  tipo?: string
  /** A state, `abiertas` (radicada or en trámite) or nothing for all. */
  estado?: string
  /** Only open filings due in at most this many business days (overdue included). */
  venceEn?: number
}

/** The filing's recorded state, or the one it has by law when nothing was recorded yet (a filing stored before the office existed). */
export function tramiteOf(filing: FilingRow, form: FormDefinition, lookups: Lookups, stored?: TramiteRow): TramiteRow {
  return stored ?? { radicado: filing.radicado, ...initialTramite(form, filing.datos, lookups, new Date(filing.recibidoEn)) }
}

export function inboxItem(filing: FilingRow, office: OfficeForm, lookups: Lookups, t: TramiteRow, now: Date): InboxItem {
  const status = termStatus(t, receivedDayOf(filing), colombiaDay(now))
  return {
    radicado: filing.radicado,
    formulario: office.form.id,
    tipo: termOf(office.form, filing.datos, lookups).tipo,
    estado: t.estado,
    recibido: filing.recibidoEn,
    vence: t.vence,
    diasHabilesRestantes: status.diasHabilesRestantes,
    ampliada: t.ampliada,
    vencida: status.vencida,
    ...(status.correDesde ? { correDesde: status.correDesde } : {}),
  }
}

export function applyFilter(items: InboxItem[], f: InboxFilter): InboxItem[] {
  return items
    .filter(i => !f.formulario || i.formulario === f.formulario)
    .filter(i => !f.tipo || i.tipo === f.tipo)
    .filter(i => !f.estado || (f.estado === 'abiertas' ? isOpen(i.estado) : i.estado === f.estado))
    .filter(i => f.venceEn === undefined || (i.diasHabilesRestantes !== null && i.diasHabilesRestantes <= f.venceEn))
    .sort((a, b) => a.vence.localeCompare(b.vence) || a.recibido.localeCompare(b.recibido))
}

export function countsByState(items: InboxItem[]): Record<Estado, number> {
  const counts = Object.fromEntries(ESTADOS.map(e => [e, 0])) as Record<Estado, number>
  for (const i of items) counts[i.estado]++
  return counts
}

/** Query parameters → filter; an invalid value is a Spanish message for that parameter. */
export function parseFilter(q: Record<string, unknown>): { filter: InboxFilter } | { errors: Record<string, string> } {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)
  const errors: Record<string, string> = {}
  const filter: InboxFilter = { formulario: str(q.formulario), tipo: str(q.tipo), estado: str(q.estado) }
  if (filter.estado && filter.estado !== 'abiertas' && filter.estado !== 'todas' && !(ESTADOS as readonly string[]).includes(filter.estado)) {
    errors.estado = `Estado desconocido. Use: abiertas, todas, ${ESTADOS.join(', ')}.`
  }
  if (filter.estado === 'todas') filter.estado = undefined
  const n = str(q.venceEn)
  if (n !== undefined) {
    if (!/^\d{1,3}$/.test(n)) errors.venceEn = 'Escriba un número de días hábiles (0 a 999).'
    else filter.venceEn = Number(n)
  }
  return Object.keys(errors).length ? { errors } : { filter }
}
