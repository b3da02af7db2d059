import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'datos'> = {
  section: { tipo: 'datos', datos: [{ valor: 15, etiqueta: 'Camas habilitadas' }] },
  check: (h, expect) => {
    expect(h.querySelector('dt')?.textContent).toBe('Camas habilitadas')
    expect(h.querySelector('.valor')?.textContent).toBe('15')
  },
}
