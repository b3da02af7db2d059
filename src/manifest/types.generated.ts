/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */

export type Seccion =
  | SeccionTexto
  | SeccionEnlaces
  | SeccionMosaicos
  | SeccionTabla
  | SeccionDocumentos
  | SeccionAcordeon
  | SeccionDatos
  | SeccionVideo
  | SeccionEmbebido
  | SeccionImagen
  | SeccionPreguntas
  | SeccionPersonas
  | SeccionMapaSitio
  | SeccionFormulario
  | SeccionEvaluacion
  | SeccionAcceso
  | SeccionCarrusel
  | SeccionNoticias
  | SeccionBusqueda
  | SeccionBuscadorNormas
  | SeccionAccesibilidad

export interface ManifestTypes {
  site?: SiteManifest
  page?: PageManifest
  documents?: DocumentList
  form?: FormDefinition
  lookups?: Lookups
  news?: NewsItem
}
/**
 * What every page shares: institution facts, top bar, main menu, side menus and footer.
 */
export interface SiteManifest {
  nombre: string
  nombreCorto: string
  descripcion?: string
  /**
   * Public address of the site, used in sitemap.xml and canonical links.
   */
  urlPublica?: string
  ultimaActualizacion: string
  barraSuperior: Enlace[]
  centroRelevo?: Enlace
  /**
   * Languages offered by the translation selector.
   */
  idiomas?: {
    codigo: string
    nombre: string
  }[]
  /**
   * @minItems 1
   */
  menu: [Enlace, ...Enlace[]]
  menusLaterales: {
    [k: string]: MenuLateral
  }
  contacto?: Contacto
  pie: Pie
}
export interface Enlace {
  texto: string
  /**
   * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
   */
  url: string
  descripcion?: string
}
export interface MenuLateral {
  titulo: string
  /**
   * @minItems 1
   */
  enlaces: [ItemMenuLateral, ...ItemMenuLateral[]]
}
export interface ItemMenuLateral {
  texto: string
  /**
   * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
   */
  url: string
  hijos?: ItemMenuLateral[]
}
/**
 * Datos de contacto de la institución, escritos una sola vez. Las páginas los citan con ((telefono.<id>)), ((correo.<id>)), ((direccion.<id>)) u ((horario.<id>)); el pie los cita por su identificador. Ejemplo: en una página, «Urgencias: ((telefono.urgencias))».
 */
export interface Contacto {
  /**
   * Teléfonos por identificador (minúsculas y guiones). Ejemplo: urgencias: { etiqueta: Urgencias, numero: (601) 555 0101 }.
   */
  telefonos?: {
    [k: string]: Telefono
  }
  /**
   * Correos electrónicos por identificador. Ejemplo: contacto: { etiqueta: Correo institucional, correo: contacto@hospital-muestra.gov.co }.
   */
  correos?: {
    [k: string]: Correo
  }
  /**
   * Direcciones por identificador. Ejemplo: principal: Calle 10 No. 5-20, barrio Centro.
   */
  direcciones?: {
    [k: string]: string
  }
  /**
   * Horarios de atención por identificador. Ejemplo: administrativo: lunes a viernes de 8:00 a 12:00 y de 14:00 a 18:00.
   */
  horarios?: {
    [k: string]: string
  }
}
export interface Telefono {
  /**
   * Nombre de la línea, como se muestra. Ejemplo: Urgencias.
   */
  etiqueta: string
  /**
   * Número como lo lee el ciudadano; el enlace tel: se forma solo (+57 para números de 10 cifras). Ejemplo: (601) 555 0101.
   */
  numero: string
  /**
   * Cuándo atiende esa línea. Ejemplo: 24 horas, todos los días.
   */
  horario?: string
}
export interface Correo {
  /**
   * Nombre del buzón, como se muestra. Ejemplo: Notificaciones judiciales.
   */
  etiqueta: string
  /**
   * La dirección de correo. Ejemplo: contacto@hospital-muestra.gov.co.
   */
  correo: string
}
export interface Pie {
  direccion: string
  horarioAtencion?: string
  /**
   * Teléfonos del pie, por su identificador en «contacto.telefonos», en orden. Ejemplo: [urgencias, citas].
   */
  telefonos: string[]
  correspondencia: {
    direccion: string
    horario: string
  }
  /**
   * Correos del pie, por su identificador en «contacto.correos», en orden. Ejemplo: [contacto, notificaciones-judiciales].
   */
  correos: string[]
  enlacesGobierno: Enlace[]
  politicas: Enlace[]
  redes: Enlace[]
  /**
   * Route of a page inside the site, e.g. /hospital/junta.
   */
  mapaSitio: string
  /**
   * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
   */
  politicaDatos: string
}
/**
 * One route of the site. A page is either content (secciones) or a redirect to the group's main child (redirigirA).
 */
