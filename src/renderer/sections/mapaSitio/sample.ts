import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'mapaSitio'> = {
  section: { tipo: 'mapaSitio' },
  check: (h, expect) => {
    const links = h.querySelectorAll('a').map(a => a.getAttribute('href'))
    expect(links).toContain('/grupo/pagina')
    expect(links).not.toContain('/grupo')
  },
}
