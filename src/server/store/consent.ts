import type { ConsentRecord } from './store.ts'

/** The consent columns of radicaciones and suscripciones (SQLite migration 1202, PostgreSQL migration 1202), as every engine reads them. */
export interface ConsentColumns {
  autorizacion_version: string | null
  autorizacion_en: string | null
}

/**
 * The explicit sensitive-data authorization of radicaciones (migration 2650,
 * both engines; Decreto 1377 de 2013, art. 6): NULL unless the form had
 * sensitive fields. Suscripciones have no such columns.
 */
export interface SensitiveConsentColumns {
  autorizacion_sensibles_version?: string | null
  autorizacion_sensibles_en?: string | null
}

/** The two sensitive-consent columns, for a SELECT on radicaciones. */
export const SENSITIVE_CONSENT_SELECT = 'autorizacion_sensibles_version, autorizacion_sensibles_en'

/** `{ autorizacion }` when the row stored one, `{}` otherwise (rows from before the privacy notice); the same for `autorizacionSensibles`. */
export function consentOf(r: ConsentColumns & SensitiveConsentColumns): { autorizacion?: ConsentRecord; autorizacionSensibles?: ConsentRecord } {
  const sensitive =
    typeof r.autorizacion_sensibles_version === 'string' && typeof r.autorizacion_sensibles_en === 'string'
      ? { autorizacionSensibles: { version: r.autorizacion_sensibles_version, en: r.autorizacion_sensibles_en } }
      : {}
  return r.autorizacion_version !== null && r.autorizacion_en !== null ? { autorizacion: { version: r.autorizacion_version, en: r.autorizacion_en }, ...sensitive } : sensitive
}
