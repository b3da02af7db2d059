import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'accesibilidad'> = {
  section: { tipo: 'accesibilidad' },
  check: (h, expect) =>
    expect(h.querySelectorAll('button').map(b => b.textContent)).toEqual([
      'Aumentar letra',
      'Disminuir letra',
      'Restablecer letra',
      'Activar escala de grises',
      'Desactivar escala de grises',
      'Activar alto contraste',
      'Desactivar alto contraste',
    ]),
}
