const DAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

/**
 * «Martes, 5 de mayo de 2026» for the given day (local time): what
 * Intl.DateTimeFormat('es-CO', long weekday, day, long month, year) writes,
 * capitalized. Spelled out rather than asked of Intl because the header shows
 * it on every page as soon as the page starts, and a page's first Intl
 * formatter loads the locale data: 75–160 ms under Lighthouse's 4× slower
 * phone CPU, one long task (docs/decisions/header-and-editor.md). tests/unit/header-dates.test.ts compares
 * it with Intl for every day of a year.
 */
export function longDate(d: Date): string {
  return `${DAYS[d.getDay()]}, ${d.getDate()} de ${MONTHS[d.getMonth()]} de ${d.getFullYear()}`
}

export function localIsoDate(d: Date): string {
  const twoDigits = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())}`
}
