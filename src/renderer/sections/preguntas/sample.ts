import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'preguntas'> = {
  section: { tipo: 'preguntas', preguntas: [{ pregunta: '¿Qué es el SIAU?', respuesta: 'El **Servicio** de Información y Atención al Usuario.' }] },
  check: (h, expect) => {
    expect(h.querySelector('summary')?.textContent).toBe('¿Qué es el SIAU?')
    expect(h.querySelector('details strong')?.textContent).toBe('Servicio')
  },
}
