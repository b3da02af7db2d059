import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'texto'> = {
  section: { tipo: 'texto', titulo: 'Misión', contenido: 'Prestar **servicios** de salud. Vea [la sede](https://example.org).' },
  check: (h, expect) => {
    expect(h.querySelector('h2')?.textContent).toBe('Misión')
    expect(h.querySelector('strong')?.textContent).toBe('servicios')
    expect(h.querySelector('a')?.getAttribute('target')).toBe('_blank')
  },
}
