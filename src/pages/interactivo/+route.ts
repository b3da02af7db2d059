import type { PageContext } from 'vike/types'
// Written by scripts/generate.ts before every build: paths only.
import routes from '../../generated/routes.json'
import { routeMatcher } from '../../renderer/routeMatcher.ts'

/** Manifest routes with interactive sections (forms, quiz, carousel, search…): hydrated by React. */
export const route: (pageContext: PageContext) => false | { routeParams: { ruta: string } } = routeMatcher(routes.interactivo)
