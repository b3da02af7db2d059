/**
 * The contract's texts, copied verbatim from the specification (§5, §8, §9).
 * Tests compare what the site shows with these, never with the manifests,
 * so a changed message in a manifest fails the tests.
 */
/** The consent checkbox's message (site.yaml avisoPrivacidad.mensaje), on every form with the privacy notice but the appointment's (docs/decisions/testing.md). */
export const CONSENT_MESSAGE = 'Debe autorizar el tratamiento de sus datos personales para enviar el formulario.'

/** The explicit sensitive-data checkbox's message (site.yaml avisoPrivacidad.mensajeSensibles), on forms with sensitive fields (docs/decisions/testing.md); ours, not the spec's. */
export const SENSITIVE_CONSENT_MESSAGE = 'Debe autorizar de forma expresa el tratamiento de sus datos sensibles para enviar esta solicitud.'

export const PQRSD_MESSAGES: Record<string, string> = {
  tipoSolicitud: 'El tipo de solicitud es obligatoria',
  tipoPersona: 'El tipo de persona es obligatoria',
  tipoIdentificacion: 'El tipo de documento es obligatorio',
  numeroIdentificacion: 'El numero de documento es obligatorio',
  nombre: 'El nombre es obligatorio',
  apellido: 'El Apellido es obligatorio',
  direccion: 'La dirección es obligatoria',
  telefono: 'El numero de telefono es obligatorio',
  correoElectronico: 'La dirección de correo es obligatoria',
  tipoRespuesta: 'El metodo de respuesta es obligatorio',
  mensaje: 'El mensaje es obligatorio',
}

export const CITA_MESSAGES: Record<string, string> = {
  nombre: 'Completa este campo, el nombre completo es obligatorio.',
  tipoIdentificacion: 'Seleccione un tipo de identificación valido',
  numeroIdentificacion: 'El número de documento es obligatorio.',
  correoElectronico: 'La dirección de correo es obligatoria.',
  whatsapp: 'El número de WhatsApp es obligatorio.',
  eps: 'Completa este campo. La EPS es obligatoria.',
  tipoServicio: 'Seleccione un servicio valido',
  autorizacionDatos: 'Debe aceptar la política para continuar.',
  autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
}

export const NEWSLETTER_REQUIRED = 'El correo Electronico es obligatorio'
export const NEWSLETTER_EMAIL = 'Por favor, ingresa tu Email'

/**
 * The quiz's messages for required fields. The spec's three for name, document and e-mail («Completa este campo, el
 * nombre completo es obligatorio.», «El número de documento es obligatorio.», «La dirección de correo es
 * obligatoria.») are no longer shown: name and document are optional and the e-mail is not asked for
 * (docs/decisions/consent-and-privacy.md).
 */
export const EVALUACION_MESSAGES: Record<string, string> = {
  vinculacion: 'Seleccione un tipo de vinculación valida',
  ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`pregunta${i + 1}`, 'Seleccione una respuesta'])),
}

export const QUIZ_KEY = ['C', 'A', 'A', 'D', 'B', 'A', 'C', 'B', 'C', 'A', 'D']
export const QUIZ_FAILED_TEXT = 'Le recomendamos revisar nuevamente los módulos, dado que no aprobó la evaluación. Es importante alcanzar un puntaje del 100%.'

/** The clinical-record form's messages: the spec gives none, these are ours (docs/decisions/sample-content.md), fixed here so a change is deliberate. */
export const HISTORIA_MESSAGES: Record<string, string> = {
  nombre: 'El nombre es obligatorio.',
  apellido: 'El apellido es obligatorio.',
  tipoIdentificacion: 'Seleccione un tipo de identificación valido',
  numeroIdentificacion: 'El número de documento es obligatorio y solo lleva dígitos.',
  telefono: 'El número de teléfono es obligatorio y solo lleva dígitos.',
  whatsapp: 'El número de WhatsApp es obligatorio y solo lleva dígitos.',
  correoElectronico: 'La dirección de correo es obligatoria.',
  pdf: 'Adjunte el formato de solicitud en PDF.',
  autorizacionDatos: CONSENT_MESSAGE,
  autorizacionDatosSensibles: SENSITIVE_CONSENT_MESSAGE,
}
