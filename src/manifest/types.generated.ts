/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */

/**
 * Una sección de la página; su campo «tipo» dice cuál (texto, enlaces, documentos, acordeon…).
 */
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
  | SeccionTransparencia
  | SeccionRegistroPublicaciones
  | SeccionDatosAbiertos
  | SeccionConsulta
  | SeccionInformeSolicitudes

export interface ManifestTypes {
  site?: SiteManifest
  page?: PageManifest
  documents?: DocumentList
  form?: FormDefinition
  lookups?: Lookups
  news?: NewsItem
  ita?: MatrizITA
}
/**
 * Lo que comparten todas las páginas: datos de la institución, barra superior, menú principal, menús laterales y pie de página (manifest/site.yaml).
 */
export interface SiteManifest {
  /**
   * Nombre oficial de la institución. Ejemplo: «E.S.E. Hospital Local San Juan de Dios».
   */
  nombre: string
  /**
   * Nombre corto para el encabezado. Ejemplo: «Hospital San Juan de Dios».
   */
  nombreCorto: string
  /**
   * Descripción de la institución para buscadores. Ejemplo: «Empresa Social del Estado de primer nivel».
   */
  descripcion?: string
  /**
   * Dirección pública del sitio, usada en sitemap.xml y en los enlaces canónicos. Ejemplo: https://www.hospital.gov.co.
   */
  urlPublica?: string
  /**
   * Fecha de la última actualización del sitio (AAAA-MM-DD), que se muestra en el pie. Ejemplo: 2026-11-20.
   */
  ultimaActualizacion: string
  /**
   * Enlaces adicionales de la barra superior GOV.CO, después del logo de GOV.CO (que se pone solo y enlaza a https://www.gov.co). Las redes sociales van en el pie. Ejemplo: Correo institucional.
   */
  barraSuperior: Enlace[]
  /**
   * Logos de la identidad GOV.CO (Anexo 2 de la Resolución 1519 de 2020), como archivos SVG en public/assets con su texto alternativo: el de GOV.CO va en la barra superior y en el pie, el de la marca país en el pie. Ejemplo: govco: { url: /assets/identidad/govco.svg, textoAlternativo: GOV.CO }.
   */
  logosGobierno?: {
    govco: Logo
    marcaPais: Logo1
  }
  /**
   * Logo y colores institucionales del hospital, dentro del marco GOV.CO: la barra de GOV.CO sigue primero y no cambia. Los colores llegan a todas las páginas en una hoja de estilos que se genera al compilar. El validador rechaza los colores que no alcanzan el contraste AA de WCAG 2.1 (4,5:1) con el texto que llevan. Si se omite, el sitio conserva los colores de la plantilla. Ejemplo: { logo: { url: /assets/identidad/logo-hospital.svg, textoAlternativo: Logo del Hospital San Juan de Dios }, colores: { primario: "#0b5394" } }.
   */
  identidad?: {
    logo?: LogoHospital
    /**
     * Colores del hospital en hexadecimal (#rrggbb), escritos entre comillas porque «#» empieza un comentario en YAML. Ejemplo: { primario: "#0b5394" }.
     */
    colores?: {
      /**
       * Color institucional: fondo de la franja de la cabecera y de los botones, con texto blanco encima, y color de los enlaces y títulos sobre el fondo blanco de la página. Debe tener un contraste de al menos 4,5:1 con el blanco (WCAG 2.1 AA): un color claro, como un amarillo, no sirve; use un tono oscuro del color del hospital. Ejemplo: "#0b5394".
       */
      primario: string
      /**
       * Fondo de la franja del menú principal y de los recuadros claros, con los enlaces en el color primario encima (contraste de al menos 4,5:1). Si se omite, se usa un tono muy claro del color primario. Ejemplo: "#e7eef6".
       */
      fondoClaro?: string
    }
  }
  centroRelevo?: Enlace1
  /**
   * Idiomas que ofrece el selector de traducción.
   */
  idiomas?: {
    /**
     * Código ISO de dos letras del idioma. Ejemplo: en.
     */
    codigo: string
    /**
     * Nombre del idioma en ese idioma. Ejemplo: English.
     */
    nombre: string
  }[]
  /**
   * Enlaces del menú principal, en orden.
   *
   * @minItems 1
   */
  menu: [Enlace, ...Enlace[]]
  /**
   * Menús laterales por id; una página elige el suyo con «menuLateral». Ejemplo: hospital.
   */
  menusLaterales: {
    [k: string]: MenuLateral
  }
  contacto?: Contacto
  /**
   * Aviso de privacidad (Ley 1581 de 2012, art. 12; Decreto 1377 de 2013, arts. 14 y 15) que se muestra antes de enviar cada formulario con «avisoPrivacidad», junto a la casilla obligatoria de autorización «autorizacionDatos». Está escrito una sola vez aquí y lo usan todos los formularios, el navegador, las páginas sin JavaScript y el servidor. Ejemplo: { version: "2026-11", titulo: Aviso de privacidad, responsable: …, finalidad: …, derechos: …, datosSensibles: …, politica: /politica-de-tratamiento-de-datos, casilla: …, mensaje: … }.
   */
  avisoPrivacidad?: {
    /**
     * Versión del aviso. Se guarda con cada autorización: cámbiela cada vez que cambie el texto del aviso, para saber qué texto aceptó cada persona. Ejemplo: "2026-11".
     */
    version: string
    /**
     * Un texto que no puede quedar vacío.
     */
    titulo: string
    /**
     * Un texto que no puede quedar vacío.
     */
    responsable: string
    /**
     * Un texto que no puede quedar vacío.
     */
    finalidad: string
    /**
     * Un texto que no puede quedar vacío.
     */
    derechos: string
    /**
     * Un texto que no puede quedar vacío.
     */
    datosSensibles: string
    /**
     * Dirección de la página (o del PDF) de la política de tratamiento de datos personales, enlazada desde el aviso. Ejemplo: /politica-de-tratamiento-de-datos.
     */
    politica: string
    /**
     * Un texto que no puede quedar vacío.
     */
    enlacePolitica?: string
    /**
     * Un texto que no puede quedar vacío.
     */
    casillaSensibles?: string
    /**
     * Mensaje cuando se envía sin marcar la casilla de datos sensibles. Si se omite: «Debe autorizar de forma expresa el tratamiento de sus datos sensibles para enviar esta solicitud.». Ejemplo: «Debe autorizar el tratamiento de sus datos sensibles.».
     */
    mensajeSensibles?: string
    /**
     * Un texto que no puede quedar vacío.
     */
    casilla: string
    /**
     * Mensaje cuando se envía un formulario sin marcar la casilla; un formulario puede cambiarlo con «avisoPrivacidad: { mensaje: … }». Ejemplo: «Debe autorizar el tratamiento de sus datos personales para enviar el formulario.».
     */
    mensaje: string
    /**
     * true mientras el texto sea de muestra y el hospital no haya aprobado el suyo. Ejemplo: true.
     */
    muestra?: boolean
  }
  pie: Pie
}
/**
 * Un enlace: texto visible y dirección.
 */
