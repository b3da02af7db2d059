import { REPORT_MARKER } from '../../../manifest/requestReportSection.ts'
import type { SectionSample } from '../sample.ts'

/** A small manifest section of this type, and what a visitor must see from it (run by tests/unit/renderer.test.tsx). */
export const sample: SectionSample<'informeSolicitudes'> = {
  section: { tipo: 'informeSolicitudes' },
  check: (h, expect) => {
    // Exactly the placeholder the server looks for and fills with the figures.
    expect(h.querySelector('#informe-solicitudes')?.outerHTML).toBe(REPORT_MARKER)
  },
}
