import { Heading, PanelBody, PanelTitle } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import { formatDate } from '../../../views/formatDate.ts'
import type { PreparedSectionOf } from '../../types.ts'

/** Registro de publicaciones: one panel per year (newest open), each a table of the documents published. */
export function RegistroPublicaciones({ section }: { section: PreparedSectionOf<'registroPublicaciones'> }) {
  const years = [...new Set(section.publicaciones.map(p => p.anio))]
  const below = Boolean(section.titulo)
  return (
    <section className="seccion-registro acordeon">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      {years.map((y, i) => {
        const rows = section.publicaciones.filter(p => p.anio === y)
        return (
          <details key={y} name="registro-publicaciones" id={`registro-${y}`} open={i === 0}>
            <PanelTitle below={below}>{`${y} (${rows.length} documentos)`}</PanelTitle>
            <PanelBody below={below}>
              <div className="overflow-auto" tabIndex={0} role="region" aria-label={`Documentos publicados en ${y}`}>
                <table className="striped">
                  <thead>
                    <tr>
                      <th scope="col">Documento</th>
                      <th scope="col">Fecha</th>
                      <th scope="col">Publicado en</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map(r => (
                      <tr key={r.url + r.titulo}>
                        <td>
                          <SmartLink url={r.url}>{r.titulo}</SmartLink>
                        </td>
                        <td>{r.fecha ? formatDate(r.fecha) : y}</td>
                        <td>{r.listaUrl ? <a href={r.listaUrl}>{r.lista}</a> : r.lista}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </PanelBody>
          </details>
        )
      })}
    </section>
  )
}
