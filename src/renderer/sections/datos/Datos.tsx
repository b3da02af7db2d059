import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Datos({ section }: { section: PreparedSectionOf<'datos'> }) {
  return (
    <section className="seccion-datos">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <dl className="datos-clave">
        {section.datos.map(d => (
          <div key={d.etiqueta} className="dato">
            <dt>{d.etiqueta}</dt>
            <dd>
              <span className="valor">{d.valor}</span>
              {d.detalle && <small>{d.detalle}</small>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
