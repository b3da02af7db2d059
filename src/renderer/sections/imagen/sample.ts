import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'imagen'> = {
  section: { tipo: 'imagen', src: '/assets/docs/foto.png', alt: 'Fachada del hospital', pie: 'Sede principal' },
  check: (h, expect) => {
    expect(h.querySelector('img')?.getAttribute('alt')).toBe('Fachada del hospital')
    expect(h.querySelector('figcaption')?.textContent).toBe('Sede principal')
  },
}
