import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'tabla'> = {
  section: { tipo: 'tabla', columnas: ['Entidad', 'Control'], filas: [[{ texto: 'Supersalud', url: 'https://www.supersalud.gov.co' }, 'Social']] },
  check: (h, expect) => {
    expect(h.querySelectorAll('th').map(t => t.textContent)).toEqual(['Entidad', 'Control'])
    expect(h.querySelectorAll('td')[1]?.textContent).toBe('Social')
  },
}
