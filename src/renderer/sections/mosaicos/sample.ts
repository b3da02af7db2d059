import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'mosaicos'> = {
  section: { tipo: 'mosaicos', mosaicos: [{ titulo: 'Citas', texto: 'Solicite su cita', url: '/grupo/pagina' }] },
  check: (h, expect) => expect(h.querySelector('a.mosaico')?.getAttribute('href')).toBe('/grupo/pagina'),
}
