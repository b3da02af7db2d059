import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'carrusel'> = {
  section: {
    tipo: 'carrusel',
    etiqueta: 'Mensajes destacados',
    diapositivas: [
      { src: '/assets/docs/a.svg', alt: 'Resultados en línea', type: 'image', href: 'https://example.org' },
      { src: '/assets/docs/b.svg', alt: 'Urgencias 24 horas', type: 'image', href: '' },
    ],
  },
  check: (h, expect) => {
    expect(h.querySelector('section')?.getAttribute('aria-roledescription')).toBe('carrusel')
    const slides = h.querySelectorAll('[aria-roledescription="diapositiva"]')
    expect(slides.map(s => s.getAttribute('aria-label'))).toEqual(['1 de 2', '2 de 2'])
    expect(slides.map(s => s.hasAttribute('hidden'))).toEqual([false, true])
    expect(h.querySelector('a')?.getAttribute('target')).toBe('_blank')
    expect(h.querySelector('button[aria-label="Diapositiva siguiente"]')).not.toBeNull()
  },
}
