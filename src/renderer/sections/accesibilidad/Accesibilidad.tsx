import { Heading } from '../../../views/Heading.tsx'
import { AccessibilityControls } from '../../header/DisplayControls.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** /accesibilidad: the same font-size and grayscale choices as the header, with full labels. */
export function Accesibilidad({ section }: { section: PreparedSectionOf<'accesibilidad'> }) {
  return (
    <section className="seccion-accesibilidad">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <AccessibilityControls />
    </section>
  )
}
