import type { PageContext } from 'vike/types'
import { siteRouteMatcher } from '../../renderer/routeMatcher.ts'

/** Manifest routes with interactive sections (forms, quiz, carousel, search…): hydrated by React. */
export const route: (pageContext: PageContext) => false | { routeParams: { ruta: string } } = siteRouteMatcher('interactivo')
