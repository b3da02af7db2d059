import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Texto({ section }: { section: PreparedSectionOf<'texto'> }) {
  return (
    <section className="seccion-texto">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <div className="texto" dangerouslySetInnerHTML={{ __html: section.contenido }} />
    </section>
  )
}
