const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

/**
 * Dates already written out: a pre-render writes the same few hundred dates on a hundred thousand document rows
 * (formatting them was 2 % of a 1,000-page pre-render). Bounded, in case of a long-running process.
 */
const written = new Map<string, string>()

/** 2024-01-30 → «30 de enero de 2024», without time-zone surprises. */
export function formatDate(iso: string): string {
  let text = written.get(iso)
  if (text === undefined) {
    const [y, m, d] = iso.split('-').map(Number)
    text = `${d} de ${MONTHS[(m ?? 1) - 1]} de ${y}`
    if (written.size >= 5000) written.clear()
    written.set(iso, text)
  }
  return text
}
