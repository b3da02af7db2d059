import type { Config } from 'vike/types'

/**
 * Plain-HTML pages: no Vike client runtime and no React in the browser, only
 * +client.ts (header controls, click-to-load embeds, the newsletter island on
 * demand). Pages with interactive sections are served by ../interactivo.
 */
export default {
  clientHooks: false,
} satisfies Config
