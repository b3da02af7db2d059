import { addCalendarDays, isBusinessDay, isValidDay } from '../../../../filings/businessDays.ts'
import { dayLong } from '../format.ts'

/**
 * The day a petition reached the entity, as staff give it (docs/decisions/office.md):
 * today by default; an earlier business day for paper or e-mail that arrived
 * before it could be registered, so the legal term (Ley 1755 de 2015, art.
 * 14) counts from the day it was received, not from the day it was typed in.
 * Bounded: never in the future, never more than MAX_BACKDATE_DAYS back.
 */
export const MAX_BACKDATE_DAYS = 30

export type ReceiptDayOutcome = { ok: true; day: string } | { ok: false; message: string }

export function checkReceiptDay(value: unknown, today: string): ReceiptDayOutcome {
  if (value === undefined || value === null || value === '') return { ok: true, day: today }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) || !isValidDay(value.trim())) {
    return { ok: false, message: 'Escriba la fecha de recepción como AAAA-MM-DD (por ejemplo 2026-11-20).' }
  }
  const day = value.trim()
  if (day > today) return { ok: false, message: 'La fecha de recepción no puede ser posterior a hoy.' }
  const earliest = addCalendarDays(today, -MAX_BACKDATE_DAYS)
  if (day < earliest) {
    return {
      ok: false,
      message: `La fecha de recepción no puede ser anterior al ${dayLong(earliest)} (${MAX_BACKDATE_DAYS} días atrás).`,
    }
  }
  if (day < today && !isBusinessDay(day)) {
    return { ok: false, message: `El ${dayLong(day)} no es día hábil. Elija el día hábil en que se recibió la solicitud, o la fecha de hoy.` }
  }
  return { ok: true, day }
}
