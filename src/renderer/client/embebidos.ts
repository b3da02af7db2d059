/**
 * Loads a click-to-load embed (see ClickToLoad.tsx) when its button is
 * pressed: the frame is added inside the embed's container and takes the
 * focus. One delegated listener serves every page, hydrated or not.
 */
function alPulsar(e: Event): void {
  const boton = (e.target as Element | null)?.closest?.('[data-cargar]')
  const caja = boton?.closest<HTMLElement>('[data-embebido]')
  if (!boton || !caja || caja.querySelector('iframe')) return
  const marco = document.createElement('iframe')
  marco.src = caja.dataset.embebido!
  marco.title = caja.dataset.titulo ?? ''
  marco.height = caja.dataset.alto ?? '360'
  marco.loading = 'lazy'
  marco.allowFullscreen = true
  marco.referrerPolicy = 'strict-origin-when-cross-origin'
  caja.querySelector<HTMLElement>('.embebido-pendiente')!.hidden = true
  caja.append(marco)
  marco.focus()
}

let activo = false

export function activarEmbebidos(): void {
  if (activo) return
  activo = true
  document.addEventListener('click', alPulsar)
}
