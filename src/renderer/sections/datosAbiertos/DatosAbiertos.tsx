import { Heading } from '../../../views/Heading.tsx'
import { formatDate } from '../../../views/formatDate.ts'
import { datasetHref, OPEN_DATA_LICENCE } from '../../../manifest/openData.ts'
import { OPEN_DATA_ANCHOR } from '../../../manifest/anchors.ts'
import { SmartLink } from '../../components/SmartLink.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** One dataset as the catalogue shows it. */
export interface CatalogEntry {
  id: string
  titulo: string
  ruta: string
  ultimaActualizacion: string
  filas: number
  /** The same dataset on datos.gov.co, when the manifest names it. */
  datosGovCo?: string
}

/** Catalogue of the open-data copies (numeral 7.2 of the transparency menu), one row per dataset. */
export function DatosAbiertos({ section }: { section: PreparedSectionOf<'datosAbiertos'> }) {
  const caption = section.titulo ?? 'Conjuntos de datos abiertos'
  return (
    <section className="seccion-datos-abiertos" id={section.titulo ? undefined : OPEN_DATA_ANCHOR}>
      {section.titulo && <Heading id={OPEN_DATA_ANCHOR}>{section.titulo}</Heading>}
      <p>
        {section.datasets.length} conjuntos de datos, en CSV (UTF-8, separado por comas; las primeras líneas, que empiezan por «#», describen el conjunto) y en
        JSON. Licencia: {OPEN_DATA_LICENCE}.
      </p>
      <div className="overflow-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="striped">
          <thead>
            <tr>
              <th scope="col">Conjunto de datos</th>
              <th scope="col">Registros</th>
              <th scope="col">Actualizado</th>
              <th scope="col">Descargas</th>
            </tr>
          </thead>
          <tbody>
            {section.datasets.map(d => (
              <tr key={d.id}>
                <td>
                  <a href={d.ruta}>{d.titulo}</a>
                </td>
                <td>{d.filas}</td>
                <td>{d.ultimaActualizacion ? formatDate(d.ultimaActualizacion) : ''}</td>
                <td>
                  <a href={datasetHref(d.id, 'csv')} type="text/csv" download>
                    CSV<span className="visually-hidden">: {d.titulo}</span>
                  </a>{' '}
                  <a href={datasetHref(d.id, 'json')} type="application/json" download>
                    JSON<span className="visually-hidden">: {d.titulo}</span>
                  </a>
                  {d.datosGovCo && (
                    <>
                      {' '}
                      <SmartLink url={d.datosGovCo}>
                        datos.gov.co<span className="visually-hidden">: {d.titulo}</span>
                      </SmartLink>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
