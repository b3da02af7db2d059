import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'personas'> = {
  section: { tipo: 'personas', personas: [{ nombre: 'Nombre de muestra', cargo: 'Alcalde municipal', posicion: 'Presidente' }] },
  check: (h, expect) => expect(h.querySelectorAll('td').map(t => t.textContent)).toEqual(['Nombre de muestra', 'Alcalde municipal', 'Presidente']),
}
