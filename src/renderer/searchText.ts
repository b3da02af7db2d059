import type { Seccion } from '../manifest/types.generated.ts'
import type { SearchTextContext } from './sections/module.ts'
import { sectionModules } from './sections/registry.ts'

type SearchText = NonNullable<(typeof sectionModules)[Seccion['tipo']]['searchText']>

/** The first prose of a list of sections (each module says what its prose is), for the search index's abstracts. */
export function sectionsText(sections: Seccion[]): string {
  const context: SearchTextContext = { sectionsText }
  for (const s of sections) {
    const text = (sectionModules[s.tipo].searchText as SearchText | undefined)?.(s as never, context)
    if (text) return text
  }
  return ''
}