export interface Enlace {
  /**
   * Texto visible del enlace. Ejemplo: «Transparencia».
   */
  texto: string
  /**
   * Dirección del enlace: ruta interna, archivo en /assets/, https://, mailto: o tel:. Ejemplo: /transparencia.
   */
  url: string
  /**
   * Texto corto opcional bajo el enlace. Ejemplo: «Consulte los informes de 2025».
   */
  descripcion?: string
}
/**
 * Logo de GOV.CO, que enlaza al portal https://www.gov.co. Ejemplo: { url: /assets/identidad/govco.svg, textoAlternativo: GOV.CO, Portal Único del Estado Colombiano }.
 */
export interface Logo {
  /**
   * Archivo SVG del logo dentro de public/assets. Ejemplo: /assets/identidad/govco.svg.
   */
  url: string
  /**
   * Texto que leen los lectores de pantalla en lugar del logo. Ejemplo: GOV.CO, Portal Único del Estado Colombiano.
   */
  textoAlternativo: string
}
/**
 * Logo de la marca país CO. Ejemplo: { url: /assets/identidad/marca-pais-co.svg, textoAlternativo: Marca país Colombia (CO) }.
 */
export interface Logo1 {
  /**
   * Archivo SVG del logo dentro de public/assets. Ejemplo: /assets/identidad/govco.svg.
   */
  url: string
  /**
   * Texto que leen los lectores de pantalla en lugar del logo. Ejemplo: GOV.CO, Portal Único del Estado Colombiano.
   */
  textoAlternativo: string
}
/**
 * Logo propio del hospital, que se muestra en la cabecera junto al nombre, debajo de la barra de GOV.CO. Archivo SVG, PNG, JPG o WEBP dentro de public/assets, con su texto alternativo. Ejemplo: { url: /assets/identidad/logo-hospital.svg, textoAlternativo: Logo del Hospital San Juan de Dios }.
 */
export interface LogoHospital {
  /**
   * Archivo del logo dentro de public/assets (SVG, PNG, JPG o WEBP). Ejemplo: /assets/identidad/logo-hospital.svg.
   */
  url: string
  /**
   * Texto que leen los lectores de pantalla en lugar del logo. Ejemplo: Logo del Hospital San Juan de Dios.
   */
  textoAlternativo: string
  /**
   * true mientras el logo sea el de muestra y el hospital no haya entregado el suyo. Ejemplo: true.
   */
  muestra?: boolean
}
/**
 * Un enlace: texto visible y dirección.
 */
export interface Enlace1 {
  /**
   * Texto visible del enlace. Ejemplo: «Transparencia».
   */
  texto: string
  /**
   * Dirección del enlace: ruta interna, archivo en /assets/, https://, mailto: o tel:. Ejemplo: /transparencia.
   */
  url: string
  /**
   * Texto corto opcional bajo el enlace. Ejemplo: «Consulte los informes de 2025».
   */
  descripcion?: string
}
export interface MenuLateral {
  /**
   * Título del menú lateral. Ejemplo: «Nuestro hospital».
   */
  titulo: string
  /**
   * Enlaces del menú lateral, en orden.
   *
   * @minItems 1
   */
  enlaces: [ItemMenuLateral, ...ItemMenuLateral[]]
}
export interface ItemMenuLateral {
  /**
   * Texto visible del enlace del menú lateral. Ejemplo: «Junta directiva».
   */
  texto: string
  /**
   * Dirección del enlace. Ejemplo: /hospital/junta.
   */
  url: string
  /**
   * Enlaces que cuelgan de este (submenú).
   */
  hijos?: ItemMenuLateral[]
}
/**
 * Datos de contacto de la institución (teléfonos, correos, direcciones, horarios), escritos una sola vez y citados por su identificador en páginas y pie. Ejemplo: telefonos: { urgencias: { etiqueta: Urgencias, numero: (601) 555 0101 } }.
 */
