import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'consulta'> = {
  section: { tipo: 'consulta', titulo: 'Consulte su solicitud en línea' },
  check: (h, expect) => {
    expect(h.querySelector('h2')?.textContent).toBe('Consulte su solicitud en línea')
    // A native form: without script it posts to the page itself, which the server answers.
    const form = h.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/pqrsd/consulta')
    expect(h.querySelector('label[for="consulta-radicado"]')?.textContent).toBe('Número de radicado *')
    expect(h.querySelector('#consulta-radicado')?.getAttribute('name')).toBe('radicado')
    expect(h.querySelector('#consulta-codigo')?.getAttribute('name')).toBe('codigo')
    expect(h.querySelector('noscript#consulta-sin-js')).not.toBeNull()
  },
}
