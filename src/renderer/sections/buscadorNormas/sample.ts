import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'buscadorNormas'> = {
  section: { tipo: 'buscadorNormas' },
  check: (h, expect) => {
    expect(h.querySelector('form')?.getAttribute('action')).toBe('/buscar')
    expect(h.querySelector('form')?.getAttribute('method')).toBe('get')
    expect(h.querySelector('input[name="q"]')).not.toBeNull()
    expect(h.querySelector('button')?.textContent).toBe('Buscar')
  },
}
