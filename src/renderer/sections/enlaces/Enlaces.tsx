import { Heading } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Enlaces({ section }: { section: PreparedSectionOf<'enlaces'> }) {
  return (
    <section className="seccion-enlaces">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <ul className="lista-enlaces">
        {section.enlaces.map(e => (
          <li key={e.url + e.texto}>
            <SmartLink url={e.url}>{e.texto}</SmartLink>
            {e.descripcion && <small className="descripcion">{e.descripcion}</small>}
          </li>
        ))}
      </ul>
    </section>
  )
}
