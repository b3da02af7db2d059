import { problemAt } from '../yamlSource.ts'
import type { CrossCheck } from './context.ts'

/** Checks of pages as a whole: routes, side menus, redirects. */
export const pageChecks: CrossCheck[] = [
  {
    name: 'duplicate-route',
    run: ({ manifest, pagesByRoute }) =>
      manifest.pages
        .filter(page => pagesByRoute.get(page.data.ruta) !== page)
        .map(page => problemAt(page.source, ['ruta'], `la ruta «${page.data.ruta}» ya está definida en ${pagesByRoute.get(page.data.ruta)!.source.display}`)),
  },
  {
    name: 'missing-side-menu',
    run: ({ manifest }) => {
      const site = manifest.site
      if (!site) return []
      const menus = site.data.menusLaterales ?? {}
      return manifest.pages
        .filter(page => page.data.menuLateral && !menus[page.data.menuLateral])
        .map(page => problemAt(page.source, ['menuLateral'], `el menú lateral «${page.data.menuLateral}» no existe en manifest/site.yaml`))
    },
  },
  {
    name: 'redirect-with-sections',
    run: ({ manifest }) =>
      manifest.pages
        .filter(page => page.data.redirigirA && page.data.secciones?.length)
        .map(page => problemAt(page.source, ['redirigirA'], 'una página de redirección no puede tener «secciones»')),
  },
  {
    name: 'page-without-content',
    run: ({ manifest }) =>
      manifest.pages
        .filter(page => !page.data.redirigirA && !page.data.secciones)
        .map(page => problemAt(page.source, [], 'la página necesita «secciones» o «redirigirA»')),
  },
]
