import type { Manifest } from '../manifest/load.ts'
import type { Seccion } from '../manifest/types.generated.ts'
import type { PrepareContext, Preparer } from './sections/module.ts'
import { sectionModules } from './sections/registry.ts'
import type { PreparedSection } from './types.ts'

/**
 * Server-side step of each section type (its module's `prepare`): whatever a
 * component needs from the rest of the manifest is attached here, so the
 * browser receives self-contained sections and no Markdown library.
 */
export function prepareSections(sections: Seccion[], manifest: Manifest): PreparedSection[] {
  const context: PrepareContext = { manifest, prepareSections: nested => prepareSections(nested, manifest) }
  return sections.map(s => {
    const prepare = sectionModules[s.tipo].prepare as Preparer<typeof s.tipo> | undefined
    return (prepare ? prepare(s as never, context) : s) as PreparedSection
  })
}
