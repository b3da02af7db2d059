import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'formulario'> = {
  section: { tipo: 'formulario', formulario: 'contacto' },
  check: (h, expect) => {
    const form = h.querySelector('form')
    expect(form?.hasAttribute('novalidate')).toBe(true)
    expect(form?.getAttribute('action')).toBe('/api/contacto')
    expect(h.querySelector('h2')?.textContent).toBe('Formulario de contacto')
    // Lookup options are in the HTML, so the form is complete without JavaScript.
    expect(h.querySelectorAll('select option').map(o => o.textContent)).toEqual(['Seleccione…', 'Primera', 'Segunda'])
    expect(h.querySelector('label[for="contacto-nombre"]')?.textContent).toBe('Nombre *')
    expect(h.querySelector('#contacto-nombre')?.getAttribute('aria-describedby')).toBe('contacto-nombre-ayuda')
    expect(h.querySelector('#contacto-acepto')?.getAttribute('type')).toBe('checkbox')
    // Nothing is marked invalid before the visitor touches a field.
    expect(h.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0)
  },
}
