import { activateHeaderControls } from '../../renderer/client/headerControls.ts'
import { activateEmbeds } from '../../renderer/client/embeds.ts'
import { NEWSLETTER_DATA_ID, NEWSLETTER_ISLAND_ID } from '../../renderer/client/newsletterIsland.ids.ts'
import type { PreparedForm } from '../../forms/prepared.ts'

// Client entry of the plain-HTML pages: everything here is framework-free,
// except the newsletter, whose React form is loaded only when first used.
activateHeaderControls()
activateEmbeds()

const island = document.getElementById(NEWSLETTER_ISLAND_ID)
const data = document.getElementById(NEWSLETTER_DATA_ID)
if (island && data) {
  let hydrated = false
  let loading: Promise<void> | undefined
  const load = () =>
    (loading ??= import('../../renderer/client/newsletterIsland.tsx')
      .then((m) => m.hydrateNewsletter(island, JSON.parse(data.textContent ?? '{}') as PreparedForm))
      .then(() => {
        hydrated = true
      }))
  island.addEventListener('focusin', load, { once: true })
  island.addEventListener('pointerdown', load, { once: true })
  // A submit before the form is ready waits for it instead of posting natively.
  island.addEventListener(
    'submit',
    (e) => {
      if (hydrated) return
      e.preventDefault()
      e.stopPropagation()
      const form = e.target as HTMLFormElement
      void load().then(() => form.requestSubmit())
    },
    { capture: true },
  )
}
