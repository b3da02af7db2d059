const FORMATO = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** «Martes, 5 de mayo de 2026» for the given day (local time). */
export function fechaLarga(d: Date): string {
  const texto = FORMATO.format(d)
  return texto.charAt(0).toUpperCase() + texto.slice(1)
}

export function isoLocal(d: Date): string {
  const dos = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}`
}
