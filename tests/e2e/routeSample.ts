import type { PageManifest } from '../../src/manifest/types.generated.ts'

/**
 * The fewest content routes that together show every kind of section the site has, each with every option it is
 * written with (`documentos` with and without `filtros`, `tabla` with and without its caption…), at every depth of
 * the menu, with and without a side menu. A sweep whose subject is the same on every page of one shape (the high-contrast colours, a second
 * date or a second set of stored preferences) runs over these instead of over every route: the same components,
 * the same CSS, about a fifth of the page loads (22 of 107 routes of the sample site). The first sweep of each kind still opens every route.
 *
 * Derived from the manifest, so a section or an option staff add joins the sample by itself. Deterministic: the
 * greedy choice takes, each round, the route adding most uncovered shapes, the first in manifest order on a tie.
 */
export function routesShowingEveryShape(pages: readonly PageManifest[]): string[] {
  const shapesOf = (page: PageManifest): Set<string> => {
    const shapes = new Set([`profundidad ${page.ruta.split('/').length}`, page.menuLateral ? 'con menú lateral' : 'sin menú lateral'])
    for (const section of page.secciones ?? []) {
      shapes.add(section.tipo)
      for (const key of Object.keys(section)) shapes.add(`${section.tipo}.${key}`)
    }
    return shapes
  }
  const candidates = pages.filter(p => !p.redirigirA).map(p => ({ route: p.ruta, shapes: shapesOf(p) }))
  const uncovered = new Set(candidates.flatMap(c => [...c.shapes]))
  const chosen: string[] = []
  while (uncovered.size > 0) {
    let best = candidates[0]!
    let bestCount = -1
    for (const c of candidates) {
      const count = [...c.shapes].filter(s => uncovered.has(s)).length
      if (count > bestCount) {
        best = c
        bestCount = count
      }
    }
    chosen.push(best.route)
    for (const s of best.shapes) uncovered.delete(s)
  }
  return chosen.sort()
}
