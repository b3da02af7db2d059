/**
 * The ids a page's HTML carries, read from its manifest, so that a link
 * `/ruta#ancla` can be checked before the site is built (checks/evidence.ts):
 * every section's `ancla`, every accordion panel's `id`, and the ids some
 * section types always render. One list, shared by the validator and the
 * renderer's components that write those ids.
 */
import type { PageManifest } from './types.generated.ts'
import { categoryAnchor, loadAnnex, numeralAnchor, parentOf } from './transparencyAnnex.ts'

/** The heading of the `datosAbiertos` section (numeral 7.2 links to it). */
export const OPEN_DATA_ANCHOR = 'conjuntos-de-datos-abiertos'

/** The ids the transparency tree renders: one per category and one per numeral below it. */
function transparencyAnchors(): string[] {
  return loadAnnex().items.map(i => (parentOf(i.numero) ? numeralAnchor(i.numero) : categoryAnchor(i.numero)))
}

export function anchorsOf(page: PageManifest): Set<string> {
  const out = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v)
    else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>
      if (typeof obj.tipo === 'string') {
        if (typeof obj.ancla === 'string') out.add(obj.ancla)
        if (obj.tipo === 'acordeon' && Array.isArray(obj.paneles))
          for (const p of obj.paneles as { id?: unknown }[]) if (typeof p.id === 'string') out.add(p.id)
        if (obj.tipo === 'datosAbiertos') out.add(OPEN_DATA_ANCHOR)
        if (obj.tipo === 'transparencia') for (const a of transparencyAnchors()) out.add(a)
      }
      for (const v of Object.values(obj)) visit(v)
    }
  }
  visit(page.secciones)
  return out
}
