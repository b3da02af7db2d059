import type { Config } from 'vike/types'

/**
 * The error page (404 for every unknown address, and a server error) is plain HTML, as ../contenido: nothing on it
 * needs React, and a visitor who mistyped an address on a slow connection should not download Vike's client and
 * the UI runtime (about 50 KB compressed) to read three links. Only +client.ts runs: header controls and the newsletter island.
 * With server routing Vike never renders the error page in the browser, so it needs no client hooks.
 */
export default {
  clientHooks: false,
} satisfies Config
