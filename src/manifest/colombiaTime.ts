/**
 * Colombia time, in one place. Colombia is UTC-5 all year (no daylight
 * saving), so plain arithmetic is exact. Used by form normalization (the
 * request day), the filing numbers (the year of a radicado), the export
 * (dates shown to the office, `--since`) and the no-script path.
 */
const OFFSET_MS = 5 * 3600_000

/** Milliseconds of a yyyy-MM-dd day at midnight, Colombia time. */
export function dayTimestamp(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00-05:00`)
}

/** Today in Colombia as yyyy-MM-dd. */
export function todayInColombia(now = new Date()): string {
  return new Date(now.getTime() - OFFSET_MS).toISOString().slice(0, 10)
}

/** The Colombian calendar year of an instant (a filing received 2025-01-01 04:59 UTC belongs to 2024). */
export function yearInColombia(now: Date): number {
  return Number(todayInColombia(now).slice(0, 4))
}

/** yyyy-MM-dd HH:mm in Colombia of an ISO instant; the input unchanged when it is not a date. */
export function colombiaDateTime(iso: string): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso
  return new Date(t - OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}
