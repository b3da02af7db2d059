import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  prerender: true,
  lang: 'es',
  htmlAttributes: { 'data-theme': 'light' },
  // The page data goes to the browser; nothing else of pageContext does.
  passToClient: [],
} satisfies Config
