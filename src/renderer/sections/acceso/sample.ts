import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'acceso'> = {
  section: { tipo: 'acceso', mensaje: 'Acceso del personal de la oficina.' },
  check: (h, expect) => {
    // A real form: it posts to the office's sign-in endpoint, also without JavaScript.
    const form = h.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/api/oficina/sesion')
    expect(h.querySelector('input[type="email"][name="correo"]')).not.toBeNull()
    expect(h.querySelector('input[type="password"][name="clave"]')).not.toBeNull()
    expect(h.querySelector('input[type="checkbox"][name="recordarme"]')).not.toBeNull()
    expect(h.querySelector('button')?.textContent).toBe('Ingresar')
  },
}
