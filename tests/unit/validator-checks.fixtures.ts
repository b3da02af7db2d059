import fs from 'node:fs'

/**
 * One fixture per named cross-check: files written over tests/fixtures/manifest-min
 * (paths under manifest/, or public/ for assets) that make exactly that check speak,
 * and the message it must give, as `file:line:col: mensaje`.
 */
export interface CheckFixture {
  files: Record<string, string>
  expected: string
}

const page = (ruta: string, body: string) => `ruta: ${ruta}\netiqueta: Prueba\ntitulo: Página de prueba\nsecciones:\n${body}`
const docsPage = (section: string) => `ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página de documentos\nmenuLateral: grupo\nsecciones:\n${section}`
const rows = (years: number[]) =>
  `id: informes\ntitulo: Informes\nfilas:\n  - anio: 2024\n    titulo: Informe 2024\n    archivo: /assets/docs/informe-2024.pdf\n    fecha: 2024-03-01\n${years.map(y => `  - anio: ${y}\n    titulo: Informe ${y}\n    url: https://example.org/${y}\n`).join('')}`
const quizPage = (clave: string) => page('/quiz', `  - tipo: evaluacion\n    formulario: cuestionario\n    clave: ${clave}\n`)
const contactForm = (extra: string) =>
  `id: contacto\ntitulo: Formulario de contacto\nenvio: json\nendpoint: /api/contacto\nexito: "Recibido con número {id}"\nbotonEnviar: Enviar\ncampos:\n  - nombre: nombre\n    etiqueta: Nombre\n    control: text\n  - nombre: tipo\n    etiqueta: Tipo\n    control: select\n    lista: tipo-prueba\n    tipoDato: entero\n${extra}`

const SITE = fs.readFileSync('tests/fixtures/manifest-min/site.yaml', 'utf8')

