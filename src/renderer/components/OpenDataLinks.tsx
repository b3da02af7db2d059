import { datasetHref } from '../../manifest/openData.ts'
import { SmartLink } from './SmartLink.tsx'

/**
 * The open-data copies of a list or table (Resolución 1519 de 2020, Anexo 4),
 * right after it. The visible names are the same on every list; the hidden
 * title tells screen-reader users which list each pair belongs to (2.4.4). The
 * same data on datos.gov.co (Anexo 4) is linked when the manifest names it.
 */
export function OpenDataLinks({ id, title, datosGovCo }: { id: string; title?: string; datosGovCo?: string }) {
  const of = title ? <span className="visually-hidden">: {title}</span> : null
  // A list, not two links side by side in a paragraph: read without styles (reader modes, text browsers, copied
  // text) they came out glued, «Descargar datos abiertos (CSV)Descargar datos abiertos (JSON)».
  return (
    <ul className="datos-abiertos-enlaces">
      <li>
        <a href={datasetHref(id, 'csv')} type="text/csv" download>
          Descargar datos abiertos (CSV){of}
        </a>
      </li>
      <li>
        <a href={datasetHref(id, 'json')} type="application/json" download>
          Descargar datos abiertos (JSON){of}
        </a>
      </li>
      {datosGovCo && (
        <li>
          <SmartLink url={datosGovCo}>Ver en datos.gov.co{of}</SmartLink>
        </li>
      )}
    </ul>
  )
}
