import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'acceso'> = {
  section: { tipo: 'acceso', intranet: 'https://intranet.example.org', mensaje: 'Ingrese por la intranet.' },
  check: (h, expect) => {
    expect(h.querySelector('input[type="password"]')).not.toBeNull()
    expect(h.querySelector('input[type="checkbox"]')).not.toBeNull()
    expect(h.querySelector('button')?.textContent).toBe('Ingresar')
    // The inputs have no name: nothing typed is ever sent.
    expect(h.querySelectorAll('input[name]')).toHaveLength(0)
  },
}
