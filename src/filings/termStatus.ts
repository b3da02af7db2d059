import { addBusinessDays, businessDaysBetween, colombiaDay, sameOrNextBusinessDay } from './businessDays.ts'
import type { Estado } from './states.ts'

/**
 * Where a filing stands against its term, today: the one place that decides
 * «vencida» (docs/decisions/terms-and-states.md). The inbox, the filing's page
 * and its API answer, the tracking answer, the escalation text, the report and
 * the metrics all ask here, so a due day can never be overdue in one of them
 * and running in another.
 */

const OPEN: ReadonlySet<Estado> = new Set(['radicada', 'en_tramite'])

/** The office still owes an answer or a forward. */
export function isOpen(estado: Estado): boolean {
  return OPEN.has(estado)
}

/**
 * The due day has passed: `day` is a calendar day after `vence`, whatever kind
 * of day it is. The last day of a term is the whole of its due day (Ley 1755 de
 * 2015, art. 14: «dentro de los quince días siguientes»; Ley 4 de 1913, art. 62
 * already moved a due day off a non-business day), so from the next calendar
 * day — a Saturday included — the term has run out. Business days left stay a
 * count of business days, which is 0 on that Saturday: this, not that count,
 * says whether the term ran out.
 */
export function isPastDue(day: string, vence: string): boolean {
  return day > vence
}

/** Answered (or forwarded) on time: on or before the due day in force (the report's «a tiempo»). */
export function answeredOnTime(answeredDay: string, vence: string): boolean {
  return !isPastDue(answeredDay, vence)
}

/** An open filing whose due day has passed (see isPastDue). */
export function isOverdue(t: { estado: Estado; vence: string }, today: string): boolean {
  return isOpen(t.estado) && isPastDue(today, t.vence)
}

export interface TermStatus {
  /**
   * Business days of the term still to run: 0 on the due day (and on the
   * non-business days after it), negative once business days have passed
   * since; null once answered, forwarded or closed. Before the term starts it
   * is the whole remaining term, not counting the non-business days before it.
   */
  diasHabilesRestantes: number | null
  vencida: boolean
  /**
   * The first business day the term counts, while it has not started yet
   * (a filing received on a Saturday, Sunday or holiday: the term counts from
   * the business day after the next business day); absent once it runs.
   */
  correDesde?: string
}

/**
 * The term's status on `today` for a filing received (or, for a paper letter,
 * dated by the office) on `receivedDay`.
 */
export function termStatus(t: { estado: Estado; vence: string }, receivedDay: string, today: string): TermStatus {
  if (!isOpen(t.estado)) return { diasHabilesRestantes: null, vencida: false }
  const start = sameOrNextBusinessDay(receivedDay)
  // Before the legal day of receipt (a weekend or holiday filing seen before the next business day), the count starts there.
  if (today < start) return { diasHabilesRestantes: businessDaysBetween(start, t.vence), vencida: false, correDesde: addBusinessDays(start, 1) }
  return { diasHabilesRestantes: businessDaysBetween(today, t.vence), vencida: isOverdue(t, today) }
}

/** The day of receipt the term counts from: the office's date for a paper letter, else the day it was received. */
export function receivedDayOf(f: { recibidoEn: string; recibidaEl?: string }): string {
  return f.recibidaEl ?? colombiaDay(new Date(f.recibidoEn))
}
