import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Preguntas({ section }: { section: PreparedSectionOf<'preguntas'> }) {
  return (
    <section className="seccion-preguntas">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      {section.preguntas.map(q => (
        <details key={q.pregunta} className="pregunta">
          <summary>{q.pregunta}</summary>
          <div className="texto" dangerouslySetInnerHTML={{ __html: q.respuesta }} />
        </details>
      ))}
    </section>
  )
}
