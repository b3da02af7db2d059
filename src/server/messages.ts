/** Every text the API answers with outside the form messages of the manifest. Spanish, for citizens. */
export const MSG = {
  invalidForm: 'El formulario tiene errores. Revise los campos marcados.',
  malformedJson: 'La solicitud no tiene un formato válido (JSON).',
  bodyTooLarge: 'La solicitud supera el tamaño máximo permitido.',
  unsupportedMedia: 'El tipo de contenido de la solicitud no es válido.',
  multipartRequired: 'La solicitud debe enviarse como formulario con el archivo PDF adjunto.',
  onlyOneFile: 'Solo se admite un archivo PDF por solicitud.',
  unexpectedFile: 'La solicitud trae un archivo en un campo que no admite archivos.',
  xsrf: 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.',
  rateLimited: 'Ha enviado demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.',
  notFound: 'El recurso solicitado no existe.',
  methodNotAllowed: 'Operación no permitida.',
  badRequest: 'La solicitud no es válida.',
  malformedMultipart: 'El formulario con el archivo llegó incompleto o dañado. Vuelva a enviarlo.',
  requestTimeout: 'La solicitud tardó demasiado en llegar completa. Revise su conexión e intente de nuevo.',
  storeCorrupted: 'El servicio de radicación no está disponible en este momento por un problema del almacenamiento. Intente de nuevo más tarde o comuníquese por teléfono.',
  serverError: 'No fue posible procesar la solicitud en este momento. Intente de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Intente de nuevo más tarde.',
  /** Pages of the no-script path (forms posted without JavaScript). */
  nativeNotKept:
    'Sin JavaScript no es posible conservar en el formulario los datos que escribió. Use el botón «Atrás» de su navegador para volver al formulario (muchos navegadores conservan lo escrito) o vuelva a diligenciarlo.',
  nativeFixAndResend: 'Su solicitud no fue radicada: corrija los datos indicados y envíe el formulario de nuevo.',
  nativeNotStored: 'Su solicitud no fue radicada.',
  nativeKeepNumber: 'Guarde este número para hacer seguimiento a su solicitud.',
  /** Without script a print button cannot work: the browser's own command does. */
  nativePrint: 'Para imprimir este recibo use la opción «Imprimir» de su navegador (Ctrl+P).',
  nativeForbiddenHelp:
    'Por seguridad, el formulario solo se acepta cuando se envía desde las páginas de este sitio. Abra de nuevo la página del formulario y envíelo desde allí. Su solicitud no fue radicada.',
} as const
