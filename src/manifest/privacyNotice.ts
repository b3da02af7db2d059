import type { Campo, FormDefinition, SiteManifest } from './types.generated.ts'

/**
 * Consent before personal data (Ley 1581 de 2012, arts. 9 and 12; Decreto
 * 1377 de 2013, arts. 5, 6 and 15). The privacy notice is written once, in
 * site.yaml (`avisoPrivacidad`); a form that collects personal data says
 * `avisoPrivacidad: true` and gets, as its last field, the required checkbox
 * `autorizacionDatos`. The field is added here, when the manifest is loaded,
 * so the form compiler, the browser, the no-script path, the server's
 * validation and the export all see one ordinary form definition.
 */
export type PrivacyNotice = NonNullable<SiteManifest['avisoPrivacidad']>

/** Name of the consent checkbox in every form that carries the notice. */
export const CONSENT_FIELD = 'autorizacionDatos'

/**
 * Name of the second, explicit consent checkbox of a form with sensitive
 * fields (`sensible: true`): Decreto 1377 de 2013, art. 6 (Decreto 1074 de
 * 2015, art. 2.2.2.25.2.3) asks an explicit authorization for sensitive data,
 * apart from the general one. See docs/decisions/sensitive-data.md.
 */
export const SENSITIVE_CONSENT_FIELD = 'autorizacionDatosSensibles'

/** Link text to the policy when the notice gives none. */
export const DEFAULT_POLICY_LINK_TEXT = 'Política de tratamiento de datos personales'

/**
 * Label and message when site.yaml has no notice (the validator reports that
 * as an error, `privacy-notice-missing`); the field is added all the same, so
 * the server never accepts such a form without consent.
 */
const FALLBACK = {
  casilla: 'Autorizo el tratamiento de mis datos personales.',
  mensaje: 'Debe autorizar el tratamiento de sus datos personales para enviar el formulario.',
  casillaSensibles: 'Autorizo de forma expresa a la E.S.E. a tratar los datos sensibles señalados arriba, solo para esta solicitud.',
  mensajeSensibles: 'Debe autorizar de forma expresa el tratamiento de sus datos sensibles para enviar esta solicitud.',
}

export function hasPrivacyNotice(form: FormDefinition): boolean {
  return form.avisoPrivacidad !== undefined
}

/** The consent checkbox of a form, from the notice (its label) and the form (its own message, if any). */
export function consentField(form: FormDefinition, notice: PrivacyNotice | undefined): Campo {
  const own = typeof form.avisoPrivacidad === 'object' ? form.avisoPrivacidad.mensaje : undefined
  return {
    nombre: CONSENT_FIELD,
    etiqueta: notice?.casilla ?? FALLBACK.casilla,
    control: 'checkbox',
    tipoDato: 'booleano',
    requerido: true,
    mensajes: { requerido: own ?? notice?.mensaje ?? FALLBACK.mensaje },
  }
}

/** The fields a form marks `sensible: true` (Ley 1581 de 2012, art. 5), in form order. */
export function sensitiveFields(form: FormDefinition): Campo[] {
  return form.campos.filter(c => c.sensible === true)
}

/** A form asks the explicit sensitive-data authorization when it carries the notice and has a sensitive field. */
export function hasSensitiveConsent(form: FormDefinition): boolean {
  return hasPrivacyNotice(form) && sensitiveFields(form).length > 0
}

/** The second, explicit checkbox for the sensitive data (Decreto 1377 de 2013, art. 6). */
export function sensitiveConsentField(notice: PrivacyNotice | undefined): Campo {
  return {
    nombre: SENSITIVE_CONSENT_FIELD,
    etiqueta: notice?.casillaSensibles ?? FALLBACK.casillaSensibles,
    control: 'checkbox',
    tipoDato: 'booleano',
    requerido: true,
    mensajes: { requerido: notice?.mensajeSensibles ?? FALLBACK.mensajeSensibles },
  }
}

const list = (names: string[]): string => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}`)

/**
 * The notice's sensitive-data paragraph for a form with sensitive fields, in
 * place of site.yaml's general «datosSensibles» line (which calls sensitive
 * answers voluntary, untrue when the form requires one): it names the fields
 * (Decreto 1377 de 2013, art. 6, lit. b: say which data are sensitive), says
 * that authorizing them is optional (Ley 1581 de 2012, art. 6; Decreto 1377,
 * art. 6, lit. a) and, truthfully, which of them the request cannot go
 * without. Undefined for a form without sensitive fields.
 */
export function sensitiveDataParagraph(form: FormDefinition): string | undefined {
  const fields = sensitiveFields(form)
  if (fields.length === 0) return undefined
  const names = (cs: Campo[]) => list(cs.map(c => `«${c.etiqueta}»`))
  const required = fields.filter(c => c.requerido === true)
  const optional = fields.filter(c => c.requerido !== true)
  const parts = [
    `Datos sensibles: ${fields.length === 1 ? 'el dato' : 'los datos'} ${names(fields)} ${fields.length === 1 ? 'es un dato sensible' : 'son datos sensibles'} (revelan información de su salud; Ley 1581 de 2012, art. 5). Los usamos solo para tramitar esta solicitud.`,
    'Usted no está obligado a autorizar el tratamiento de datos sensibles (Ley 1581 de 2012, art. 6).',
  ]
  if (required.length > 0)
    parts.push(
      `${required.length === 1 ? `El dato ${names(required)} es obligatorio` : `Los datos ${names(required)} son obligatorios`} para esta solicitud: sin ${required.length === 1 ? 'él' : 'ellos'} y sin su autorización expresa no podemos tramitarla por este medio; puede hacer la solicitud en la oficina SIAU.`,
    )
  if (optional.length > 0)
    parts.push(
      `${optional.length === 1 ? `El dato ${names(optional)} es opcional` : `Los datos ${names(optional)} son opcionales`}: puede dejar${optional.length === 1 ? 'lo' : 'los'} en blanco.`,
    )
  parts.push('Para enviar la solicitud marque también la casilla de autorización expresa de datos sensibles.')
  return parts.join(' ')
}

/**
 * The form as every consumer sees it: with the consent checkbox last when it
 * carries the notice, and the explicit sensitive-data checkbox after it when
 * a field is sensitive (idempotent).
 */
export function withConsentField(form: FormDefinition, notice: PrivacyNotice | undefined): FormDefinition {
  if (!hasPrivacyNotice(form)) return form
  const extra: Campo[] = []
  if (!form.campos.some(c => c.nombre === CONSENT_FIELD)) extra.push(consentField(form, notice))
  if (hasSensitiveConsent(form) && !form.campos.some(c => c.nombre === SENSITIVE_CONSENT_FIELD)) extra.push(sensitiveConsentField(notice))
  return extra.length === 0 ? form : { ...form, campos: [...form.campos, ...extra] }
}
