import { Heading } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Mosaicos({ section }: { section: PreparedSectionOf<'mosaicos'> }) {
  return (
    <section className="seccion-mosaicos">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <ul className="mosaicos">
        {section.mosaicos.map(m => (
          <li key={m.url + m.titulo}>
            <SmartLink url={m.url} className="mosaico">
              {m.imagen && <img src={m.imagen} alt="" loading="lazy" width={64} height={64} />}
              <strong>{m.titulo}</strong>
              {m.texto && <span>{m.texto}</span>}
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
