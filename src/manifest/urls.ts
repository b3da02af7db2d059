/**
 * Small facts about the site's own URLs, shared by the validator, the
 * renderer and the server: one place each.
 */

/** The path of a URL or path without its query string and fragment. */
export function withoutQuery(url: string): string {
  return url.split(/[?#]/)[0]!
}

/** A route as the manifest writes it: no trailing slash (except the root). */
export function normalizeRoute(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
}

/** The route a link points to: query and fragment dropped, trailing slash ignored. */
export function routeOf(url: string): string {
  return normalizeRoute(withoutQuery(url))
}

/** A file staff publish under public/assets/. */
export function isLocalAsset(url: string): boolean {
  return url.startsWith('/assets/')
}

/** A link to a page of the site (not an asset, not another host). */
export function isInternalRoute(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !isLocalAsset(url)
}

/** The route the «not found» page is rendered under: it is served at any unknown address, never at this one. */
export const NOT_FOUND_ROUTE = '/404'

/** The site's icon (public/favicon.svg), linked from the site's pages, the office's and the editor's. */
export const SITE_ICON = '/favicon.svg'
