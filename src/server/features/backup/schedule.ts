/**
 * RESPALDO_HORA: the time of day of the server's own backup, in Colombian time (UTC−5 all year: Colombia
 * has no daylight saving), whatever time zone the machine is set to. «HH:MM» (or «HH:MM:SS»).
 */
const COLOMBIA_OFFSET_MS = -5 * 3_600_000

export function parseBackupHour(value: string): number {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value.trim())
  if (!m) throw new Error(`RESPALDO_HORA debe ser una hora del día como 02:30 (recibido «${value}»).`)
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000
}

/** Milliseconds from `now` to the next time the Colombian clock reads `hour` (parsed by parseBackupHour). */
export function msUntilNext(hourMs: number, now = new Date()): number {
  const colombia = now.getTime() + COLOMBIA_OFFSET_MS
  const dayStart = Math.floor(colombia / 86_400_000) * 86_400_000
  let next = dayStart + hourMs
  if (next <= colombia) next += 86_400_000
  return next - colombia
}