export const CHECK_FIXTURES: Record<string, CheckFixture> = {
  'duplicate-route': {
    files: { 'manifest/pages/otra.yaml': page('/', '  - tipo: texto\n    contenido: Otra.\n') },
    expected: 'manifest/pages/otra.yaml:1:7: la ruta «/» ya está definida en manifest/pages/inicio.yaml',
  },
  'missing-side-menu': {
    files: { 'manifest/pages/grupo/pagina.yaml': docsPage('  - tipo: documentos\n    fuente: informes\n').replace('menuLateral: grupo', 'menuLateral: nada') },
    expected: 'manifest/pages/grupo/pagina.yaml:4:14: el menú lateral «nada» no existe en manifest/site.yaml',
  },
  'redirect-with-sections': {
    files: {
      'manifest/pages/grupo/index.yaml':
        'ruta: /grupo\netiqueta: Grupo\ntitulo: Grupo\nredirigirA: /grupo/pagina\nsecciones:\n  - tipo: texto\n    contenido: Hola.\n',
    },
    expected: 'manifest/pages/grupo/index.yaml:4:13: una página de redirección no puede tener «secciones»',
  },
  'page-without-content': {
    files: { 'manifest/pages/vacia.yaml': 'ruta: /vacia\netiqueta: Vacía\ntitulo: Vacía\n' },
    expected: 'manifest/pages/vacia.yaml:1:1: la página necesita «secciones» o «redirigirA»',
  },
  'table-row-width': {
    files: {
      'manifest/pages/modelos.yaml': page(
        '/modelos',
        '  - tipo: tabla\n    columnas: [Modelo, Uso]\n    filas:\n      - [Orden de compra, Menor cuantía]\n      - [Contrato de suministro, Medicamentos, insumos]\n',
      ),
    },
    expected:
      'manifest/pages/modelos.yaml:9:9: la fila 2 de la tabla tiene 3 celdas y la tabla tiene 2 columnas; si una celda lleva comas, escríbala entre comillas («"Medicamentos, dispositivos e insumos"»)',
  },
  'duplicate-accordion-panel': {
    files: {
      'manifest/pages/acordeon.yaml': page(
        '/acordeon',
        '  - tipo: acordeon\n    paneles:\n      - { id: a, titulo: A, secciones: [{ tipo: texto, contenido: Uno }] }\n      - { id: a, titulo: B, secciones: [{ tipo: texto, contenido: Dos }] }\n',
      ),
    },
    expected: 'manifest/pages/acordeon.yaml:7:7: el panel «a» está repetido',
  },
  'missing-open-accordion-panel': {
    files: {
      'manifest/pages/acordeon.yaml': page(
        '/acordeon',
        '  - tipo: acordeon\n    abierto: z\n    paneles:\n      - { id: a, titulo: A, secciones: [{ tipo: texto, contenido: Uno }] }\n',
      ),
    },
    expected: 'manifest/pages/acordeon.yaml:6:14: el panel «z» no existe en este acordeón (paneles: a)',
  },
  'duplicate-document-list': {
    files: { 'manifest/documents/otra.yaml': 'id: informes\ntitulo: Otra\nfilas:\n  - anio: 2023\n    titulo: Otro\n    url: https://example.org/otro\n' },
    expected: 'manifest/documents/otra.yaml:1:5: el identificador «informes» ya se usa en manifest/documents/informes.yaml',
  },
  'missing-document-list': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: documentos\n    fuente: nada\n') },
    expected: 'manifest/pages/otra.yaml:6:13: la lista de documentos «nada» no existe en manifest/documents/',
  },
  'impossible-panel-range': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage(
        '  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: p, titulo: P, desde: 2025, hasta: 2020 }\n      - { id: q, titulo: Q, desde: 2024, hasta: 2024 }\n',
      ),
    },
    expected: 'manifest/pages/grupo/pagina.yaml:9:9: el rango de años 2025–2020 es imposible: «desde» debe ser menor o igual que «hasta»',
  },
  'overlapping-panels': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage(
        '  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: a, titulo: A, desde: 2020, hasta: 2024 }\n      - { id: b, titulo: B, desde: 2023, hasta: 2025 }\n',
      ),
      'manifest/documents/informes.yaml': rows([2021, 2025]),
    },
    expected:
      'manifest/pages/grupo/pagina.yaml:10:9: los paneles «A» y «B» se superponen: los años 2023 a 2024 están en los dos; cada año debe estar en un solo panel',
  },
  'outdated-open-panel': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage('  - tipo: documentos\n    fuente: informes\n    abierto: 2023\n'),
      'manifest/documents/informes.yaml': rows([2023]),
    },
    expected:
      'manifest/pages/grupo/pagina.yaml:8:14: aviso: el panel abierto al cargar es «2023», pero hay documentos de 2024: escriba «abierto: reciente» para abrir siempre el año más reciente',
  },
  'written-year-range': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage('  - tipo: documentos\n    fuente: informes\n').replace(
        'titulo: Página de documentos',
        'titulo: Página de documentos\ndescripcion: Informes de 2010 a 2012.',
      ),
      'manifest/documents/informes.yaml': rows([2023]),
    },
    expected:
      'manifest/pages/grupo/pagina.yaml:4:14: la descripción de la página dice «2010 a 2012» pero sus documentos van de 2023 a 2024: escriba ((vigencias)) en lugar de los años para que se calculen solos',
  },
  'empty-year-panel': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage(
        '  - tipo: documentos\n    fuente: informes\n    paneles:\n      - { id: a, titulo: A, desde: 2024, hasta: 2024 }\n      - { id: b, titulo: B, desde: 2019, hasta: 2020 }\n',
      ),
    },
    expected: 'manifest/pages/grupo/pagina.yaml:10:9: el panel «B» está vacío: no hay documentos de esos años en «informes»',
  },
  'missing-open-document-panel': {
    files: { 'manifest/pages/grupo/pagina.yaml': docsPage('  - tipo: documentos\n    fuente: informes\n    abierto: zeta\n') },
    expected: 'manifest/pages/grupo/pagina.yaml:8:14: el panel «zeta» no existe (paneles: 2024)',
  },
  'empty-document-section': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage(
        '  - tipo: documentos\n    fuente: informes\n  - tipo: documentos\n    fuente: informes\n    categoria: Actas\n',
      ),
    },
    expected: 'manifest/pages/grupo/pagina.yaml:8:5: la lista «informes» no tiene documentos de la categoría «Actas»',
  },
  'duplicate-row': {
    files: { 'manifest/documents/informes.yaml': rows([]) + '  - anio: 2024\n    titulo: informe 2024\n    url: https://example.org/x\n' },
    expected: 'manifest/documents/informes.yaml:8:5: fila repetida: «informe 2024» (2024) ya aparece en la línea 4',
  },
  'duplicate-row-file': {
    files: { 'manifest/documents/informes.yaml': rows([]) + '  - anio: 2024\n    titulo: Otro informe\n    archivo: /assets/docs/informe-2024.pdf\n' },
    expected: 'manifest/documents/informes.yaml:10:14: el archivo «/assets/docs/informe-2024.pdf» ya está en la fila de la línea 4',
  },
  'row-without-link': {
    files: { 'manifest/documents/informes.yaml': rows([]) + '  - anio: 2024\n    titulo: Sin enlace\n' },
    expected: 'manifest/documents/informes.yaml:8:5: la fila «Sin enlace» necesita «archivo» o «url»',
  },
  'row-with-file-and-url': {
    files: { 'manifest/documents/informes.yaml': rows([]).replace('    fecha: 2024-03-01\n', '    fecha: 2024-03-01\n    url: https://example.org/doble\n') },
    expected: 'manifest/documents/informes.yaml:8:10: la fila «Informe 2024» tiene «archivo» y «url»: deje solo uno',
  },
  'impossible-row-date': {
    files: { 'manifest/documents/informes.yaml': rows([]).replace('fecha: 2024-03-01', 'fecha: 2022-12-31') },
    expected: 'manifest/documents/informes.yaml:7:12: la fecha «2022-12-31» es imposible para un documento del año 2024',
  },
  'list-shown-nowhere': {
    files: { 'manifest/documents/otra.yaml': 'id: otra\ntitulo: Otra\nfilas:\n  - anio: 2023\n    titulo: Otro\n    url: https://example.org/otro\n' },
    expected: 'manifest/documents/otra.yaml:1:5: aviso: ninguna página muestra la lista «otra»: agregue una sección «documentos» con «fuente: otra»',
  },
  'row-shown-nowhere': {
    files: {
      'manifest/pages/grupo/pagina.yaml': docsPage('  - tipo: documentos\n    fuente: informes\n    categoria: Actas\n'),
      'manifest/documents/informes.yaml': rows([2023]).replace('    fecha: 2024-03-01\n', '    fecha: 2024-03-01\n    categoria: Actas\n'),
    },
    expected:
      'manifest/documents/informes.yaml:9:5: la fila «Informe 2023» (2023) no aparece en ninguna página: ninguna sección «documentos» de esta lista muestra filas sin categoría; corrija la categoría de la fila o la sección en manifest/pages/grupo/pagina.yaml:6 (solo la categoría «Actas»)',
  },
  'missing-form': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: formulario\n    formulario: nada\n') },
    expected: 'manifest/pages/otra.yaml:6:17: el formulario «nada» no existe en manifest/forms/',
  },
  'missing-lookup-list': {
    files: { 'manifest/forms/contacto.yaml': contactForm('').replace('lista: tipo-prueba', 'lista: nada') },
    expected: 'manifest/forms/contacto.yaml:14:12: la lista «nada» no existe en manifest/forms/lookups.yaml',
  },
  'choice-without-options': {
    files: { 'manifest/forms/contacto.yaml': contactForm('  - nombre: otro\n    etiqueta: Otro\n    control: radio\n') },
    expected: 'manifest/forms/contacto.yaml:16:5: el campo «otro» necesita «lista» u «opciones»',
  },
  'quiz-key-length': {
    files: { 'manifest/pages/quiz.yaml': quizPage('[A, B]') },
    expected: 'manifest/pages/quiz.yaml:7:12: la clave tiene 2 respuesta(s) y el formulario «cuestionario» tiene 1 pregunta(s)',
  },
  'quiz-answer-not-an-option': {
    files: { 'manifest/pages/quiz.yaml': quizPage('[C]') },
    expected: 'manifest/pages/quiz.yaml:7:13: la respuesta «C» no es una opción de la pregunta 1',
  },
  'terms-by-type-without-field': {
    files: { 'manifest/forms/contacto.yaml': contactForm('terminos:\n  diasHabiles: 15\n  porTipo:\n    - { tipo: 1, diasHabiles: 10 }\n') },
    expected: 'manifest/forms/contacto.yaml:19:5: «porTipo» necesita «campoTipo»: el campo que dice el tipo de solicitud',
  },
  'terms-field-not-a-list': {
    files: { 'manifest/forms/contacto.yaml': contactForm('terminos:\n  diasHabiles: 15\n  campoTipo: nombre\n') },
    expected: 'manifest/forms/contacto.yaml:18:14: «nombre» no es un campo de lista de este formulario',
  },
  'terms-unknown-type': {
    files: { 'manifest/forms/contacto.yaml': contactForm('terminos:\n  diasHabiles: 15\n  campoTipo: tipo\n  porTipo:\n    - { tipo: 9, diasHabiles: 10 }\n') },
    expected: 'manifest/forms/contacto.yaml:20:15: el tipo 9 no existe en la lista «tipo-prueba»',
  },
  'form-endpoint-not-served': {
    files: { 'manifest/forms/contacto.yaml': contactForm('') },
    expected:
      'manifest/forms/contacto.yaml:4:11: ninguna ruta del servidor recibe «/api/contacto»: el formulario no tiene el bloque «radicacion» (tipo, serie, nombre, exportacion) que le dice al servidor qué hacer con él',
  },
  'filing-form-shape': {
    files: {
      'manifest/forms/contacto.yaml': contactForm('')
        .replace('envio: json', 'envio: multipart')
        .replace('botonEnviar: Enviar', 'radicacion: { tipo: contacto, serie: CON, nombre: Contacto, exportacion: contactos }\nbotonEnviar: Enviar'),
    },
    expected: 'manifest/forms/contacto.yaml:6:13: un formulario «envio: multipart» que se radica necesita exactamente un campo de archivo (tiene 0)',
  },
  'terms-repeated-type': {
    files: {
      'manifest/forms/contacto.yaml': contactForm(
        'terminos:\n  diasHabiles: 15\n  campoTipo: tipo\n  porTipo:\n    - { tipo: 1, diasHabiles: 10 }\n    - { tipo: 1, diasHabiles: 5 }\n',
      ),
    },
    expected: 'manifest/forms/contacto.yaml:21:15: el tipo 1 está repetido',
  },
  'missing-asset': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: enlaces\n    enlaces:\n      - { texto: Falta, url: /assets/docs/falta.pdf }\n') },
    expected: 'manifest/pages/otra.yaml:7:30: el archivo «/assets/docs/falta.pdf» no existe en public/assets/docs/falta.pdf',
  },
  'broken-internal-link': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: texto\n    contenido: |\n      Primera línea.\n      Vea [la página](/no-existe).\n') },
    expected: 'manifest/pages/otra.yaml:8:23: el enlace «/no-existe» apunta a una página que no existe',
  },
  'untagged-pdf': {
    files: { 'public/assets/docs/informe-2024.pdf': '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EOF\n' },
    expected:
      'manifest/documents/informes.yaml:6:14: aviso: el PDF «/assets/docs/informe-2024.pdf» de la lista de documentos «informes» no está etiquetado para lectores de pantalla (le falta: árbol de estructura, idioma, título): expórtelo de nuevo como «PDF etiquetado» (accesible) desde el programa con que se hizo, con el título y el idioma del documento, y reemplace el archivo',
  },
  'video-without-transcript': {
    files: {
      'manifest/pages/otra.yaml': page('/otra', '  - tipo: embebido\n    titulo: Rendición de cuentas\n    url: https://www.youtube-nocookie.com/embed/abc\n'),
    },
    expected:
      'manifest/pages/otra.yaml:5:11: aviso: el video «Rendición de cuentas» no tiene «transcripcion»: publique su transcripción (un PDF o una página) y enlácela aquí; si el proveedor no muestra subtítulos, agregue también «subtitulos» (WebVTT)',
  },
  'unlinked-asset': {
    files: { 'public/assets/docs/suelto.pdf': '%PDF-1.4\n' },
    expected: 'public/assets/docs/suelto.pdf: aviso: ningún manifiesto enlaza este archivo',
  },
  'footer-contact-id': {
    files: { 'manifest/site.yaml': SITE.replace('telefonos: [urgencias]', 'telefonos: [urgencia]') },
    expected: 'manifest/site.yaml:24:15: «urgencia» no existe en «contacto.telefonos» (¿quiso decir «urgencias»?)',
  },
  'identity-contrast': {
    files: { 'manifest/site.yaml': `${SITE}identidad:\n  colores:\n    primario: "#7fb3e0"\n` },
    expected:
      'manifest/site.yaml:34:15: el color «primario» (#7fb3e0) tiene un contraste de 2,22:1 con el blanco, y WCAG 2.1 AA pide al menos 4,5:1 para texto normal: no se leerían bien el texto blanco de la cabecera y de los botones sobre este color, ni los enlaces y títulos de este color sobre el fondo blanco de la página; use un color más oscuro',
  },
  'identity-logo-size': {
    files: {
      'manifest/site.yaml': `${SITE}identidad:\n  logo: { url: /assets/identidad/logo.png, textoAlternativo: Logo del hospital }\n`,
      'public/assets/identidad/logo.png': 'no es una imagen\n',
    },
    expected:
      'manifest/site.yaml:33:16: el archivo «/assets/identidad/logo.png» no es una imagen SVG, PNG, JPG o WEBP de la que se pueda leer el ancho y el alto: guárdelo de nuevo como imagen desde el programa con que se hizo (un SVG necesita «width» y «height» o «viewBox»)',
  },
  'unknown-placeholder': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: texto\n    contenido: Llame al ((telefono.nada)).\n') },
    expected: 'manifest/pages/otra.yaml:6:25: «((telefono.nada))»: no existe «nada» en «contacto.telefonos» de manifest/site.yaml (existen: urgencias, citas)',
  },
  'phone-typed-out': {
    files: { 'manifest/pages/otra.yaml': page('/otra', '  - tipo: texto\n    contenido: Llame al 320 555 0102.\n') },
    expected:
      'manifest/pages/otra.yaml:6:25: aviso: el teléfono «320 555 0102» está escrito a mano: escriba ((telefono.citas)) para que se actualice desde manifest/site.yaml',
  },
  'rule-unknown-field': {
    files: {
      'manifest/forms/contacto.yaml': contactForm(
        'reglas:\n  - si: { campo: tipo, valores: [1] }\n    entonces: { campo: nada, patron: "^[0-9]+$", mensaje: Solo números. }\n',
      ),
    },
    expected: 'manifest/forms/contacto.yaml:18:24: el campo «nada» no existe en este formulario',
  },
  'conditional-required': {
    files: {
      'manifest/forms/contacto.yaml': contactForm(
        '  - nombre: correo\n    etiqueta: Correo\n    control: email\n    requeridoSi: { campo: nada, valores: [1] }\n',
      ),
    },
    expected: 'manifest/forms/contacto.yaml:19:27: «requeridoSi» debe nombrar otro campo de este formulario («nada» no lo es)',
  },
  'privacy-notice': {
    files: { 'manifest/forms/contacto.yaml': contactForm('avisoPrivacidad: true\n') },
    expected:
      'manifest/forms/contacto.yaml:16:18: el formulario muestra el aviso de privacidad, pero manifest/site.yaml no tiene «avisoPrivacidad» (responsable, finalidad, derechos, datos sensibles, política, casilla)',
  },
  'invalid-pattern': {
    files: { 'manifest/forms/contacto.yaml': contactForm('  - nombre: codigo\n    etiqueta: Código\n    control: text\n    patron: "[a"\n') },
    expected: 'manifest/forms/contacto.yaml:19:13: el patrón «[a» no es una expresión regular válida',
  },
  'transparency-tree-items': {
    files: {
      'manifest/pages/transparencia.yaml': page(
        '/transparencia',
        '  - tipo: transparencia\n    items:\n      - numero: "99.9"\n        noAplica: La E.S.E. no tiene este numeral.\n',
      ),
    },
    expected:
      'manifest/pages/transparencia.yaml:7:17: el numeral 99.9 no existe en el anexo 2 de la Resolución 1519 de 2020 (docs/normas/anexo2-transparencia.yaml)',
  },
  'evidence-anchor': {
    files: {
      'manifest/ita.yaml':
        'criterios:\n  - bloque: anexo1\n    codigo: c\n    nombre: Tamaño del texto\n    enlaces: [{ texto: Página, url: "/grupo/pagina#ajustes" }]\n',
    },
    expected:
      'manifest/ita.yaml:5:37: la página «/grupo/pagina» no tiene la sección «#ajustes»: escriba «ancla: ajustes» en la sección de manifest/pages/grupo/pagina.yaml que lo cumple',
  },
  'ita-criterion-answer': {
    files: {
      'manifest/ita.yaml': 'criterios:\n  - bloque: anexo4\n    codigo: "4.1"\n    nombre: Conjuntos de datos\n',
    },
    expected: 'manifest/ita.yaml:2:5: el criterio 4.1 (anexo4) necesita «enlaces», «noAplica» con la razón legal o «pendiente» con lo que falta',
  },
}
