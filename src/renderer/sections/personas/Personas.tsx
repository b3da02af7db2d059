import { Heading } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

export function Personas({ section }: { section: PreparedSectionOf<'personas'> }) {
  return (
    <section className="seccion-personas">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <div className="overflow-auto" tabIndex={0} role="region" aria-label={section.titulo ?? 'Personas'}>
        <table className="striped">
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Cargo</th>
              <th scope="col">Posición en la junta</th>
            </tr>
          </thead>
          <tbody>
            {section.personas.map(p => (
              <tr key={p.nombre + p.posicion}>
                <td>{p.nombre}</td>
                <td>{p.cargo}</td>
                <td>{p.posicion}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
