import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'acordeon'> = {
  section: {
    tipo: 'acordeon',
    abierto: 'b',
    paneles: [
      { id: 'a', titulo: 'Presencial', secciones: [{ tipo: 'texto', titulo: 'Sede', contenido: 'Calle 1' }] },
      { id: 'b', titulo: 'Virtual', secciones: [{ tipo: 'texto', contenido: 'Correo' }] },
    ],
  },
  check: (h, expect) => {
    const panels = h.querySelectorAll('details')
    expect(panels.map(p => p.getAttribute('open') !== undefined)).toEqual([false, true])
    expect(new Set(panels.map(p => p.getAttribute('name'))).size).toBe(1)
    expect(h.querySelector('details h3')?.textContent).toBe('Sede')
  },
}
