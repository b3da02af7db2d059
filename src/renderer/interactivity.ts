import type { PageManifest, Seccion } from '../manifest/types.generated.ts'

/**
 * Section types whose component needs React in the browser. A page holding
 * none of them is sent as plain HTML with a small script (header controls,
 * click-to-load embeds, the footer newsletter on demand): no React download.
 */
export const INTERACTIVE_SECTION_TYPES: ReadonlySet<Seccion['tipo']> = new Set(['formulario', 'evaluacion', 'acceso', 'carrusel', 'busqueda', 'accesibilidad'])

function hasInteractive(sections: Seccion[]): boolean {
  return sections.some((s) => INTERACTIVE_SECTION_TYPES.has(s.tipo) || (s.tipo === 'acordeon' && s.paneles.some((p) => hasInteractive(p.secciones))))
}

export function isInteractivePage(page: PageManifest): boolean {
  return hasInteractive(page.secciones ?? [])
}