export interface PageManifest {
  /**
   * Route of a page inside the site, e.g. /hospital/junta.
   */
  ruta: string
  /**
   * Breadcrumb label of this route.
   */
  etiqueta: string
  /**
   * Main heading and <title>.
   */
  titulo: string
  /**
   * Meta description for search engines.
   */
  descripcion?: string
  /**
   * Id of a side menu in manifest/site.yaml.
   */
  menuLateral?: string
  /**
   * true when the page holds sample text the hospital must replace.
   */
  muestra?: boolean
  /**
   * Route of a page inside the site, e.g. /hospital/junta.
   */
  redirigirA?: string
  /**
   * false hides the page from the site map.
   */
  enMapa?: boolean
  secciones?: Seccion[]
}
/**
 * Rich text written in Markdown.
 */
export interface SeccionTexto {
  tipo: 'texto'
  titulo?: string
  contenido: string
}
export interface SeccionEnlaces {
  tipo: 'enlaces'
  titulo?: string
  /**
   * @minItems 1
   */
  enlaces: [Enlace, ...Enlace[]]
}
/**
 * Tiles: a grid of linked boxes.
 */
export interface SeccionMosaicos {
  tipo: 'mosaicos'
  titulo?: string
  /**
   * @minItems 1
   */
  mosaicos: [
    {
      titulo: string
      texto?: string
      /**
       * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
       */
      url: string
      imagen?: string
    },
    ...{
      titulo: string
      texto?: string
      /**
       * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
       */
      url: string
      imagen?: string
    }[]
  ]
}
export interface SeccionTabla {
  tipo: 'tabla'
  titulo?: string
  /**
   * @minItems 1
   */
  columnas: [string, ...string[]]
  filas: (string | number | Enlace)[][]
}
/**
 * Rows of a documents manifest, as an accordion of year panels, a table or a plain list.
 */
export interface SeccionDocumentos {
  tipo: 'documentos'
  titulo?: string
  /**
   * id of a manifest in manifest/documents/.
   */
  fuente: string
  vista?: 'acordeon' | 'tabla' | 'lista'
  /**
   * Only rows of this category.
   */
  categoria?: string
  /**
   * Year ranges grouped in one panel each; without it, one panel per year, newest first.
   */
  paneles?: {
    id: string
    titulo: string
    desde: number
    hasta: number
    categoria?: string
  }[]
  /**
   * Panel open when the page loads: primero, ninguno, a year (2019) or a panel id (static-13).
   */
  abierto?: string | number
  /**
   * Columns of the table view, in order.
   *
   * @minItems 1
   */
  columnas?: [
    {
      campo: 'anio' | 'categoria' | 'periodo' | 'titulo' | 'descripcion' | 'fecha' | 'enlace'
      encabezado: string
    },
    ...{
      campo: 'anio' | 'categoria' | 'periodo' | 'titulo' | 'descripcion' | 'fecha' | 'enlace'
      encabezado: string
    }[]
  ]
}
/**
 * Panels of sections; one open at a time (native <details name>).
 */
export interface SeccionAcordeon {
  tipo: 'acordeon'
  titulo?: string
  /**
   * Panel open when the page loads: primero, ninguno, a year (2019) or a panel id (static-13).
   */
  abierto?: string | number
  /**
   * @minItems 1
   */
  paneles: [
    {
      id: string
      titulo: string
      secciones: Seccion[]
    },
    ...{
      id: string
      titulo: string
      secciones: Seccion[]
    }[]
  ]
}
/**
 * Key facts: a value and its label (15 camas, 24 horas...).
 */
export interface SeccionDatos {
  tipo: 'datos'
  titulo?: string
  /**
   * @minItems 1
   */
  datos: [
    {
      valor: string | number
      etiqueta: string
      detalle?: string
    },
    ...{
      valor: string | number
      etiqueta: string
      detalle?: string
    }[]
  ]
}
/**
 * A third-party video loaded only when the visitor asks.
 */
export interface SeccionVideo {
  tipo: 'video'
  titulo: string
  url: string
  descripcion?: string
  /**
   * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
   */
  subtitulos?: string
  /**
   * An internal route (/...), a file under /assets/, an external https/http address, mailto: or tel:.
   */
  transcripcion?: string
}
/**
 * A third-party embed (calendar, social page) or a local PDF, loaded only when the visitor asks.
 */
