import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'noticias'> = {
  section: { tipo: 'noticias', vista: 'ultimas' },
  check: (h, expect) => {
    expect(h.querySelector('h2')?.textContent).toBe('Últimas noticias')
    expect(h.textContent).toContain('no hay noticias publicadas')
  },
}
