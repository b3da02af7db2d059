import { activateHeaderControls } from '../../renderer/client/headerControls.ts'
import { activateEmbeds } from '../../renderer/client/embeds.ts'
import { activateNewsletterIsland } from '../../renderer/client/newsletterLoader.ts'

// Client entry of the plain-HTML pages: everything here is framework-free,
// except the newsletter, whose React form is loaded only when first used.
activateHeaderControls()
activateEmbeds()
activateNewsletterIsland()
