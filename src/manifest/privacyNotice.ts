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

/** The form as every consumer sees it: with the consent checkbox last when it carries the notice (idempotent). */
export function withConsentField(form: FormDefinition, notice: PrivacyNotice | undefined): FormDefinition {
  if (!hasPrivacyNotice(form) || form.campos.some((c) => c.nombre === CONSENT_FIELD)) return form
  return { ...form, campos: [...form.campos, consentField(form, notice)] }
}
