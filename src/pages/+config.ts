import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // dist/server stays: a content-only rebuild (scripts/build.ts) pre-renders again from it without bundling.
  prerender: { keepDistServer: true },
  lang: 'es',
  htmlAttributes: { 'data-theme': 'light' },
  // The page data goes to the browser; nothing else of pageContext does.
  passToClient: [],
} satisfies Config
