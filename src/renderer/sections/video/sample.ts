import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'video'> = {
  section: { tipo: 'video', titulo: 'Lavado de manos', url: 'https://www.youtube-nocookie.com/embed/abc', transcripcion: '/assets/docs/informe-2024.pdf' },
  check: (h, expect) => {
    expect(h.querySelector('iframe')).toBeNull()
    expect(h.querySelector('button')?.textContent).toContain('Cargar video')
    expect(h.textContent).toContain('Transcripción del video')
  },
}
