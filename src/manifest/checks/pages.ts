import { problemAt } from '../yamlSource.ts'
import { sectionsOfType, type CrossCheck } from './context.ts'

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
  {
    // A row wider or narrower than its header renders as a broken table; the usual cause is an unquoted comma in
    // a YAML list (`[Contrato, Medicamentos, insumos]` is three cells): docs/decisions/accessibility.md.
    name: 'table-row-width',
    run: ({ manifest }) => {
      const problems = []
      for (const { page, path, section } of sectionsOfType<{ columnas: unknown[]; filas?: unknown[][] }>(manifest, 'tabla')) {
        const width = section.columnas.length
        for (const [i, row] of (section.filas ?? []).entries()) {
          if (!Array.isArray(row) || row.length === width) continue
          problems.push(
            problemAt(
              page.source,
              [...path, 'filas', i],
              `la fila ${i + 1} de la tabla tiene ${row.length} celdas y la tabla tiene ${width} columnas; si una celda lleva comas, escríbala entre comillas («"Medicamentos, dispositivos e insumos"»)`,
            ),
          )
        }
      }
      return problems
    },
  },
]