export interface Contacto {
  /**
   * true mientras los teléfonos, correos, direcciones y horarios sean de muestra y el hospital no haya dado los reales. Ejemplo: true.
   */
  muestra?: boolean
  /**
   * Datos de ubicación de la entidad que el pie muestra junto a la dirección (Anexo 2 de la Resolución 1519 de 2020). Ejemplo: { municipio: Santa Rosa, departamento: Bolívar, codigoPostal: "132040" }.
   */
  entidad?: {
    /**
     * Municipio de la sede principal. Ejemplo: Santa Rosa.
     */
    municipio: string
    /**
     * Departamento de la sede principal. Ejemplo: Bolívar.
     */
    departamento: string
    /**
     * Código postal de seis cifras de la sede principal (4-72). Ejemplo: 132040.
     */
    codigoPostal: string
    /**
     * true mientras estos datos sean de muestra y el hospital no haya dado los reales. Ejemplo: true.
     */
    muestra?: boolean
  }
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
    /**
     * Un texto que no puede quedar vacío.
     */
    [k: string]: string
  }
  /**
   * Horarios de atención por identificador. Ejemplo: administrativo: lunes a viernes de 8:00 a 12:00 y de 14:00 a 18:00.
   */
  horarios?: {
    /**
     * Un texto que no puede quedar vacío.
     */
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
/**
 * Datos del pie de página: dirección, teléfonos, correos y enlaces.
 */
export interface Pie {
  /**
   * Un texto que no puede quedar vacío.
   */
  direccion: string
  /**
   * Horario de atención al público. Ejemplo: «Lunes a viernes de 7:00 a. m. a 5:00 p. m.».
   */
  horarioAtencion?: string
  /**
   * Teléfonos del pie, por su identificador en «contacto.telefonos», en orden. Ejemplo: [urgencias, citas].
   */
  telefonos: string[]
  /**
   * Dónde y cuándo se recibe correspondencia física.
   */
  correspondencia: {
    /**
     * Un texto que no puede quedar vacío.
     */
    direccion: string
    /**
     * Un texto que no puede quedar vacío.
     */
    horario: string
  }
  /**
   * Correos del pie, por su identificador en «contacto.correos», en orden. Ejemplo: [contacto, notificaciones-judiciales].
   */
  correos: string[]
  /**
   * Enlaces a entidades del Gobierno (Ministerio de Salud, Supersalud…).
   */
  enlacesGobierno: Enlace[]
  /**
   * Enlaces a las políticas (privacidad, derechos de autor…).
   */
  politicas: Enlace[]
  /**
   * Enlaces a las redes sociales de la institución.
   */
  redes: Enlace[]
  /**
   * Ruta de la página del mapa del sitio. Ejemplo: /mapa-del-sitio.
   */
  mapaSitio: string
  /**
   * Dirección de la política de tratamiento de datos personales (Ley 1581 de 2012). Ejemplo: /assets/politicas/datos.pdf.
   */
  politicaDatos: string
}
/**
 * Una ruta del sitio. Una página tiene contenido (secciones) o redirige a la página principal de su grupo (redirigirA). Ejemplo: manifest/pages/hospital/junta.yaml.
 */
export interface PageManifest {
  /**
   * Ruta de la página en el sitio. Ejemplo: /hospital/junta.
   */
  ruta: string
  /**
   * Un texto que no puede quedar vacío.
   */
  etiqueta: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Descripción para buscadores (meta description). Ejemplo: «Miembros de la junta directiva del hospital».
   */
  descripcion?: string
  /**
   * Id de un menú lateral de manifest/site.yaml. Ejemplo: hospital.
   */
  menuLateral?: string
  /**
   * true cuando la página tiene texto de muestra que el hospital debe reemplazar. Ejemplo: true.
   */
  muestra?: boolean
  /**
   * Ruta a la que lleva esta página en lugar de mostrar contenido. Ejemplo: /hospital/hospital.
   */
  redirigirA?: string
  /**
   * Palabras o frases con las que la ciudadanía busca esta página aunque no estén en su título (búsqueda del sitio). Una coincidencia exacta pone la página primero. Ejemplo: para /pqrsd, «pqrs», «queja», «reclamo».
   */
  palabrasClave?: string[]
  /**
   * false oculta la página del mapa del sitio. Ejemplo: false.
   */
  enMapa?: boolean
  /**
   * Bloques de contenido de la página, en orden; cada uno elige su «tipo» (texto, documentos, enlaces…).
   */
  secciones?: Seccion[]
}
/**
 * Texto enriquecido escrito en Markdown.
 */
export interface SeccionTexto {
  /**
   * Tipo de sección: siempre «texto».
   */
  tipo: 'texto'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  contenido: string
}
/**
 * Una lista de enlaces.
 */
export interface SeccionEnlaces {
  /**
   * Tipo de sección: siempre «enlaces».
   */
  tipo: 'enlaces'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Los enlaces de la lista, en orden.
   *
   * @minItems 1
   */
  enlaces: [Enlace, ...Enlace[]]
}
/**
 * Mosaicos: una cuadrícula de recuadros con enlace.
 */
export interface SeccionMosaicos {
  /**
   * Tipo de sección: siempre «mosaicos».
   */
  tipo: 'mosaicos'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Los recuadros, en orden.
   *
   * @minItems 1
   */
  mosaicos: [
    {
      /**
       * Un texto que no puede quedar vacío.
       */
      titulo: string
      /**
       * Texto corto del recuadro. Ejemplo: «Atención las 24 horas».
       */
      texto?: string
      /**
       * A dónde lleva el recuadro. Ejemplo: /services/urgencias.
       */
      url: string
      /**
       * Imagen del recuadro en /assets/. Ejemplo: /assets/imagenes/urgencias.webp.
       */
      imagen?: string
    },
    ...{
      /**
       * Un texto que no puede quedar vacío.
       */
      titulo: string
      /**
       * Texto corto del recuadro. Ejemplo: «Atención las 24 horas».
       */
      texto?: string
      /**
       * A dónde lleva el recuadro. Ejemplo: /services/urgencias.
       */
      url: string
      /**
       * Imagen del recuadro en /assets/. Ejemplo: /assets/imagenes/urgencias.webp.
       */
      imagen?: string
    }[]
  ]
}
/**
 * Una tabla con encabezados de columna y filas.
 */
export interface SeccionTabla {
  /**
   * Tipo de sección: siempre «tabla».
   */
  tipo: 'tabla'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Encabezados de las columnas, en orden. Ejemplo: [Servicio, Horario].
   *
   * @minItems 1
   *
   * Items: Un texto que no puede quedar vacío.
   */
  columnas: [string, ...string[]]
  /**
   * Filas de la tabla; cada fila es una lista de celdas en el orden de las columnas.
   */
  filas: (string | number | Enlace)[][]
  /**
   * Dirección del mismo conjunto de datos en el Portal de Datos Abiertos del Estado colombiano (Resolución 1519 de 2020, anexo 4); se muestra junto a los datos y en la sección de datos abiertos. Debe empezar por https://www.datos.gov.co/. Ejemplo: https://www.datos.gov.co/d/abcd-1234.
   */
  datosGovCo?: string
}
/**
 * Las filas de una lista de manifest/documents/, como acordeón de paneles por año, tabla o lista.
 */
export interface SeccionDocumentos {
  /**
   * Tipo de sección: siempre «documentos».
   */
  tipo: 'documentos'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Id de una lista de manifest/documents/. Ejemplo: control-informes.
   */
  fuente: string
  /**
   * Cómo se muestran las filas: acordeon (un panel por año), tabla o lista. Ejemplo: acordeon.
   */
  vista?: 'acordeon' | 'tabla' | 'lista'
  /**
   * Muestra solo las filas de esta categoría. Ejemplo: «Auditorías internas».
   */
  categoria?: string
  /**
   * Rangos de años agrupados en un panel cada uno. Se muestran del más reciente al más antiguo, escritos en cualquier orden; los años que ningún panel cubre reciben su propio panel automáticamente (un año nuevo no requiere editar la página). Sin «paneles», un panel por año. Ejemplo: - { id: 2020-2023, titulo: 2020 a 2023, desde: 2020, hasta: 2023 }.
   */
  paneles?: {
    /**
     * Identificador del panel, en minúsculas con guiones. Ejemplo: anteriores.
     */
    id: string
    /**
     * Un texto que no puede quedar vacío.
     */
    titulo: string
    /**
     * Primer año del panel. Ejemplo: 2016.
     */
    desde: number
    /**
     * Último año del panel. Ejemplo: 2019.
     */
    hasta: number
    /**
     * Solo las filas de esta categoría en el panel. Ejemplo: «Auditorías internas».
     */
    categoria?: string
  }[]
  /**
   * Panel abierto al cargar la página: primero, ninguno, un año o el id de un panel. Ejemplo: primero.
   */
  abierto?: string | number
  /**
   * Columnas de la vista tabla, en orden.
   *
   * @minItems 1
   */
  columnas?: [
    {
      /**
       * Dato de la fila que muestra la columna. Ejemplo: titulo.
       */
      campo: 'anio' | 'categoria' | 'periodo' | 'titulo' | 'descripcion' | 'fecha' | 'enlace'
      /**
       * Un texto que no puede quedar vacío.
       */
      encabezado: string
    },
    ...{
      /**
       * Dato de la fila que muestra la columna. Ejemplo: titulo.
       */
      campo: 'anio' | 'categoria' | 'periodo' | 'titulo' | 'descripcion' | 'fecha' | 'enlace'
      /**
       * Un texto que no puede quedar vacío.
       */
      encabezado: string
    }[]
  ]
}
/**
 * Paneles que contienen secciones; uno abierto a la vez.
 */
export interface SeccionAcordeon {
  /**
   * Tipo de sección: siempre «acordeon».
   */
  tipo: 'acordeon'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Panel abierto al cargar la página: primero, ninguno o el id de un panel. Ejemplo: primero.
   */
  abierto?: string | number
  /**
   * Los paneles del acordeón, en orden.
   *
   * @minItems 1
   */
  paneles: [
    {
      /**
       * Identificador del panel, en minúsculas con guiones. Ejemplo: mision.
       */
      id: string
      /**
       * Un texto que no puede quedar vacío.
       */
      titulo: string
      /**
       * Secciones dentro del panel (texto, enlaces, documentos…).
       */
      secciones: Seccion[]
    },
    ...{
      /**
       * Identificador del panel, en minúsculas con guiones. Ejemplo: mision.
       */
      id: string
      /**
       * Un texto que no puede quedar vacío.
       */
      titulo: string
      /**
       * Secciones dentro del panel (texto, enlaces, documentos…).
       */
      secciones: Seccion[]
    }[]
  ]
}
/**
 * Datos clave: un valor y su etiqueta (15 camas, 24 horas...).
 */
export interface SeccionDatos {
  /**
   * Tipo de sección: siempre «datos».
   */
  tipo: 'datos'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Los datos, en orden.
   *
   * @minItems 1
   */
  datos: [
    {
      /**
       * Cifra o valor destacado. Ejemplo: 15.
       */
      valor: string | number
      /**
       * Un texto que no puede quedar vacío.
       */
      etiqueta: string
      /**
       * Aclaración opcional. Ejemplo: «en hospitalización general».
       */
      detalle?: string
    },
    ...{
      /**
       * Cifra o valor destacado. Ejemplo: 15.
       */
      valor: string | number
      /**
       * Un texto que no puede quedar vacío.
       */
      etiqueta: string
      /**
       * Aclaración opcional. Ejemplo: «en hospitalización general».
       */
      detalle?: string
    }[]
  ]
}
/**
 * Un video de un tercero que se carga solo cuando el visitante lo pide.
 */
export interface SeccionVideo {
  /**
   * Tipo de sección: siempre «video».
   */
  tipo: 'video'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Dirección https:// del video. Ejemplo: https://www.youtube.com/embed/abc123.
   */
  url: string
  /**
   * Texto corto sobre el video. Ejemplo: «Audiencia pública del 20 de marzo».
   */
  descripcion?: string
  /**
   * Archivo de subtítulos (WebVTT). Ejemplo: /assets/videos/rendicion-2025.vtt.
   */
  subtitulos?: string
  /**
   * Transcripción del video. Ejemplo: /assets/videos/rendicion-2025.pdf.
   */
  transcripcion?: string
}
/**
 * Contenido de un tercero (calendario, página social) o un PDF local, que se carga solo cuando el visitante lo pide.
 */
export interface SeccionEmbebido {
  /**
   * Tipo de sección: siempre «embebido».
   */
  tipo: 'embebido'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Dirección https:// o un PDF de /assets/. Ejemplo: /assets/planeacion/plan-2025.pdf.
   */
  url: string
  /**
   * Texto corto sobre el contenido. Ejemplo: «Actividades del mes».
   */
  descripcion?: string
  /**
   * Alto del marco en píxeles, entre 100 y 2000. Ejemplo: 600.
   */
  alto?: number
  /**
   * Si lo embebido es un video: su archivo de subtítulos (WebVTT), cuando el proveedor no los muestra en su reproductor. Ejemplo: /assets/videos/rendicion-2025.vtt.
   */
  subtitulos?: string
  /**
   * Si lo embebido es un video: su transcripción (el validador avisa si falta). Ejemplo: /assets/videos/rendicion-2025.pdf.
   */
  transcripcion?: string
}
/**
 * Una imagen de /assets/ con su texto alternativo.
 */
export interface SeccionImagen {
  /**
   * Tipo de sección: siempre «imagen».
   */
  tipo: 'imagen'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Imagen en /assets/. Ejemplo: /assets/hospital/organigrama.png.
   */
  src: string
  /**
   * Texto alternativo que describe la imagen para quien no la ve. Ejemplo: «Organigrama del hospital».
   */
  alt: string
  /**
   * Pie de foto visible. Ejemplo: «Organigrama aprobado en 2024».
   */
  pie?: string
  /**
   * Ancho de la imagen en píxeles. Ejemplo: 800.
   */
  ancho?: number
  /**
   * Alto de la imagen en píxeles. Ejemplo: 600.
   */
  alto?: number
}
/**
 * Preguntas frecuentes; las respuestas en Markdown.
 */
export interface SeccionPreguntas {
  /**
   * Tipo de sección: siempre «preguntas».
   */
  tipo: 'preguntas'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Las preguntas con sus respuestas, en orden.
   *
   * @minItems 1
   */
  preguntas: [
    {
      /**
       * Un texto que no puede quedar vacío.
       */
      pregunta: string
      /**
       * Un texto que no puede quedar vacío.
       */
      respuesta: string
    },
    ...{
      /**
       * Un texto que no puede quedar vacío.
       */
      pregunta: string
      /**
       * Un texto que no puede quedar vacío.
       */
      respuesta: string
    }[]
  ]
}
/**
 * Tabla de personas (junta directiva): nombre, cargo y posición.
 */
export interface SeccionPersonas {
  /**
   * Tipo de sección: siempre «personas».
   */
  tipo: 'personas'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Las personas, en orden.
   *
   * @minItems 1
   */
  personas: [
    {
      /**
       * Un texto que no puede quedar vacío.
       */
      nombre: string
      /**
       * Un texto que no puede quedar vacío.
       */
      cargo: string
      /**
       * Un texto que no puede quedar vacío.
       */
      posicion: string
    },
    ...{
      /**
       * Un texto que no puede quedar vacío.
       */
      nombre: string
      /**
       * Un texto que no puede quedar vacío.
       */
      cargo: string
      /**
       * Un texto que no puede quedar vacío.
       */
      posicion: string
    }[]
  ]
}
/**
 * El mapa del sitio, construido con todas las páginas del manifiesto.
 */
export interface SeccionMapaSitio {
  /**
   * Tipo de sección: siempre «mapaSitio».
   */
  tipo: 'mapaSitio'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
}
/**
 * Un formulario de manifest/forms/, dibujado desde su definición y enviado a su dirección.
 */
export interface SeccionFormulario {
  /**
   * Tipo de sección: siempre «formulario».
   */
  tipo: 'formulario'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Id de un formulario de manifest/forms/. Ejemplo: pqrsd.
   */
  formulario: string
  /**
   * Título encima del formulario; sin él, el título del propio formulario. Ejemplo: «Radique su PQRSD».
   */
  titulo?: string
}
/**
 * Una evaluación que se califica en el navegador y nunca se envía: un formulario de manifest/forms/ (envio: navegador) cuyas preguntas pregunta1..preguntaN se comparan con la clave.
 */
export interface SeccionEvaluacion {
  /**
   * Tipo de sección: siempre «evaluacion».
   */
  tipo: 'evaluacion'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título encima de la evaluación; sin él, el título del propio formulario. Ejemplo: «Evaluación del módulo 1».
   */
  titulo?: string
  /**
   * Id de un formulario de manifest/forms/ con envio: navegador. Ejemplo: evaluacion.
   */
  formulario: string
  /**
   * Clave de respuestas: la opción correcta de pregunta1, pregunta2… en orden. Ejemplo: [A, C, B].
   *
   * @minItems 1
   */
  clave: ['A' | 'B' | 'C' | 'D', ...('A' | 'B' | 'C' | 'D')[]]
  /**
   * Felicitación cuando todas las respuestas son correctas. Ejemplo: «¡Felicitaciones, aprobó!».
   */
  textoAprobado?: string
  /**
   * Texto cuando alguna respuesta es incorrecta. Ejemplo: «Revise el módulo e intente de nuevo».
   */
  textoNoAprobado?: string
}
/**
 * Formulario de ingreso del personal de la oficina de atención al ciudadano (SIAU): correo, contraseña, «Recordarme» e Ingresar. Envía los datos al servidor, que abre la sesión y lleva a /oficina.
 */
export interface SeccionAcceso {
  /**
   * Tipo de sección: siempre «acceso».
   */
  tipo: 'acceso'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Dirección de la intranet, para el personal que busca otros servicios; se muestra como enlace bajo el formulario. Ejemplo: https://intranet.hospital.gov.co.
   */
  intranet?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  mensaje?: string
}
/**
 * Carrusel de diapositivas con imagen (patrón de carrusel WAI-ARIA): avanza solo, se detiene al pasar el puntero y tiene botón de pausa.
 */
export interface SeccionCarrusel {
  /**
   * Tipo de sección: siempre «carrusel».
   */
  tipo: 'carrusel'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  etiqueta: string
  /**
   * Milisegundos entre diapositivas (la especificación pide 3000). Ejemplo: 3000.
   */
  intervalo?: number
  /**
   * Las diapositivas, en orden.
   *
   * @minItems 1
   */
  diapositivas: [Diapositiva, ...Diapositiva[]]
}
/**
 * Diapositiva de la especificación (src, title, description, type, href) más su texto alternativo.
 */
export interface Diapositiva {
  /**
   * Imagen de la diapositiva en /assets/. Ejemplo: /assets/banner/vacunacion.webp.
   */
  src: string
  /**
   * Un texto que no puede quedar vacío.
   */
  alt: string
  /**
   * Título de la diapositiva (nombre de campo de la especificación). Ejemplo: «Jornada de vacunación».
   */
  title?: string
  /**
   * Descripción de la diapositiva (nombre de campo de la especificación). Ejemplo: «Sábado 15 de noviembre».
   */
  description?: string
  /**
   * Tipo de diapositiva: siempre image.
   */
  type: 'image'
  /**
   * Destino del enlace, que se abre en otra pestaña; vacío cuando la diapositiva no tiene enlace. Ejemplo: /notices/all.
   */
  href?: string
  /**
   * Ancho de la imagen en píxeles. Ejemplo: 1200.
   */
  ancho?: number
  /**
   * Alto de la imagen en píxeles. Ejemplo: 400.
   */
  alto?: number
}
/**
 * Noticias de manifest/news/: las últimas (bloque de inicio) o todas (/notices/all).
 */
export interface SeccionNoticias {
  /**
   * Tipo de sección: siempre «noticias».
   */
  tipo: 'noticias'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * ultimas (bloque de inicio) o todas (página de noticias). Ejemplo: ultimas.
   */
  vista: 'ultimas' | 'todas'
}
/**
 * Resultados de la búsqueda del sitio para ?q=, buscados en el navegador sobre /search-index.json.
 */
export interface SeccionBusqueda {
  /**
   * Tipo de sección: siempre «busqueda».
   */
  tipo: 'busqueda'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
}
/**
 * Una caja de texto y un botón Buscar que llevan a /buscar?q={texto}.
 */
export interface SeccionBuscadorNormas {
  /**
   * Tipo de sección: siempre «buscadorNormas».
   */
  tipo: 'buscadorNormas'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
  /**
   * Texto de ayuda sobre la caja de búsqueda. Ejemplo: «Escriba el número o el tema de la norma».
   */
  descripcion?: string
}
/**
 * Controles de tamaño de letra y escala de grises (solo presentación).
 */
export interface SeccionAccesibilidad {
  /**
   * Tipo de sección: siempre «accesibilidad».
   */
  tipo: 'accesibilidad'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título opcional que se muestra encima de la sección. Ejemplo: «Informes de gestión».
   */
  titulo?: string
}
/**
 * Árbol numerado del menú «Transparencia y acceso a la información pública» (Resolución 1519 de 2020, Anexo 2, numeral 2.4.2). Los nombres de las categorías y de los numerales se toman de docs/normas/anexo2-transparencia.yaml; aquí se indica, para cada numeral, dónde está la información o por qué no aplica. Ejemplo: un numeral «1.1» con un enlace a /hospital/hospital.
 */
export interface SeccionTransparencia {
  /**
   * Tipo de sección: el árbol de transparencia. Ejemplo: transparencia.
   */
  tipo: 'transparencia'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Un elemento por cada numeral del anexo que no tiene subnumerales, cada uno una sola vez. Ejemplo: numero «1.12» con enlaces a la página de decisiones.
   *
   * @minItems 1
   */
  items: [ItemTransparencia, ...ItemTransparencia[]]
}
/**
 * Un numeral del anexo: sus enlaces a la información publicada, la razón legal si no aplica a la E.S.E., o lo que falta mientras está pendiente. Ejemplo: numero «2.1.6» con noAplica y la norma que lo explica.
 */
export interface ItemTransparencia {
  /**
   * Número del numeral tal como aparece en el anexo. Ejemplo: 1.12.
   */
  numero: string
  /**
   * Páginas, documentos o sitios donde está la información de este numeral. Ejemplo: texto «Organigrama», url /hospital/organigrama.
   *
   * @minItems 1
   */
  enlaces?: [Enlace, ...Enlace[]]
  /**
   * Razón legal por la que este numeral no aplica a la E.S.E.; se publica como «No aplica: …». Ejemplo: «La E.S.E. no es una entidad territorial: no recauda tributos locales.».
   */
  noAplica?: string
  /**
   * Lo que falta publicar en este numeral mientras la E.S.E. lo prepara; la matriz ITA y la compilación lo muestran como «pendiente». Ejemplo: «El informe del tercer trimestre se publica en octubre».
   */
  pendiente?: string
  /**
   * Aclaración breve que acompaña los enlaces. Ejemplo: «Los datos de cada servidor están en el SIGEP».
   */
  nota?: string
}
/**
 * Registro de publicaciones (Ley 1712 de 2014, art. 11 j): todos los documentos de manifest/documents/, por año de publicación, generado al publicar el sitio. Ejemplo: tipo registroPublicaciones con titulo «Documentos publicados».
 */
export interface SeccionRegistroPublicaciones {
  /**
   * Tipo de sección: el registro de publicaciones. Ejemplo: registroPublicaciones.
   */
  tipo: 'registroPublicaciones'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título sobre el registro. Ejemplo: Documentos publicados.
   */
  titulo?: string
}
/**
 * Catálogo de datos abiertos (Resolución 1519 de 2020, Anexo 4; numeral 7.2 del menú de transparencia): cada lista de documentos y cada tabla del sitio con sus copias CSV y JSON, generadas al publicar el sitio. Ejemplo: tipo datosAbiertos con titulo «Conjuntos de datos abiertos».
 */
export interface SeccionDatosAbiertos {
  /**
   * Tipo de sección: el catálogo de datos abiertos. Ejemplo: datosAbiertos.
   */
  tipo: 'datosAbiertos'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título sobre el catálogo. Ejemplo: Conjuntos de datos abiertos.
   */
  titulo?: string
}
/**
 * Consulta del estado de una solicitud (PQRSD, cita o historia clínica) con su número de radicado y su código de verificación: muestra el estado, las fechas y, cuando ya se respondió, la respuesta. Funciona también sin JavaScript. Ejemplo: tipo consulta con titulo «Consulte su solicitud en línea».
 */
export interface SeccionConsulta {
  /**
   * Tipo de sección: la consulta de una solicitud por radicado y código. Ejemplo: consulta.
   */
  tipo: 'consulta'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
  /**
   * Título sobre el formulario de consulta. Ejemplo: Consulte su solicitud en línea.
   */
  titulo?: string
  /**
   * Texto bajo el título. Ejemplo: «Escriba el número de radicado y el código de verificación de su recibo.».
   */
  descripcion?: string
}
/**
 * Informe público de solicitudes (Decreto 103 de 2015, art. 52; numeral 4.10 del menú de transparencia): el servidor pone aquí, al servir la página, el selector de periodo (trimestre o año) y la tabla por tipo de solicitud (recibidas, trasladadas, negadas, respondidas a tiempo y fuera de término, pendientes, tiempo promedio y mediano de respuesta en días hábiles), calculada en ese momento desde las radicaciones, con sus copias CSV y JSON. Ejemplo: tipo informeSolicitudes.
 */
export interface SeccionInformeSolicitudes {
  /**
   * Tipo de sección: el informe de solicitudes que calcula el servidor. Ejemplo: informeSolicitudes.
   */
  tipo: 'informeSolicitudes'
  /**
   * Identificador de la sección dentro de la página, para enlazarla directamente con «/ruta#ancla» (por ejemplo desde el menú de transparencia). Solo minúsculas, números y guiones. Ejemplo: registro-activos-informacion.
   */
  ancla?: string
}
/**
 * Lista de documentos descargables (una fila por archivo), que las páginas muestran con una sección «documentos». Ejemplo: manifest/documents/control-informes.yaml.
 */
export interface DocumentList {
  /**
   * Identificador de la lista, en minúsculas con guiones; las páginas lo citan en «fuente». Ejemplo: control-informes.
   */
  id: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * true cuando las filas son contenido de muestra que el hospital debe reemplazar. Ejemplo: true.
   */
  muestra?: boolean
  /**
   * Los documentos, una fila por archivo. Para publicar un año nuevo agregue filas con ese «anio».
   */
  filas: Fila[]
  /**
   * Dirección del mismo conjunto de datos en el Portal de Datos Abiertos del Estado colombiano (Resolución 1519 de 2020, anexo 4); se muestra junto a los datos y en la sección de datos abiertos. Debe empezar por https://www.datos.gov.co/. Ejemplo: https://www.datos.gov.co/d/abcd-1234.
   */
  datosGovCo?: string
}
/**
 * Una fila: un documento de un año.
 */
export interface Fila {
  /**
   * Año del documento; define el panel del año en que aparece. Ejemplo: 2025.
   */
  anio: number
  /**
   * Categoría para agrupar o filtrar filas dentro del año. Ejemplo: «Auditorías internas».
   */
  categoria?: string
  /**
   * Periodo que cubre el documento. Ejemplo: «Primer trimestre».
   */
  periodo?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Archivo dentro de public/assets, escrito como /assets/<área>/<tema>/<año>/<nombre>.pdf. Ejemplo: /assets/control/informes/2025/informe.pdf.
   */
  archivo?: string
  /**
   * Dirección externa del documento, cuando no está en /assets/. Ejemplo: https://www.colombiacompra.gov.co/documento.
   */
  url?: string
  /**
   * Fecha de publicación del documento (AAAA-MM-DD). Ejemplo: 2025-05-20.
   */
  fecha?: string
  /**
   * Texto corto opcional sobre el documento. Ejemplo: «Versión aprobada por la junta».
   */
  descripcion?: string
}
/**
 * Un formulario para la ciudadanía. La misma definición dibuja el formulario, lo valida en el navegador y lo valida en el servidor. Ejemplo: manifest/forms/pqrsd.yaml.
 */
export interface FormDefinition {
  /**
   * Identificador del formulario, en minúsculas con guiones; las páginas lo citan. Ejemplo: pqrsd.
   */
  id: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Texto bajo el título del formulario. Ejemplo: «Los campos marcados con * son obligatorios».
   */
  descripcion?: string
  /**
   * Cómo se envía el formulario: json o multipart a una dirección (endpoint), o navegador (se queda en el navegador, nunca se envía). Ejemplo: json.
   */
  envio: 'json' | 'multipart' | 'navegador'
  /**
   * Dirección de la API que recibe el formulario. Ejemplo: /api/pqrs.
   */
  endpoint?: string
  /**
   * Texto de éxito; {id} se reemplaza por el número de radicado que devuelve el servidor. Ejemplo: «Radicado: {id}».
   */
  exito?: string
  /**
   * Lo que el servidor hace con este formulario al recibirlo: qué tipo de radicación es, en qué serie se numera, cómo se llama en los avisos a la oficina y en la exportación. Un formulario con «endpoint» necesita este bloque: el servidor abre la dirección «endpoint» solo para los formularios que lo tienen. Ejemplo: { tipo: pqrs, serie: PQRS, nombre: PQRSD, exportacion: pqrs }.
   */
  radicacion?: {
    /**
     * radicacion (por defecto): una solicitud que la oficina debe responder, guardada con su número y avisada por correo a la oficina; suscripcion: un registro al boletín, uno por dirección de correo (el campo de tipo email del formulario), sin aviso a la oficina. Ejemplo: radicacion.
     */
    clase?: 'radicacion' | 'suscripcion'
    /**
     * Tipo de radicación con que se guarda (columna «tipo» de la base de datos), en minúsculas; no lo cambie después de recibir radicaciones. Ejemplo: pqrs.
     */
    tipo: string
    /**
     * Serie del número de radicado, en mayúsculas: el número es SERIE-AÑO-CONSECUTIVO. Ejemplo: PQRS (da PQRS-2025-000042).
     */
    serie: string
    /**
     * Nombre del tipo de radicación en el correo de aviso a la oficina. Ejemplo: «Solicitud de cita».
     */
    nombre: string
    /**
     * Nombre con que la oficina exporta estas radicaciones a hoja de cálculo: npm run export -- <nombre>. Ejemplo: citas.
     */
    exportacion: string
    /**
     * Correos al ciudadano durante el trámite de su radicación: cuando la oficina la responde, la traslada a otra entidad (Ley 1755 de 2015, art. 21) o amplía el término (art. 14, parágrafo). Salen solo si el ciudadano dio su correo y, cuando el formulario tiene un campo de medio de respuesta, si eligió uno de los medios de «mediosCorreo». Sin este bloque el ciudadano solo recibe por correo el recibo de la radicación. Ejemplo: { campoCorreo: correoElectronico, campoMedio: tipoRespuesta, mediosCorreo: [1], adjuntarRespuesta: true }.
     */
    avisos?: {
      /**
       * Nombre del campo del formulario con el correo del ciudadano (un campo «control: email»). Ejemplo: correoElectronico.
       */
      campoCorreo: string
      /**
       * Nombre del campo (una lista) donde el ciudadano elige cómo quiere recibir la respuesta. Sin él, todo ciudadano que dio su correo recibe los avisos. Ejemplo: tipoRespuesta.
       */
      campoMedio?: string
      /**
       * Identificadores de la lista de «campoMedio» (manifest/forms/lookups.yaml) que permiten avisar y responder por correo. Ejemplo: [1] (Correo electrónico).
       *
       * @minItems 1
       */
      mediosCorreo?: [number, ...number[]]
      /**
       * true: el PDF de respuesta va adjunto al correo. false: el correo no lleva el PDF y remite a la consulta en línea (/pqrsd/consulta, con número y código), por ejemplo para copias de historia clínica, que son datos de salud. Por defecto true. Ejemplo: false.
       */
      adjuntarRespuesta?: boolean
    }
  }
  /**
   * true cuando el formulario recoge datos personales: muestra antes del botón de envío el aviso de privacidad de site.yaml («avisoPrivacidad») y añade al final la casilla obligatoria «autorizacionDatos»; el servidor rechaza el envío sin ella y guarda la autorización con la versión del aviso y la hora. Con { mensaje: … } el formulario usa su propio mensaje para la casilla sin marcar. Ejemplo: true.
   */
  avisoPrivacidad?:
    | true
    | {
        /**
         * Mensaje propio de este formulario cuando la casilla de autorización no está marcada. Ejemplo: «Debe aceptar la política para continuar.».
         */
        mensaje?: string
      }
  /**
   * Un texto que no puede quedar vacío.
   */
  botonEnviar: string
  /**
   * Los campos del formulario, en orden.
   *
   * @minItems 1
   */
  campos: [Campo, ...Campo[]]
  /**
   * Reglas condicionales: cuando un campo tiene uno de ciertos valores, otro campo usa otro patrón y otro mensaje. Se compilan a JSON Schema if/then, la misma regla en el navegador y en el servidor. Ejemplo: con tipo de documento Pasaporte (5), el número admite letras.
   */
  reglas?: Regla[]
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
/**
 * Un campo del formulario.
 */
export interface Campo {
  /**
   * Nombre técnico del campo tal como se envía (letras y números, sin espacios). Ejemplo: tipoSolicitud.
   */
  nombre: string
  /**
   * Un texto que no puede quedar vacío.
   */
  etiqueta: string
  /**
   * Tipo de control: text, email, tel, textarea, select, radio, checkbox, file (un archivo), archivos (varios archivos adjuntos, con «aceptar», «tamanoMaximoMB», «maximoArchivos» y «tamanoTotalMB») o hidden. Ejemplo: select.
   */
  control: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'file' | 'archivos' | 'hidden'
  /**
   * true cuando el campo es obligatorio. Ejemplo: true.
   */
  requerido?: boolean
  /**
   * El campo es obligatorio solo cuando otro campo tiene uno de los valores indicados (con el mismo mensaje «mensajes.requerido»); si no, es opcional. No se usa junto con «requerido: true». La misma regla en el navegador, sin JavaScript, en la radicación de la oficina y en el servidor. Ejemplo: el correo es obligatorio solo si el medio de respuesta es «Correo electrónico» (1): { campo: tipoRespuesta, valores: [1] } (Ley 1755 de 2015, art. 16).
   */
  requeridoSi?: {
    /**
     * Nombre del campo que decide. Ejemplo: tipoRespuesta.
     */
    campo: string
    /**
     * Valores del campo que hacen obligatorio este campo (los id de la lista para un select). Ejemplo: [1].
     *
     * @minItems 1
     */
    valores: [string | number, ...(string | number)[]]
  }
  /**
   * true cuando el campo recoge un dato sensible (Ley 1581 de 2012, art. 5: datos de salud, vida sexual o reproductiva, origen étnico, etc.). El formulario (que debe tener «avisoPrivacidad») nombra esos campos en el aviso, dice cuáles son obligatorios y cuáles opcionales, y pide una segunda casilla obligatoria de autorización expresa «autorizacionDatosSensibles» (Decreto 1377 de 2013, art. 6). Ejemplo: true.
   */
  sensible?: boolean
  /**
   * Expresión regular que debe cumplir el valor ya normalizado. Ejemplo: ^[0-9]{3,15}$ (solo dígitos, de 3 a 15).
   */
  patron?: string
  /**
   * Limpieza antes de validar, igual en el navegador y en el servidor: documento quita puntos y espacios y pasa las letras a mayúsculas (1.098.765.432 → 1098765432); telefono (el de todo control tel) quita espacios, puntos, guiones y paréntesis y el indicativo +57 de Colombia (+57 310 555 1234 → 3105551234). Ejemplo: documento.
   */
  normalizar?: 'documento' | 'telefono'
  /**
   * Número máximo de caracteres. Si se omite, se aplica uno según el control (texto 200, correo 254, teléfono 30, área de texto 10000). Ejemplo: 200.
   */
  longitudMaxima?: number
  /**
   * Formato del valor: email o date (fecha). Ejemplo: email.
   */
  formato?: 'email' | 'date'
  /**
   * Tipo del valor enviado: texto (por defecto), entero (id numérico), booleano o marcaTiempo (milisegundos). Ejemplo: entero.
   */
  tipoDato?: 'texto' | 'entero' | 'booleano' | 'marcaTiempo'
  /**
   * Id de una lista de manifest/forms/lookups.yaml (para select o radio). Ejemplo: tipo-solicitud.
   */
  lista?: string
  /**
   * Opciones escritas en el propio formulario (para select o radio), cuando no vienen de una lista.
   *
   * @minItems 1
   */
  opciones?: [
    {
      /**
       * Valor que se envía al elegir la opción. Ejemplo: A.
       */
      valor: string
      /**
       * Un texto que no puede quedar vacío.
       */
      etiqueta: string
    },
    ...{
      /**
       * Valor que se envía al elegir la opción. Ejemplo: A.
       */
      valor: string
      /**
       * Un texto que no puede quedar vacío.
       */
      etiqueta: string
    }[]
  ]
  /**
   * Tipos de archivo aceptados por un control file o archivos, separados por comas: application/pdf, image/jpeg, image/png. El servidor y el navegador miran el contenido del archivo, no su nombre. Ejemplo: application/pdf,image/jpeg,image/png.
   */
  aceptar?: string
  /**
   * Tamaño máximo de cada archivo en megabytes. Ejemplo: 10.
   */
  tamanoMaximoMB?: number
  /**
   * Solo para control archivos: cuántos archivos puede adjuntar una persona en una solicitud. Si se omite, 5. Ejemplo: 5.
   */
  maximoArchivos?: number
  /**
   * Solo para control archivos: tamaño máximo de todos los archivos juntos, en megabytes. Si se omite, 20. Ejemplo: 20.
   */
  tamanoTotalMB?: number
  /**
   * Solo para campos con tipoDato marcaTiempo: cuántos días antes («antes») y después («despues») del día en que el servidor recibe la solicitud (hora de Colombia) puede estar la fecha enviada. Fuera de ese rango el servidor la rechaza con el mensaje del campo. Ejemplo: { antes: 1, despues: 1 }.
   */
  diasPermitidos?: {
    /**
     * Días antes del día de recepción. Ejemplo: 1.
     */
    antes: number
    /**
     * Días después del día de recepción. Ejemplo: 1.
     */
    despues: number
  }
  /**
   * Texto de ayuda bajo el campo. Ejemplo: «Sin puntos ni espacios».
   */
  ayuda?: string
  /**
   * Valor del atributo autocomplete del navegador. Ejemplo: email.
   */
  autocompletar?: string
  /**
   * Mensajes de error propios del campo, por regla.
   */
  mensajes?: {
    /**
     * Mensaje cuando falta un campo obligatorio. Ejemplo: «El tipo de solicitud es obligatoria».
     */
    requerido?: string
    /**
     * Mensaje cuando un valor escrito no cumple el patrón (el campo vacío muestra el mensaje requerido). Ejemplo: «Solo se permiten números».
     */
    patron?: string
    /**
     * Mensaje cuando un valor escrito tiene formato inválido (correo, fecha o tipo de archivo). Ejemplo: «Correo electrónico inválido».
     */
    formato?: string
    /**
     * Mensaje cuando el texto es demasiado largo. Ejemplo: «Máximo 200 caracteres».
     */
    longitudMaxima?: string
    /**
     * Control archivos: mensaje cuando se adjuntan más archivos que «maximoArchivos». Ejemplo: «Puede adjuntar como máximo 5 archivos.».
     */
    cantidad?: string
    /**
     * Control archivos: mensaje cuando los archivos juntos superan «tamanoTotalMB». Ejemplo: «Los archivos juntos superan 20 MB.».
     */
    tamanoTotal?: string
    /**
     * Mensaje cuando el valor no es una de las opciones. Ejemplo: «Seleccione una opción válida».
     */
    opcion?: string
  }
}
/**
 * Una regla condicional. Ejemplo: si tipoIdentificacion es 5 (Pasaporte), numeroIdentificacion admite letras.
 */
export interface Regla {
  /**
   * La condición: el campo tiene uno de los valores indicados. Ejemplo: { campo: tipoIdentificacion, valores: [4, 5] }.
   */
  si: {
    /**
     * Nombre del campo que decide. Ejemplo: tipoIdentificacion.
     */
    campo: string
    /**
     * Valores del campo que activan la regla (los id de la lista para un select). Ejemplo: [4, 5, 6, 7, 9].
     *
     * @minItems 1
     */
    valores: [string | number, ...(string | number)[]]
  }
  /**
   * Lo que cambia cuando se cumple la condición. Uno de tres: otro patrón para un campo y su mensaje ({ campo, patron, mensaje }); campos que no se piden, no se muestran y no se envían ({ ocultar: [...] }, por ejemplo los datos personales de una petición anónima); o valores que otro campo no puede tomar ({ campo, excluir: [...], mensaje }). Ejemplo: { campo: numeroIdentificacion, patron: ^[A-Z0-9]{3,20}$, mensaje: … }.
   */
  entonces: {
    [k: string]: unknown
  } & {
    /**
     * Nombre del campo al que se aplica el patrón o la exclusión. Ejemplo: numeroIdentificacion.
     */
    campo?: string
    /**
     * Expresión regular que reemplaza el patrón del campo, aplicada después de normalizar. Ejemplo: ^[A-Z0-9]{3,20}$.
     */
    patron?: string
    /**
     * Mensaje para un valor que no cumple el patrón, o que es uno de los excluidos (el campo vacío conserva su mensaje de obligatorio). Ejemplo: «El número de documento solo lleva letras y números.»
     */
    mensaje?: string
    /**
     * Campos que, cuando se cumple la condición, no se muestran, no son obligatorios y no se envían ni se guardan (el servidor los descarta aunque lleguen). Puede incluir autorizacionDatos: sin datos personales no se pide la autorización. Ejemplo: [tipoIdentificacion, numeroIdentificacion, nombre, apellido].
     *
     * @minItems 1
     */
    ocultar?: [string, ...string[]]
    /**
     * Valores que el campo «campo» no puede tomar cuando se cumple la condición (los id de su lista). Ejemplo: [7].
     *
     * @minItems 1
     */
    excluir?: [string | number, ...(string | number)[]]
  }
}
/**
 * Listas de opciones de los formularios; la API las sirve como {id, name}. Ejemplo: manifest/forms/lookups.yaml.
 */
export interface Lookups {
  /**
   * Las listas de opciones por id (en minúsculas con guiones). Ejemplo: tipo-solicitud.
   */
  listas: {
    /**
     * @minItems 1
     */
    [k: string]: [
      {
        /**
         * Número que se envía al elegir la opción; no lo cambie una vez publicado. Ejemplo: 1.
         */
        id: number
        /**
         * Un texto que no puede quedar vacío.
         */
        nombre: string
      },
      ...{
        /**
         * Número que se envía al elegir la opción; no lo cambie una vez publicado. Ejemplo: 1.
         */
        id: number
        /**
         * Un texto que no puede quedar vacío.
         */
        nombre: string
      }[]
    ]
  }
}
/**
 * Una noticia. El antetítulo, la dependencia y el cuerpo se escriben en Markdown, como las páginas (el HTML escrito a mano también funciona); todo se depura al compilar. Ejemplo: manifest/news/horario-festivos-noviembre.yaml.
 */
export interface NewsItem {
  /**
   * Identificador de la noticia, en minúsculas con guiones; forma su dirección. Ejemplo: nueva-ambulancia.
   */
  id: string
  /**
   * Antetítulo (la sección o tema), en Markdown. Ejemplo: Servicios.
   */
  encabezado?: string
  /**
   * Un texto que no puede quedar vacío.
   */
  titulo: string
  /**
   * Un texto que no puede quedar vacío.
   */
  dependencia: string
  /**
   * Un texto que no puede quedar vacío.
   */
  cuerpo: string
  /**
   * Fecha de la noticia (AAAA-MM-DD). Ejemplo: 2026-08-03.
   */
  fechaCreacion: string
  /**
   * true cuando la noticia es contenido de muestra que el hospital debe reemplazar. Ejemplo: true.
   */
  muestra?: boolean
}
/**
 * Criterios del Índice de Transparencia y Acceso a la Información (ITA) fuera del menú de transparencia: accesibilidad (anexo 1 de la Resolución 1519 de 2020), seguridad (anexo 3), datos abiertos (anexo 4) y condiciones del formulario de PQRSD, cada uno con las páginas del sitio que lo cumplen (manifest/ita.yaml).
 */
export interface MatrizITA {
  /**
   * Un criterio por fila, con su bloque, su código, su nombre y los enlaces a la evidencia (o la razón legal por la que no aplica, o lo que falta mientras está pendiente).
   *
   * @minItems 1
   */
  criterios: [Criterio, ...Criterio[]]
}
/**
 * Un criterio del ITA y su evidencia. Ejemplo: bloque anexo1, codigo «a», nombre «Alternativas textuales», enlaces a /accesibilidad#textos-alternativos.
 */
export interface Criterio {
  /**
   * anexo1 (accesibilidad), anexo3 (seguridad y privacidad), anexo4 (datos abiertos) o formularioPqrsd (condiciones del formulario de PQRSD).
   */
  bloque: 'anexo1' | 'anexo3' | 'anexo4' | 'formularioPqrsd'
  /**
   * Código del criterio en la matriz ITA o en el anexo. Ejemplo: a, 3.2.
   */
  codigo: string
  /**
   * Un texto que no puede quedar vacío.
   */
  nombre: string
  /**
   * Páginas del sitio (con su ancla, /ruta#ancla, cuando varias evidencias comparten página) que cumplen el criterio. Ejemplo: texto «Accesibilidad», url /accesibilidad.
   *
   * @minItems 1
   */
  enlaces?: [Enlace, ...Enlace[]]
  /**
   * Razón legal por la que el criterio no aplica a la E.S.E. Ejemplo: «La E.S.E. no ofrece trámites en línea con pago».
   */
  noAplica?: string
  /**
   * Lo que falta para cumplir el criterio. Ejemplo: «Falta publicar los conjuntos de datos en datos.gov.co».
   */
  pendiente?: string
}
