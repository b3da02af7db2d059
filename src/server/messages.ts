/** Every text the API answers with outside the form messages of the manifest. Spanish, for citizens. */
export const MSG = {
  invalidForm: 'El formulario tiene errores. Revise los campos marcados.',
  malformedJson: 'La solicitud no tiene un formato válido (JSON).',
  bodyTooLarge: 'La solicitud supera el tamaño máximo permitido.',
  unsupportedMedia: 'El tipo de contenido de la solicitud no es válido.',
  multipartRequired: 'La solicitud debe enviarse como formulario con el archivo PDF adjunto.',
  onlyOneFile: 'Solo se admite un archivo PDF por solicitud.',
  xsrf: 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.',
  rateLimited: 'Ha enviado demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.',
  notFound: 'El recurso solicitado no existe.',
  methodNotAllowed: 'Operación no permitida.',
  badRequest: 'La solicitud no es válida.',
  serverError: 'No fue posible procesar la solicitud en este momento. Intente de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Intente de nuevo más tarde.',
} as const
