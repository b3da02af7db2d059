import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'transparencia'> = {
  section: {
    tipo: 'transparencia',
    items: [
      { numero: '1.1', enlaces: [{ texto: 'Plataforma estratégica', url: '/grupo/pagina' }] },
      { numero: '10.1', noAplica: 'La E.S.E. no es una entidad territorial.' },
    ],
  },
  check: (h, expect) => {
    // The annex's ten categories, in order, each a panel whose title is a heading; names come from docs/normas.
    const titles = h.querySelectorAll('details > summary h2').map(x => x.textContent)
    expect(titles).toHaveLength(10)
    expect(titles[0]).toBe('1. Información de la entidad')
    expect(titles[9]).toBe('10. Información tributaria en entidades territoriales locales')
    expect(h.querySelector('#numeral-1-1')?.textContent).toContain('Misión, visión, funciones y deberes')
    expect(h.querySelector('#numeral-1-1 a')?.getAttribute('href')).toBe('/grupo/pagina')
    expect(h.querySelector('#numeral-10-1 .no-aplica')?.textContent).toBe('No aplica: La E.S.E. no es una entidad territorial.')
    // A numeral with sub-items is a heading over them.
    expect(h.querySelector('#numeral-2-1 h3')?.textContent).toBe('2.1 Normativa de la entidad o autoridad')
  },
}
