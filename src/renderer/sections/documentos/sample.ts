import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'documentos'> = {
  section: { tipo: 'documentos', fuente: 'informes' },
  check: (h, expect) => {
    expect(h.querySelector('details[open]')?.id).toBe('2024')
    expect(h.querySelector('summary')?.textContent).toBe('2024')
    expect(h.querySelector('small.meta')?.textContent).toBe('1 de marzo de 2024')
  },
}
