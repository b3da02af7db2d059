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

const holidayCache = new Map<number, ReadonlySet<number>>()

/** The year's holidays as UTC midnights (numbers: the day loops below compare numbers, not formatted strings). */
function holidaysOf(year: number): ReadonlySet<number> {
  let set = holidayCache.get(year)
  if (!set) {
    set = new Set(getHolidaysForYear(year).map(h => toUtc(h.celebrationDate)))
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

/**
 * Whether the UTC midnight `t` is a business day. The loops over days work on
 * these numbers and format a day only at the end: parsing and formatting
 * every day they step over cost about 0.3 ms per filing (three terms of
 * 15–30 business days), a tenth of the filing's whole cost (API
 * throughput).
 */
function isBusinessTime(t: number): boolean {
  const date = new Date(t)
  const weekday = date.getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidaysOf(date.getUTCFullYear()).has(t)
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
  return holidaysOf(Number(day.slice(0, 4))).has(toUtc(day))
}

export function isBusinessDay(day: string): boolean {
  return isBusinessTime(toUtc(day))
}

/** The day itself when it is a business day, else the next business day. */
export function sameOrNextBusinessDay(day: string): string {
  let t = toUtc(day)
  while (!isBusinessTime(t)) t += DAY_MS
  return fromUtc(t)
}

/** The n-th business day after `day` (n ≥ 0; n = 0 gives `day`). */
export function addBusinessDays(day: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Número de días hábiles no válido: ${n}`)
  let t = toUtc(day)
  for (let left = n; left > 0; ) {
    t += DAY_MS
    if (isBusinessTime(t)) left--
  }
  return fromUtc(t)
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
  const [lo, hi, sign] = a < b ? [a, b, 1] : [b, a, -1]
  let count = 0
  for (let t = lo + DAY_MS; t <= hi; t += DAY_MS) if (isBusinessTime(t)) count++
  // No business day between (a Saturday after a Friday): 0, never -0.
  return count === 0 ? 0 : sign * count
}
