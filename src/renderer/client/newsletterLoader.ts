import type { PreparedForm } from '../../forms/prepared.ts'
import { NEWSLETTER_DATA_ID, NEWSLETTER_ISLAND_ID } from './newsletterIsland.ids.ts'

/**
 * The footer newsletter, on every page: its React form is loaded and
 * hydrated only when a visitor starts using it (the pre-rendered form posts
 * natively until then). Framework-free until that moment.
 */
let active = false

export function activateNewsletterIsland(): void {
  const island = document.getElementById(NEWSLETTER_ISLAND_ID)
  const data = document.getElementById(NEWSLETTER_DATA_ID)
  if (!island || !data || active) return
  active = true
  let hydrated = false
  let loading: Promise<void> | undefined
  const load = () =>
    (loading ??= import('./newsletterIsland.tsx')
      .then(m => m.hydrateNewsletter(island, JSON.parse(data.textContent ?? '{}') as PreparedForm))
      .then(() => {
        hydrated = true
      }))
  island.addEventListener('focusin', load, { once: true })
  island.addEventListener('pointerdown', load, { once: true })
  // A submit before the form is ready waits for it instead of posting natively.
  island.addEventListener(
    'submit',
    e => {
      if (hydrated) return
      e.preventDefault()
      e.stopPropagation()
      const form = e.target as HTMLFormElement
      void load().then(() => form.requestSubmit())
    },
    { capture: true },
  )
}
