import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'registroPublicaciones'> = {
  section: { tipo: 'registroPublicaciones', titulo: 'Documentos publicados' },
  check: (h, expect) => {
    expect(h.querySelector('h2')?.textContent).toBe('Documentos publicados')
    expect(h.querySelector('details[open]')?.id).toBe('registro-2024')
    expect(h.querySelector('details[open] summary h3')?.textContent).toMatch(/^Publicados en 2024 \(\d+ documentos\)$/)
    expect(h.querySelector('details[open] td a')?.getAttribute('href')).toMatch(/^\/assets\//)
  },
}
