import type { PageContext } from 'vike/types'
// Written by scripts/generate.ts before every build: paths only, so the browser gets nothing else of the manifest.
import routes from '../../generated/routes.json'

const known = new Set(routes)

/** Matches every route declared in manifest/pages (only the paths reach the browser). */
export function route(pageContext: PageContext) {
  const path = pageContext.urlPathname.length > 1 ? pageContext.urlPathname.replace(/\/$/, '') : pageContext.urlPathname
  return known.has(path) ? { routeParams: { ruta: path } } : false
}
