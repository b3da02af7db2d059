import type { PageContext } from 'vike/types'
// Written by scripts/generate.ts before every build: paths only, so the browser gets nothing else of the manifest.
import routes from '../../generated/routes.json'
import { routeMatcher } from '../../renderer/routeMatcher.ts'

/** Manifest routes without interactive sections: sent as plain HTML (see +config.ts). */
export const route: (pageContext: PageContext) => false | { routeParams: { ruta: string } } = routeMatcher(routes.contenido)
