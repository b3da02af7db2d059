import type { PageContext } from 'vike/types'
import { normalizeRoute } from '../manifest/urls.ts'

/** A Vike route function matching exactly the given manifest routes (a trailing slash is ignored). */
export function routeMatcher(routes: string[]): (pageContext: PageContext) => false | { routeParams: { ruta: string } } {
  const known = new Set(routes)
  return pageContext => {
    const path = normalizeRoute(pageContext.urlPathname)
    return known.has(path) ? { routeParams: { ruta: path } } : false
  }
}
