import { fechaLarga, isoLocal } from '../header/fecha.ts'
import { urlTraduccion } from '../header/traduccion.ts'
import { aplicarPreferencias, cambiarFuente, cambiarGris, preferenciasActuales, suscribir, type TamanoFuente } from './presentacion.ts'

/**
 * Behaviour of the header's pre-rendered controls: today's date, font size,
 * grayscale and the language links. Framework-free, so the same code serves
 * pages hydrated by React and pages sent as plain HTML.
 */
export function activarCabecera(): () => void {
  aplicarPreferencias()
  const botonesFuente = [...document.querySelectorAll<HTMLButtonElement>('.herramientas [data-fuente]')]
  const botonGris = document.querySelector<HTMLButtonElement>('.herramientas [data-gris]')
  const reflejar = () => {
    const p = preferenciasActuales()
    for (const b of botonesFuente) b.setAttribute('aria-pressed', String(b.dataset.fuente === p.fuente))
    botonGris?.setAttribute('aria-pressed', String(p.gris))
  }
  const alPulsarFuente = (e: Event) => cambiarFuente((e.currentTarget as HTMLButtonElement).dataset.fuente as TamanoFuente)
  const alPulsarGris = () => cambiarGris(!preferenciasActuales().gris)
  for (const b of botonesFuente) b.addEventListener('click', alPulsarFuente)
  botonGris?.addEventListener('click', alPulsarGris)
  const dejarDeEscuchar = suscribir(reflejar)
  reflejar()

  // A pre-rendered date would be wrong tomorrow; a tab left open overnight shows the new day when the visitor comes back.
  const pintarFecha = () => {
    const hoy = new Date()
    const time = document.createElement('time')
    time.dateTime = isoLocal(hoy)
    time.textContent = fechaLarga(hoy)
    document.querySelector('.herramientas .fecha-actual')?.replaceChildren(time)
  }
  const alVolver = () => document.visibilityState === 'visible' && pintarFecha()
  pintarFecha()
  document.addEventListener('visibilitychange', alVolver)

  const idiomas = document.querySelector<HTMLElement>('.herramientas .idiomas')
  if (idiomas) {
    const actual = (idiomas.dataset.base || window.location.origin) + window.location.pathname + window.location.search
    for (const a of idiomas.querySelectorAll<HTMLAnchorElement>('a[data-idioma]')) a.href = urlTraduccion(a.dataset.idioma!, actual)
  }

  return () => {
    for (const b of botonesFuente) b.removeEventListener('click', alPulsarFuente)
    botonGris?.removeEventListener('click', alPulsarGris)
    document.removeEventListener('visibilitychange', alVolver)
    dejarDeEscuchar()
  }
}
