import { Heading, PanelBody, PanelTitle } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import { formatDate } from '../../../views/formatDate.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { publicationGroups } from './prepare.ts'

/** Registro de publicaciones: one panel per year of publication (newest open), each a table of the documents published. */
export function RegistroPublicaciones({ section }: { section: PreparedSectionOf<'registroPublicaciones'> }) {
  const below = Boolean(section.titulo)
  return (
    <section className="seccion-registro acordeon">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      {publicationGroups(section.publicaciones).map((g, i) => (
        <details key={g.id} name="registro-publicaciones" id={g.id} open={i === 0}>
          <PanelTitle below={below}>{`${g.etiqueta} (${g.filas.length} documentos)`}</PanelTitle>
          <PanelBody below={below}>
            <div className="overflow-auto" tabIndex={0} role="region" aria-label={`Documentos: ${g.etiqueta.toLowerCase()}`}>
              <table className="striped">
                <thead>
                  <tr>
                    <th scope="col">Documento</th>
                    <th scope="col">Fecha de publicación</th>
                    <th scope="col">Vigencia</th>
                    <th scope="col">Publicado en</th>
                  </tr>
                </thead>
                <tbody>
                  {g.filas.map(r => (
                    <tr key={r.url + r.titulo}>
                      <td>
                        <SmartLink url={r.url}>{r.titulo}</SmartLink>
                      </td>
                      <td>{r.fecha ? formatDate(r.fecha) : 'Sin fecha'}</td>
                      <td>{r.anio}</td>
                      <td>{r.listaUrl ? <a href={r.listaUrl}>{r.lista}</a> : r.lista}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </PanelBody>
        </details>
      ))}
    </section>
  )
}
