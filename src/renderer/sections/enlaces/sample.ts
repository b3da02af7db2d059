import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'enlaces'> = {
  section: {
    tipo: 'enlaces',
    enlaces: [
      { texto: 'Informe', url: '/assets/docs/informe-2024.pdf' },
      { texto: 'GOV.CO', url: 'https://www.gov.co' },
    ],
  },
  check: (h, expect) => {
    expect(h.querySelectorAll('li')).toHaveLength(2)
    expect(h.querySelector('a')?.textContent).toBe('Informe (PDF)')
    expect(h.querySelectorAll('a')[1]?.getAttribute('rel')).toBe('noopener noreferrer')
  },
}
