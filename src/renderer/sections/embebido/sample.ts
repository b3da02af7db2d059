import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'embebido'> = {
  // An embedded video: it waits for the visitor, and its transcript is linked beside it (docs/decisions/accessibility.md).
  section: { tipo: 'embebido', titulo: 'Rendición de cuentas', url: 'https://player.vimeo.com/video/1', transcripcion: '/assets/docs/informe-2024.pdf' },
  check: (h, expect) => {
    expect(h.querySelector('iframe')).toBeNull()
    expect(h.querySelector('button')?.textContent).toContain('Cargar contenido')
    expect(h.querySelector('a[href="/assets/docs/informe-2024.pdf"]')?.textContent).toContain('Transcripción del video')
  },
}