export interface SeccionEmbebido {
  tipo: 'embebido'
  titulo: string
  url: string
  descripcion?: string
  alto?: number
}
export interface SeccionImagen {
  tipo: 'imagen'
  src: string
  alt: string
  pie?: string
  ancho?: number
  alto?: number
}
/**
 * Frequently asked questions; answers in Markdown.
 */
export interface SeccionPreguntas {
  tipo: 'preguntas'
  titulo?: string
  /**
   * @minItems 1
   */
  preguntas: [
    {
      pregunta: string
      respuesta: string
    },
    ...{
      pregunta: string
      respuesta: string
    }[]
  ]
}
/**
 * People table (board of directors): name, role, board position.
 */
export interface SeccionPersonas {
  tipo: 'personas'
  titulo?: string
  /**
   * @minItems 1
   */
  personas: [
    {
      nombre: string
      cargo: string
      posicion: string
    },
    ...{
      nombre: string
      cargo: string
      posicion: string
    }[]
  ]
}
/**
 * The site map, built from every page of the manifest.
 */
export interface SeccionMapaSitio {
  tipo: 'mapaSitio'
  titulo?: string
}
/**
 * A citizen form of manifest/forms/, rendered from its definition and submitted to its endpoint.
 */
export interface SeccionFormulario {
  tipo: 'formulario'
  /**
   * id of a form in manifest/forms/.
   */
  formulario: string
  /**
   * Heading above the form; without it, the form's own titulo.
   */
  titulo?: string
}
/**
 * A quiz graded in the browser and never sent: a form of manifest/forms/ (envio: navegador) whose radio fields pregunta1..preguntaN are compared with the answer key.
 */
export interface SeccionEvaluacion {
  tipo: 'evaluacion'
  /**
   * Heading above the quiz; without it, the form's own titulo.
   */
  titulo?: string
  /**
   * id of a form in manifest/forms/.
   */
  formulario: string
  /**
   * Answer key: the correct option of pregunta1, pregunta2… in order.
   *
   * @minItems 1
   */
  clave: ['A' | 'B' | 'C' | 'D', ...('A' | 'B' | 'C' | 'D')[]]
  /**
   * Congratulation shown when every answer is right.
   */
  textoAprobado?: string
  /**
   * Text shown when any answer is wrong.
   */
  textoNoAprobado?: string
}
/**
 * Static sign-in form: it signs nobody in; a submit points staff to the intranet.
 */
export interface SeccionAcceso {
  tipo: 'acceso'
  /**
   * Address of the staff intranet.
   */
  intranet: string
  /**
   * Text shown on submit, before the intranet link.
   */
  mensaje: string
}
/**
 * Banner carousel of image slides (WAI-ARIA carousel pattern): auto-advance, pause on hover and a pause button.
 */
export interface SeccionCarrusel {
  tipo: 'carrusel'
  /**
   * Accessible name of the carousel region.
   */
  etiqueta: string
  /**
   * Milliseconds between slides (spec: 3000).
   */
  intervalo?: number
  /**
   * @minItems 1
   */
  diapositivas: [Diapositiva, ...Diapositiva[]]
}
/**
 * Banner slide of the spec (src, title, description, type, href) plus its text alternative.
 */
export interface Diapositiva {
  src: string
  /**
   * Text alternative of the image; on a linked slide it names the destination.
   */
  alt: string
  title?: string
  description?: string
  type: 'image'
  /**
   * Link target, opened in a new tab; empty when the slide has no link.
   */
  href?: string
  ancho?: number
  alto?: number
}
/**
 * News from manifest/news/: the latest ones (home block) or all of them (/notices/all).
 */
export interface SeccionNoticias {
  tipo: 'noticias'
  titulo?: string
  vista: 'ultimas' | 'todas'
}
/**
 * Site search results for ?q=, searched in the browser over /search-index.json.
 */
export interface SeccionBusqueda {
  tipo: 'busqueda'
}
/**
 * A text box and a Buscar button that go to /buscar?q={text}.
 */
export interface SeccionBuscadorNormas {
  tipo: 'buscadorNormas'
  titulo?: string
  descripcion?: string
}
/**
 * Font-size and grayscale controls (presentation only).
 */
export interface SeccionAccesibilidad {
  tipo: 'accesibilidad'
  titulo?: string
}
/**
 * A spreadsheet-style list of downloadable documents (one row per file), shown by pages through a `documentos` section.
 */
