import type { PageContext } from 'vike/types'
import { normalizeRoute } from '../manifest/urls.ts'
import { currentSiteRoutes, type SiteRoutes } from './siteRoutes.ts'

type RouteFunction = (pageContext: PageContext) => false | { routeParams: { ruta: string } }

/** A Vike route function matching exactly the given routes (a trailing slash is ignored). */
export function routeMatcher(routes: string[]): RouteFunction {
  const known = new Set(routes)
  return pageContext => {
    const path = normalizeRoute(pageContext.urlPathname)
    return known.has(path) ? { routeParams: { ruta: path } } : false
  }
}

/**
 * The route function of one of the two Vike pages: matches the routes of that kind of the site being rendered
 * (siteRoutes.ts), looked up when a page is routed; the set is made once per list.
 */
export function siteRouteMatcher(kind: keyof SiteRoutes): RouteFunction {
  let list: string[] | undefined
  let match: RouteFunction = () => false
  return pageContext => {
    const current = currentSiteRoutes()[kind]
    if (current !== list) {
      list = current
      match = routeMatcher(current)
    }
    return match(pageContext)
  }
}
