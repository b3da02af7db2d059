import { CONSENT_FIELD, hasPrivacyNotice, hasSensitiveConsent, SENSITIVE_CONSENT_FIELD } from '../manifest/privacyNotice.ts'
import type { FormDefinition } from '../manifest/types.generated.ts'
import type { ConsentRecord } from './store/store.ts'

export interface FilingConsents {
  autorizacion?: ConsentRecord
  autorizacionSensibles?: ConsentRecord
}

/**
 * The proof of the authorizations stored with a filing (Decreto 1377 de
 * 2013, art. 8): the general one and, for a form with sensitive fields, the
 * explicit one for the sensitive data (art. 6), each with the notice version
 * and the time. The validated data already hold each required checkbox as
 * `true` (the schema refuses anything else), so reaching here with `true`
 * means consent was given; an anonymous petition hides the general checkbox
 * (a rule's «ocultar») and records none. The office registers with the
 * checkboxes its staff ticked once the citizen authorized.
 */
export function consentsFor(form: FormDefinition, noticeVersion: string | undefined, now: Date, datos: Record<string, unknown>): FilingConsents {
  const record = { version: noticeVersion ?? 'sin-aviso', en: now.toISOString() }
  return {
    ...(hasPrivacyNotice(form) && datos[CONSENT_FIELD] === true ? { autorizacion: record } : {}),
    ...(hasSensitiveConsent(form) && datos[SENSITIVE_CONSENT_FIELD] === true ? { autorizacionSensibles: record } : {}),
  }
}
