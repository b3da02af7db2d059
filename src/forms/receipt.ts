/**
 * The filing receipt (issue 12, CPACA art. 61 as amended by Ley 2080 de 2021:
 * an electronic filing is acknowledged with its number and the date and time
 * of receipt). Shared by the browser's success banner, the no-script
 * confirmation page and the acknowledgement e-mail, so all three say the same.
 */

/** What a filing's success answer carries besides the form's own success text. */
export interface Receipt {
  /** Filing number, e.g. `PQRS-2026-000002`. */
  id: string
  /** Date and time of receipt, ISO 8601 with Colombia's offset, e.g. `2026-11-23T08:28:00-05:00`. */
  recibido: string
  /** Legal due date (YYYY-MM-DD), from the office's due-date function. */
  vence: string
  /** Verification code for tracking, e.g. `K7M3P-Q9RT2`. Shown once; the store keeps only its hash. */
  codigo: string
}

export const KEEP_RECEIPT = 'Guarde este número y este código para consultar su solicitud.'

/**
 * The receipt as a PDF constancia (issue 26 item 8): a form POST with the
 * number and the code (fields `radicado`, `codigo`), never an address, so it
 * cannot be enumerated and never lands in histories or logs.
 */
export const RECEIPT_PDF_API = '/api/recibo/constancia'
export const RECEIPT_PDF_BUTTON = 'Descargar constancia (PDF)'

/** An instant as ISO 8601 in Colombia time (UTC−5 all year, no daylight saving). */
export function colombiaIso(date: Date): string {
  const shifted = new Date(date.getTime() - 5 * 3600_000)
  return `${shifted.toISOString().slice(0, 19)}-05:00`
}

// Made on first use, not when the module loads: a page's first Intl formatter loads the locale data, about
// 20–40 ms on a phone, and this module is part of every hydrated page's start-up (issue 16, Lighthouse).
let dateTime: Intl.DateTimeFormat | undefined
let day: Intl.DateTimeFormat | undefined

/** «lunes, 23 de noviembre de 2026, 8:28 a. m.» */
export function spanishDateTime(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
  return dateTime.format(new Date(iso))
}

/** A calendar day (YYYY-MM-DD) in Spanish: «lunes, 14 de diciembre de 2026». */
export function spanishDay(isoDay: string): string {
  day ??= new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
  return day.format(new Date(`${isoDay}T12:00:00Z`))
}

/** The receipt's lines after the form's success text, in the order shown everywhere. */
export function receiptLines(r: Pick<Receipt, 'recibido' | 'vence' | 'codigo'>): string[] {
  return [
    `Fecha y hora de recibo: ${spanishDateTime(r.recibido)} (hora de Colombia).`,
    `Fecha límite de respuesta: ${spanishDay(r.vence)}.`,
    `Código de verificación: ${r.codigo}`,
    KEEP_RECEIPT,
  ]
}

/** The receipt in a server answer, when it carries one (the newsletter's answer does not). */
export function receiptOf(answer: unknown): Receipt | undefined {
  if (!answer || typeof answer !== 'object') return undefined
  const a = answer as Record<string, unknown>
  if (typeof a.id !== 'string' || typeof a.recibido !== 'string' || typeof a.vence !== 'string' || typeof a.codigo !== 'string') return undefined
  return { id: a.id, recibido: a.recibido, vence: a.vence, codigo: a.codigo }
}
