import type { PageManifest, Seccion } from './types.generated.ts'

/**
 * The sections nested directly inside a section: any `secciones` list of its
 * parts (today the panels of `acordeon`). Read from the data, not from a list
 * of types, so a new container type needs no change here.
 */
export function childSections(section: Seccion): Seccion[] {
  const out: Seccion[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'secciones' && Array.isArray(inner)) out.push(...(inner as Seccion[]))
        else visit(inner)
      }
    }
  }
  for (const [key, value] of Object.entries(section)) if (key !== 'tipo') visit(value)
  return out
}

/** Every section of a list, nested ones included, in document order. */
export function* allSections(sections: readonly Seccion[]): Generator<Seccion> {
  for (const s of sections) {
    yield s
    yield* allSections(childSections(s))
  }
}

/**
 * A page needs React in the browser when any of its sections, nested ones
 * included, is of an interactive type. Which types are interactive is
 * declared by each section module (src/renderer/sections/<tipo>/).
 */
export function isInteractivePage(page: PageManifest, interactiveTypes: ReadonlySet<Seccion['tipo']>): boolean {
  for (const s of allSections(page.secciones ?? [])) if (interactiveTypes.has(s.tipo)) return true
  return false
}
