import type { Fila } from '../../../manifest/types.generated.ts'
import { defineSection } from '../module.ts'
import { Documentos } from './Documentos.tsx'

export default defineSection({
  tipo: 'documentos',
  Component: Documentos,
  interactive: false,
  prepare: (s, { manifest }) => {
    const list = manifest.documents.find(d => d.data.id === s.fuente)?.data
    return { ...s, filas: list?.filas ?? [], ...(list?.datosGovCo && { datosGovCo: list.datosGovCo }) }
  },
})

declare module '../../types.ts' {
  /** What the preparer adds to a «documentos» section. */
  interface PreparedExtras {
    /** `datosGovCo`: the list's copy on datos.gov.co, when the list names one. */
    documentos: { filas: Fila[]; datosGovCo?: string }
  }
}
