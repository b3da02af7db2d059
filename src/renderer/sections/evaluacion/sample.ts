import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'evaluacion'> = {
  section: { tipo: 'evaluacion', formulario: 'cuestionario', clave: ['A'] },
  check: (h, expect) => {
    expect(h.querySelector('form')?.getAttribute('method')).toBe('dialog')
    expect(h.querySelector('fieldset legend')?.textContent).toBe('1. ¿Verdadero o falso? *')
    expect(h.querySelectorAll('input[type="radio"]')).toHaveLength(2)
    expect(h.querySelector('dialog')).not.toBeNull()
    expect(h.querySelector('dialog')?.hasAttribute('open')).toBe(false)
  },
}