export interface DocumentList {
  id: string
  titulo: string
  /**
   * true when the rows are sample content to be replaced by the hospital.
   */
  muestra?: boolean
  filas: Fila[]
}
export interface Fila {
  anio: number
  categoria?: string
  periodo?: string
  titulo: string
  /**
   * A file under public/assets, written as /assets/...
   */
  archivo?: string
  url?: string
  fecha?: string
  descripcion?: string
}
/**
 * One citizen form. The same definition renders the form, validates it in the browser and validates it on the server.
 */
export interface FormDefinition {
  id: string
  titulo: string
  descripcion?: string
  /**
   * How the form is submitted: json or multipart to an endpoint, or navegador (kept in the browser, never sent).
   */
  envio: 'json' | 'multipart' | 'navegador'
  endpoint?: string
  /**
   * Success text; {id} is replaced by the filing number the server returns.
   */
  exito?: string
  botonEnviar: string
  /**
   * @minItems 1
   */
  campos: [Campo, ...Campo[]]
  /**
   * Términos legales de respuesta de las radicaciones de este formulario, en días hábiles (lunes a viernes sin festivos de Colombia), contados desde el día hábil siguiente al de recepción. La oficina (SIAU) los ve en su bandeja con la fecha de vencimiento. Ejemplo: { diasHabiles: 15, campoTipo: tipoSolicitud, porTipo: [{ tipo: 8, diasHabiles: 10 }] }.
   */
  terminos?: {
    /**
     * Término general de respuesta en días hábiles, para los tipos de solicitud sin término propio. Ejemplo: 15 (Ley 1755 de 2015, art. 14).
     */
    diasHabiles: number
    /**
     * Norma que fija el término general, tal como se muestra a la oficina. Ejemplo: «Ley 1755 de 2015, art. 14».
     */
    fundamento?: string
    /**
     * Nombre del campo del formulario (una lista) cuyo valor es el tipo de solicitud; su término puede cambiar con «porTipo». Ejemplo: tipoSolicitud.
     */
    campoTipo?: string
    /**
     * Términos propios de algunos tipos de solicitud (valores de la lista de «campoTipo»). Ejemplo: [{ tipo: 8, diasHabiles: 10, fundamento: «Ley 1755 de 2015, art. 14, num. 1» }].
     */
    porTipo?: {
      /**
       * Identificador del tipo de solicitud en la lista del campo «campoTipo» (manifest/forms/lookups.yaml). Ejemplo: 8 (Solicitud de información pública).
       */
      tipo: number
      /**
       * Término de respuesta de este tipo, en días hábiles. Ejemplo: 10.
       */
      diasHabiles: number
      /**
       * Norma que fija este término. Ejemplo: «Ley 1755 de 2015, art. 14, num. 1».
       */
      fundamento?: string
    }[]
    /**
     * Días hábiles para trasladar a la entidad competente una solicitud que no le corresponde a la E.S.E., informando al peticionario. Ejemplo: 5 (Ley 1755 de 2015, art. 21). Si se omite, 5.
     */
    diasTraslado?: number
  }
}
export interface Campo {
  nombre: string
  etiqueta: string
  control: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'file' | 'hidden'
  requerido?: boolean
  /**
   * Regular expression the value must match (e.g. ^[0-9]+$ for digits only).
   */
  patron?: string
  longitudMaxima?: number
  formato?: 'email' | 'date'
  /**
   * Type of the value sent: texto (default), entero (numeric id), booleano or marcaTiempo (timestamp in ms).
   */
  tipoDato?: 'texto' | 'entero' | 'booleano' | 'marcaTiempo'
  /**
   * Id of a list in manifest/forms/lookups.yaml (for select or radio).
   */
  lista?: string
  /**
   * @minItems 1
   */
  opciones?: [
    {
      valor: string
      etiqueta: string
    },
    ...{
      valor: string
      etiqueta: string
    }[]
  ]
  /**
   * Accepted file types for a file control, e.g. application/pdf.
   */
  aceptar?: string
  tamanoMaximoMB?: number
  ayuda?: string
  autocompletar?: string
  mensajes?: {
    requerido?: string
    patron?: string
    formato?: string
    longitudMaxima?: string
    opcion?: string
  }
}
/**
 * Option lists used by the forms and served by the API as {id, name}.
 */
export interface Lookups {
  listas: {
    /**
     * @minItems 1
     */
    [k: string]: [
      {
        id: number
        nombre: string
      },
      ...{
        id: number
        nombre: string
      }[]
    ]
  }
}
/**
 * One news item (noticia). HTML fields are sanitized at build time.
 */
export interface NewsItem {
  id: string
  encabezado?: string
  titulo: string
  dependencia: string
  cuerpo: string
  fechaCreacion: string
  muestra?: boolean
}
