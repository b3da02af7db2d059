import type { Fila } from '../../../manifest/types.generated.ts'
import { defineSection } from '../module.ts'
import { Documentos } from './Documentos.tsx'

export default defineSection({
  tipo: 'documentos',
  Component: Documentos,
  interactive: false,
  prepare: (s, { manifest }) => ({ ...s, filas: manifest.documents.find(d => d.data.id === s.fuente)?.data.filas ?? [] }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «documentos» section. */
  interface PreparedExtras {
    documentos: { filas: Fila[] }
  }
}
