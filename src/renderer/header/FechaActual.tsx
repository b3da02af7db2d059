import { useEffect, useState } from 'react'

const FORMATO = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** «martes, 5 de mayo de 2026» for the given day (local time). */
export function fechaLarga(d: Date): string {
  const texto = FORMATO.format(d)
  return texto.charAt(0).toUpperCase() + texto.slice(1)
}

function isoLocal(d: Date): string {
  const dos = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}`
}

/**
 * Today's date, computed in the browser when the page is viewed: a
 * pre-rendered date would be wrong tomorrow. The pre-rendered HTML holds an
 * empty placeholder of the same size, filled on mount.
 */
export function FechaActual() {
  const [hoy, setHoy] = useState<Date | null>(null)
  useEffect(() => {
    setHoy(new Date())
    // A tab left open overnight shows the new day when the visitor comes back.
    const alVolver = () => document.visibilityState === 'visible' && setHoy(new Date())
    document.addEventListener('visibilitychange', alVolver)
    return () => document.removeEventListener('visibilitychange', alVolver)
  }, [])
  return <span className="fecha-actual">{hoy && <time dateTime={isoLocal(hoy)}>{fechaLarga(hoy)}</time>}</span>
}
