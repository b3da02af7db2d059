import { activateEmbeds } from './embeds.ts'
import { activateHeaderControls } from './headerControls.ts'
import { activateNewsletterIsland } from './newsletterLoader.ts'

/**
 * The whole script of a plain-HTML page (the manifest's pages without interactive sections, and the error page):
 * framework-free, except the newsletter, whose React form is loaded only when first used.
 */
export function activatePlainPage(): void {
  activateHeaderControls()
  activateEmbeds()
  activateNewsletterIsland()
}
