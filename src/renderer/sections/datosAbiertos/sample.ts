import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'datosAbiertos'> = {
  section: { tipo: 'datosAbiertos', titulo: 'Conjuntos de datos abiertos' },
  check: (h, expect) => {
    expect(h.querySelector('h2')?.textContent).toBe('Conjuntos de datos abiertos')
    expect(h.querySelectorAll('tbody tr').length).toBeGreaterThan(0)
    expect(h.querySelector('tbody a[href$=".csv"]')?.getAttribute('href')).toMatch(/^\/datos-abiertos\/documentos-.+\.csv$/)
  },
}
