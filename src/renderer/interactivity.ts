import { isInteractivePage as pageHasInteractiveSection } from '../manifest/sections.ts'
import type { PageManifest, Seccion } from '../manifest/types.generated.ts'
import { sectionModules } from './sections/registry.ts'

/** Section types whose module says it needs React in the browser. */
export const INTERACTIVE_SECTION_TYPES: ReadonlySet<Seccion['tipo']> = new Set(
  Object.values(sectionModules)
    .filter(m => m.interactive)
    .map(m => m.tipo),
)

/**
 * A page holding no interactive section is sent as plain HTML with a small
 * script (header controls, click-to-load embeds, the footer newsletter on
 * demand): no React download.
 */
export function isInteractivePage(page: PageManifest): boolean {
  return pageHasInteractiveSection(page, INTERACTIVE_SECTION_TYPES)
}
