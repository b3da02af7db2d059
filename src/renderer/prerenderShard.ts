/**
 * Pre-rendering split across processes ("pre-render in
 * parallel where it pays"). A pre-render renders in one JavaScript thread, so
 * on a 1,000-page site one core renders while the other idles.
 * src/build/buildSite.ts starts one pre-render process (scripts/prerender.ts)
 * per share, its build plan saying `share: "<index>/<count>"` (src/manifest/buildPlan.ts); each renders the URLs of
 * its share, and the first also the 404 page. Each URL falls in exactly one share
 * (its place in the sorted list of URLs, modulo the count), so together the
 * shares write every page once, whatever order the pages are listed in. Vike's
 * own pre-render reads the same plan in src/pages/contenido/+onBeforePrerenderStart.ts and
 * src/pages/+onPrerenderStart.ts.
 */
import { readBuildPlan } from '../manifest/buildPlan.ts'

export interface PrerenderShare {
  index: number
  count: number
}

/**
 * The line a Vike process started by the build prints once Vike has loaded its configuration (bundling,
 * scripts/prerender.ts after Vike's `build()`, or Vike's own pre-render's first hook): it releases the lock that
 * keeps two builds of the checkout from loading it at once (src/build/vikeConfigLock.ts). Vike loads
 * `+config.ts` by writing a transpiled copy beside it, named after its content, and deleting it once imported, so
 * two processes loading it at once delete it under each other («Cannot find module …+config.ts.build-….mjs»).
 */
export const SHARE_CONFIG_LOADED = 'ese-reparto: configuración cargada'

/** This process's share of the pages (its build plan's), or undefined: every page. */
export function planShare(): PrerenderShare | undefined {
  return parsePrerenderShare(readBuildPlan().share)
}

/**
 * Whether this process prints SHARE_CONFIG_LOADED once its configuration is loaded (vite.config.ts after Vike's
 * `config` hook, or the pre-render's first hook): the build asks it of every Vike process it starts, to release the
 * lock that keeps two builds of the checkout from loading Vike's configuration at once (src/build/vikeConfigLock.ts).
 */
export function announcesConfigLoaded(): boolean {
  return readBuildPlan().announceConfigLoaded === true
}

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
