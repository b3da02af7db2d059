import type { ComponentType } from 'react'
import { Accesibilidad } from './sections/Accesibilidad.tsx'
import { Acordeon } from './sections/Acordeon.tsx'
import { Acceso } from './sections/Acceso.tsx'
import { BuscadorNormas } from './sections/BuscadorNormas.tsx'
import { Busqueda } from './sections/Busqueda.tsx'
import { Carrusel } from './sections/Carrusel.tsx'
import { Datos } from './sections/Datos.tsx'
import { Documentos } from './sections/Documentos.tsx'
import { Embebido } from './sections/Embebido.tsx'
import { Enlaces } from './sections/Enlaces.tsx'
import { Evaluacion } from './sections/Evaluacion.tsx'
import { Formulario } from './sections/Formulario.tsx'
import { Imagen } from './sections/Imagen.tsx'
import { MapaSitio } from './sections/MapaSitio.tsx'
import { Noticias } from './sections/Noticias.tsx'
import { Mosaicos } from './sections/Mosaicos.tsx'
import { Personas } from './sections/Personas.tsx'
import { Preguntas } from './sections/Preguntas.tsx'
import { Tabla } from './sections/Tabla.tsx'
import { Texto } from './sections/Texto.tsx'
import { Video } from './sections/Video.tsx'
import type { PreparedSectionOf, SectionType } from './types.ts'

/**
 * Section `tipo` → component. The mapped type makes the compiler refuse a
 * schema section type without a component.
 */
export const registry: { [K in SectionType]: ComponentType<{ section: PreparedSectionOf<K> }> } = {
  texto: Texto,
  enlaces: Enlaces,
  mosaicos: Mosaicos,
  tabla: Tabla,
  documentos: Documentos,
  acordeon: Acordeon,
  datos: Datos,
  video: Video,
  embebido: Embebido,
  imagen: Imagen,
  preguntas: Preguntas,
  personas: Personas,
  mapaSitio: MapaSitio,
  formulario: Formulario,
  evaluacion: Evaluacion,
  acceso: Acceso,
  carrusel: Carrusel,
  noticias: Noticias,
  busqueda: Busqueda,
  buscadorNormas: BuscadorNormas,
  accesibilidad: Accesibilidad,
}
