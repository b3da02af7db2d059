const LONG_DATE_FORMAT = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** «Martes, 5 de mayo de 2026» for the given day (local time). */
export function longDate(d: Date): string {
  const text = LONG_DATE_FORMAT.format(d)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function localIsoDate(d: Date): string {
  const twoDigits = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`
}
