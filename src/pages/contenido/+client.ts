import { activarCabecera } from '../../renderer/client/cabecera.ts'
import { activarEmbebidos } from '../../renderer/client/embebidos.ts'
import { NEWSLETTER_DATA_ID, NEWSLETTER_ISLAND_ID } from '../../renderer/client/islaSuscripcion.ids.ts'
import type { PreparedForm } from '../../forms/prepared.ts'

// Client entry of the plain-HTML pages: everything here is framework-free,
// except the newsletter, whose React form is loaded only when first used.
activarCabecera()
activarEmbebidos()

const isla = document.getElementById(NEWSLETTER_ISLAND_ID)
const datos = document.getElementById(NEWSLETTER_DATA_ID)
if (isla && datos) {
  let hidratada = false
  let cargando: Promise<void> | undefined
  const cargar = () =>
    (cargando ??= import('../../renderer/client/islaSuscripcion.tsx')
      .then((m) => m.hidratarSuscripcion(isla, JSON.parse(datos.textContent ?? '{}') as PreparedForm))
      .then(() => {
        hidratada = true
      }))
  isla.addEventListener('focusin', cargar, { once: true })
  isla.addEventListener('pointerdown', cargar, { once: true })
  // A submit before the form is ready waits for it instead of posting natively.
  isla.addEventListener(
    'submit',
    (e) => {
      if (hidratada) return
      e.preventDefault()
      e.stopPropagation()
      const form = e.target as HTMLFormElement
      void cargar().then(() => form.requestSubmit())
    },
    { capture: true },
  )
}
