import { getHolidaysForYear } from 'colombian-holidays'

/**
 * Business days for legal terms (Ley 1755 de 2015, art. 14; Ley 4 de 1913,
 * art. 62: terms in days are business days, and a term that ends on a
 * non-business day moves to the next business day). A business day is Monday
 * to Friday except the Colombian public holidays, which come from the
 * `colombian-holidays` package (Ley 51 de 1983 moves most of them to Monday;
 * Easter-based ones follow the computed Easter), never from a hand-made list.
 *
 * Days are plain calendar days `YYYY-MM-DD` of Colombia (UTC-5, no daylight
 * saving): a term is about the calendar of the office, not about instants.
 */

const DAY_MS = 86_400_000
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/

const holidayCache = new Map<number, ReadonlySet<string>>()

function holidaysOf(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year)
  if (!set) {
    set = new Set(getHolidaysForYear(year).map((h) => h.celebrationDate))
    holidayCache.set(year, set)
  }
  return set
}

function toUtc(day: string): number {
  const m = YMD.exec(day)
  if (!m) throw new Error(`Fecha no válida: «${day}» (se espera AAAA-MM-DD).`)
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (new Date(t).toISOString().slice(0, 10) !== day) throw new Error(`Fecha no válida: «${day}».`)
  return t
}

function fromUtc(t: number): string {
  return new Date(t).toISOString().slice(0, 10)
}

export function isValidDay(day: string): boolean {
  try {
    toUtc(day)
    return true
  } catch {
    return false
  }
}

/** The calendar day in Colombia (UTC-5) of an instant. */
export function colombiaDay(instant: Date): string {
  return fromUtc(instant.getTime() - 5 * 3_600_000)
}

export function addCalendarDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS)
}

export function isHolidayDay(day: string): boolean {
  return holidaysOf(Number(day.slice(0, 4))).has(day)
}

export function isBusinessDay(day: string): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !isHolidayDay(day)
}

/** The day itself when it is a business day, else the next business day. */
export function sameOrNextBusinessDay(day: string): string {
  let d = day
  while (!isBusinessDay(d)) d = addCalendarDays(d, 1)
  return d
}

/** The n-th business day after `day` (n ≥ 0; n = 0 gives `day`). */
export function addBusinessDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Número de días hábiles no válido: ${n}`)
  let d = day
  for (let left = n; left > 0; ) {
    d = addCalendarDays(d, 1)
    if (isBusinessDay(d)) left--
  }
  return d
}

/**
 * Business days from `from` to `to`: how many business days lie in
 * (from, to] when `to` is later; 0 on the same day; negative (the business
 * days in (to, from]) when `to` has passed. "Vence hoy" is 0, "venció ayer"
 * (a business day) is -1.
 */
export function businessDaysBetween(from: string, to: string): number {
  const a = toUtc(from)
  const b = toUtc(to)
  if (a === b) return 0
  const [lo, hi, sign] = a < b ? [from, to, 1] : [to, from, -1]
  let count = 0
  for (let d = addCalendarDays(lo, 1); toUtc(d) <= toUtc(hi); d = addCalendarDays(d, 1)) if (isBusinessDay(d)) count++
  return sign * count
}
