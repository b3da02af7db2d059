import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'embebido'> = {
  section: { tipo: 'embebido', titulo: 'Calendario', url: 'https://calendar.example.org/embed' },
  check: (h, expect) => {
    expect(h.querySelector('iframe')).toBeNull()
    expect(h.querySelector('button')?.textContent).toContain('Cargar contenido')
  },
}
