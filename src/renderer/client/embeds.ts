/**
 * Loads a click-to-load embed (see ClickToLoad.tsx) when its button is
 * pressed: the frame is added inside the embed's container and takes the
 * focus. One delegated listener serves every page, hydrated or not.
 */
function onClick(e: Event): void {
  const button = (e.target as Element | null)?.closest?.('[data-cargar]')
  const box = button?.closest<HTMLElement>('[data-embebido]')
  if (!button || !box || box.querySelector('iframe')) return
  const frame = document.createElement('iframe')
  frame.src = box.dataset.embebido!
  frame.title = box.dataset.titulo ?? ''
  frame.height = box.dataset.alto ?? '360'
  frame.loading = 'lazy'
  frame.allowFullscreen = true
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  box.querySelector<HTMLElement>('.embebido-pendiente')!.hidden = true
  box.append(frame)
  frame.focus()
}

let active = false

export function activateEmbeds(): void {
  if (active) return
  active = true
  document.addEventListener('click', onClick)
}
