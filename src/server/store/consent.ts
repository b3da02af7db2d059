import type { ConsentRecord } from './store.ts'

/** The consent columns of radicaciones and suscripciones (SQLite migration 1202, PostgreSQL migration 1202), as every engine reads them. */
export interface ConsentColumns {
  autorizacion_version: string | null
  autorizacion_en: string | null
}

/** `{ autorizacion }` when the row stored one, `{}` otherwise (rows from before the privacy notice). */
export function consentOf(r: ConsentColumns): { autorizacion?: ConsentRecord } {
  return r.autorizacion_version !== null && r.autorizacion_en !== null ? { autorizacion: { version: r.autorizacion_version, en: r.autorizacion_en } } : {}
}
