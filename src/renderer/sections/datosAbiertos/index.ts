import { openDatasets } from '../../../manifest/openData.ts'
import { defineSection } from '../module.ts'
import { DatosAbiertos, type CatalogEntry } from './DatosAbiertos.tsx'

export default defineSection({
  tipo: 'datosAbiertos',
  Component: DatosAbiertos,
  interactive: false,
  // The catalogue comes from the same function that writes the copies: never typed, never out of step.
  prepare: (s, { manifest }) => ({
    ...s,
    datasets: openDatasets(manifest).map(d => ({
      id: d.id,
      titulo: d.metadatos.titulo,
      ruta: d.ruta,
      ultimaActualizacion: d.metadatos.ultimaActualizacion,
      filas: d.filas.length,
      ...(d.metadatos.datosGovCo && { datosGovCo: d.metadatos.datosGovCo }),
    })),
  }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «datosAbiertos» section: every dataset of the site. */
  interface PreparedExtras {
    datosAbiertos: { datasets: CatalogEntry[] }
  }
}
