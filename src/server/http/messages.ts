/**
 * The one catalogue of the server's error answers: code → HTTP status →
 * Spanish message (the spec's texts, verbatim). Routes raise them by code
 * (`apiError('xsrf')`, errors.ts); the error handler answers `{error, fields}`.
 * Messages of a form's own fields come from the manifest, not from here.
 */
export const ERRORS = {
  invalidForm: { status: 400, message: 'El formulario tiene errores. Revise los campos marcados.' },
  malformedJson: { status: 400, message: 'La solicitud no tiene un formato válido (JSON).' },
  bodyTooLarge: { status: 413, message: 'La solicitud supera el tamaño máximo permitido.' },
  unsupportedMedia: { status: 415, message: 'El tipo de contenido de la solicitud no es válido.' },
  multipartRequired: { status: 400, message: 'La solicitud debe enviarse como formulario con el archivo PDF adjunto.' },
  onlyOneFile: { status: 400, message: 'Solo se admite un archivo PDF por solicitud.' },
  unexpectedFile: { status: 400, message: 'La solicitud trae un archivo en un campo que no admite archivos.' },
  xsrf: { status: 403, message: 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.' },
  rateLimited: { status: 429, message: 'Ha enviado demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.' },
  notFound: { status: 404, message: 'El recurso solicitado no existe.' },
  methodNotAllowed: { status: 405, message: 'Operación no permitida.' },
  badRequest: { status: 400, message: 'La solicitud no es válida.' },
  malformedMultipart: { status: 400, message: 'El formulario con el archivo llegó incompleto o dañado. Vuelva a enviarlo.' },
  requestTimeout: { status: 408, message: 'La solicitud tardó demasiado en llegar completa. Revise su conexión e intente de nuevo.' },
  storeCorrupted: {
    status: 503,
    message:
      'El servicio de radicación no está disponible en este momento por un problema del almacenamiento. Intente de nuevo más tarde o comuníquese por teléfono.',
  },
  serverError: { status: 500, message: 'No fue posible procesar la solicitud en este momento. Intente de nuevo más tarde.' },
  unavailable: { status: 503, message: 'El servicio no está disponible en este momento. Intente de nuevo más tarde.' },

  // The office (staff).
  unauthenticated: { status: 401, message: 'Inicie sesión para continuar.' },
  missingCredentials: { status: 400, message: 'Escriba su correo y su contraseña.' },
  badCredentials: { status: 401, message: 'Correo o contraseña incorrectos.' },
  codeNeeded: { status: 401, message: 'Escriba el código de verificación de 6 dígitos de su aplicación autenticadora.' },
  badCode: { status: 401, message: 'El código de verificación no es válido. Escriba el código que muestra ahora su aplicación.' },
  twoFactorRequired: {
    status: 403,
    message: 'Las cuentas de administrador deben usar verificación en dos pasos. Pida al área de sistemas activarla con «npm run -s usuarios -- 2fa».',
  },
  forbiddenForm: { status: 403, message: 'Su cuenta no tiene acceso a las radicaciones de este formulario.' },
  adminOnly: { status: 403, message: 'Solo una cuenta de administrador puede ver la auditoría.' },
  adminExportOnly: { status: 403, message: 'Solo una cuenta de administrador puede descargar las exportaciones.' },
  exportNotFound: { status: 404, message: 'No existe esa exportación.' },
  filingNotFound: { status: 404, message: 'No existe una radicación con ese número.' },
  attachmentNotFound: { status: 404, message: 'El adjunto no existe.' },
  answerNotFound: { status: 404, message: 'La respuesta no existe.' },
  invalidFilters: { status: 400, message: 'Los filtros no son válidos.' },
  pdfOnly: { status: 400, message: 'La respuesta adjunta debe ser un archivo PDF.' },
  pdfTooLarge: { status: 413, message: 'La respuesta en PDF supera el tamaño máximo de 10 MB.' },
  oneAnswerFile: { status: 400, message: 'Solo se admite un archivo PDF de respuesta.' },
  fileOnlyWithAnswer: { status: 400, message: 'Solo la respuesta admite un PDF adjunto.' },
  /** Radicación by the office (features/office/radicacion). */
  noForm: { status: 400, message: 'Elija un formulario de radicación.' },
  constanciaGone: {
    status: 404,
    message:
      'La constancia ya no está disponible: se muestra durante 30 minutos después de radicar, porque el código de verificación no se guarda. La radicación sigue en la bandeja.',
  },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

/** Messages of one field, shown beside it (never an answer's status on their own). */
export const FIELD_MSG = {
  correo: 'Escriba su correo electrónico.',
  clave: 'Escriba su contraseña.',
  removeFile: 'Quite el archivo.',
  auditDay: 'Escriba la fecha como AAAA-MM-DD.',
  canal: 'Elija el canal por el que llegó la solicitud: presencial, telefónico, correo electrónico o escrito.',
  datos: 'Envíe los datos de la solicitud en «datos», con los campos del formulario.',
} as const

/** Sign-in refused for a while after too many failures. */
export function lockedMessage(minutes: number): string {
  return `Demasiados intentos fallidos. Espere ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intente de nuevo.`
}

/** Texts of the pages a form posted without JavaScript gets (nativePages.ts). */
const NO_SCRIPT_TEXT = {
  nativeNotKept:
    'Sin JavaScript no es posible conservar en el formulario los datos que escribió. Use el botón «Atrás» de su navegador para volver al formulario (muchos navegadores conservan lo escrito) o vuelva a diligenciarlo.',
  nativeFixAndResend: 'Su solicitud no fue radicada: corrija los datos indicados y envíe el formulario de nuevo.',
  nativeNotStored: 'Su solicitud no fue radicada.',
  nativeKeepNumber: 'Guarde este número para hacer seguimiento a su solicitud.',
  /** Without script a print button cannot work: the browser's own «Imprimir» does (a phone has no Ctrl+P), or the PDF. */
  nativePrint: 'Para imprimir este recibo, elija «Imprimir» en el menú de su navegador, o descargue la constancia en PDF e imprímala.',
  /** A form sent back filled in: files are the one thing a browser never keeps. */
  nativeReattach: 'Por seguridad, el navegador no conserva los archivos adjuntos: vuelva a adjuntarlos antes de enviar.',
  nativeForbiddenHelp:
    'Por seguridad, el formulario solo se acepta cuando se envía desde las páginas de este sitio. Abra de nuevo la página del formulario y envíelo desde allí. Su solicitud no fue radicada.',
} as const

type ErrorMessages = { readonly [K in ErrorCode]: (typeof ERRORS)[K]['message'] }

function messagesOf(catalogue: typeof ERRORS): ErrorMessages {
  const out: Partial<Record<ErrorCode, string>> = {}
  for (const code of Object.keys(catalogue) as ErrorCode[]) out[code] = catalogue[code].message
  return out as ErrorMessages
}

/** Every text by name: the catalogue's messages and the no-script pages' texts. */
export const MSG = { ...messagesOf(ERRORS), ...NO_SCRIPT_TEXT } as const
