import accesibilidad from './accesibilidad/index.ts'
import acceso from './acceso/index.ts'
import acordeon from './acordeon/index.ts'
import buscadorNormas from './buscadorNormas/index.ts'
import busqueda from './busqueda/index.ts'
import carrusel from './carrusel/index.ts'
import consulta from './consulta/index.ts'
import datos from './datos/index.ts'
import datosAbiertos from './datosAbiertos/index.ts'
import documentos from './documentos/index.ts'
import embebido from './embebido/index.ts'
import enlaces from './enlaces/index.ts'
import evaluacion from './evaluacion/index.ts'
import formulario from './formulario/index.ts'
import imagen from './imagen/index.ts'
import informeSolicitudes from './informeSolicitudes/index.ts'
import mapaSitio from './mapaSitio/index.ts'
import mosaicos from './mosaicos/index.ts'
import noticias from './noticias/index.ts'
import personas from './personas/index.ts'
import preguntas from './preguntas/index.ts'
import tabla from './tabla/index.ts'
import texto from './texto/index.ts'
import transparencia from './transparencia/index.ts'
import registroPublicaciones from './registroPublicaciones/index.ts'
import video from './video/index.ts'
import type { SectionModule } from './module.ts'
import type { SectionType } from '../types.ts'

/**
 * Every section module, by `tipo`. The mapped type makes the compiler refuse
 * a schema section type without a module; tests/unit/section-modules.test.ts
 * checks each folder holds every declared part.
 */
export const sectionModules: { [K in SectionType]: SectionModule<K> } = {
  accesibilidad,
  acceso,
  acordeon,
  buscadorNormas,
  busqueda,
  carrusel,
  consulta,
  datos,
  datosAbiertos,
  documentos,
  embebido,
  enlaces,
  evaluacion,
  formulario,
  imagen,
  informeSolicitudes,
  mapaSitio,
  mosaicos,
  noticias,
  personas,
  preguntas,
  tabla,
  texto,
  video,
  transparencia,
  registroPublicaciones,
}
