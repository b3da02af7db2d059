/**
 * Pre-rendering split across processes (issue 16, item 1: "pre-render in
 * parallel where it pays"). Vike pre-renders in one JavaScript thread (its
 * `prerender.parallel` option is how many pages are in flight at once, not
 * threads), so on a 1,000-page site one core renders while the other idles.
 * scripts/lib/buildSite.ts starts one `vike prerender` per share with
 * `ESE_PRERENDER_SHARE=<index>/<count>`; src/pages/contenido/+onBeforePrerenderStart.ts
 * lists only the routes of that share (and src/pages/+onPrerenderStart.ts leaves
 * the 404 page to the first). Each URL falls in exactly one share (its place in
 * the sorted list of URLs, modulo the count), so together the shares write
 * every page once, whatever order the pages are listed in.
 */

export interface PrerenderShare {
  index: number
  count: number
}

/** The variable the build sets in each pre-rendering process. */
export const PRERENDER_SHARE_ENV = 'ESE_PRERENDER_SHARE'

/**
 * The line a share's process prints once Vike has loaded its configuration
 * (from the share's first hook): the build starts the next share only then.
 * Vike loads `+config.ts` by writing a transpiled copy beside it, named after
 * its content, and deleting it once imported, so two processes loading it at
 * once delete it under each other («Cannot find module
 * …+config.ts.build-….mjs»).
 */
export const SHARE_CONFIG_LOADED = 'ese-reparto: configuración cargada'

/**
 * Set by the build for every Vike process it starts: the process prints SHARE_CONFIG_LOADED once its configuration
 * is loaded (vite.config.ts after Vike's `config` hook, or the pre-render's first hook), which releases the lock that
 * keeps two builds of the checkout from loading Vike's configuration at once (scripts/lib/vikeConfigLock.ts).
 */
export const CONFIG_LOADED_ENV = 'ESE_CONFIG_LOADED_LINE'

/** `"1/2"` → { index: 1, count: 2 }; undefined when unset or malformed (then every page is rendered). */
export function parsePrerenderShare(value: string | undefined): PrerenderShare | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(value ?? '')
  if (!m) return undefined
  const index = Number(m[1])
  const count = Number(m[2])
  return count >= 1 && index < count ? { index, count } : undefined
}

/** The items whose URL belongs to the share. */
export function inShare<T>(items: T[], urlOf: (item: T) => string, share: PrerenderShare): T[] {
  const rank = new Map([...new Set(items.map(urlOf))].sort().map((url, i) => [url, i]))
  return items.filter(item => rank.get(urlOf(item))! % share.count === share.index)
}
