import type { PageContext } from 'vike/types'
import { siteRouteMatcher } from '../../renderer/routeMatcher.ts'

/** Manifest routes without interactive sections: sent as plain HTML (see +config.ts). */
export const route: (pageContext: PageContext) => false | { routeParams: { ruta: string } } = siteRouteMatcher('contenido')
