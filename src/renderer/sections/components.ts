import type { ComponentType } from 'react'
import type { PreparedSectionOf, SectionType } from '../types.ts'
import { Accesibilidad } from './accesibilidad/Accesibilidad.tsx'
import { Acceso } from './acceso/Acceso.tsx'
import { Acordeon } from './acordeon/Acordeon.tsx'
import { BuscadorNormas } from './buscadorNormas/BuscadorNormas.tsx'
import { Busqueda } from './busqueda/Busqueda.tsx'
import { Carrusel } from './carrusel/Carrusel.tsx'
import { Consulta } from './consulta/Consulta.tsx'
import { Datos } from './datos/Datos.tsx'
import { DatosAbiertos } from './datosAbiertos/DatosAbiertos.tsx'
import { Documentos } from './documentos/Documentos.tsx'
import { Embebido } from './embebido/Embebido.tsx'
import { Enlaces } from './enlaces/Enlaces.tsx'
import { Evaluacion } from './evaluacion/Evaluacion.tsx'
import { Formulario } from './formulario/Formulario.tsx'
import { Imagen } from './imagen/Imagen.tsx'
import { InformeSolicitudes } from './informeSolicitudes/InformeSolicitudes.tsx'
import { MapaSitio } from './mapaSitio/MapaSitio.tsx'
import { Mosaicos } from './mosaicos/Mosaicos.tsx'
import { Noticias } from './noticias/Noticias.tsx'
import { Personas } from './personas/Personas.tsx'
import { Preguntas } from './preguntas/Preguntas.tsx'
import { RegistroPublicaciones } from './registroPublicaciones/RegistroPublicaciones.tsx'
import { Tabla } from './tabla/Tabla.tsx'
import { Texto } from './texto/Texto.tsx'
import { Transparencia } from './transparencia/Transparencia.tsx'
import { Video } from './video/Video.tsx'

/**
 * The component of every section type, and nothing else of its module: what
 * the browser needs to hydrate a page. The modules (registry.ts) also hold the
 * preparers and search-text functions, which run only at build time and pull
 * in Markdown, HTML sanitizing, YAML and the manifest derivations; importing
 * them in the browser cost about 145 KB of gzip JavaScript on every hydrated
 * page. tests/unit/section-modules.test.ts checks each entry is its module's
 * component; tests/site/page-weight.test.ts keeps the weight in bounds.
 */
export const sectionComponents: { [K in SectionType]: ComponentType<{ section: PreparedSectionOf<K> }> } = {
  accesibilidad: Accesibilidad,
  acceso: Acceso,
  acordeon: Acordeon,
  buscadorNormas: BuscadorNormas,
  busqueda: Busqueda,
  carrusel: Carrusel,
  consulta: Consulta,
  datos: Datos,
  datosAbiertos: DatosAbiertos,
  documentos: Documentos,
  embebido: Embebido,
  enlaces: Enlaces,
  evaluacion: Evaluacion,
  formulario: Formulario,
  imagen: Imagen,
  informeSolicitudes: InformeSolicitudes,
  mapaSitio: MapaSitio,
  mosaicos: Mosaicos,
  noticias: Noticias,
  personas: Personas,
  preguntas: Preguntas,
  registroPublicaciones: RegistroPublicaciones,
  tabla: Tabla,
  texto: Texto,
  transparencia: Transparencia,
  video: Video,
}
