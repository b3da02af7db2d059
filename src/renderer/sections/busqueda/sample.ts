import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'busqueda'> = {
  section: { tipo: 'busqueda' },
  check: (h, expect) => {
    const form = h.querySelector('form[role="search"]')
    expect(form?.getAttribute('action')).toBe('/buscar')
    expect(form?.querySelector('input')?.getAttribute('name')).toBe('q')
    expect(h.querySelector('[role="status"]')).not.toBeNull()
  },
}
