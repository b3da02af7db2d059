/**
 * The filing receipt (CPACA art. 61 as amended by Ley 2080 de 2021:
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
  /** What was asked: the form's name and, when it has one, the request type (e.g. «PQRSD — Petición»). */
  solicitud?: string
  /** How it arrived (e.g. «Sitio web»). */
  canal?: string
  /** The attachments the server kept, as the citizen named them, with their size in bytes (Ley 1755 de 2015, art. 16). */
  adjuntos?: ReceiptAttachment[]
  /**
   * Whether this receipt also went to the citizen's e-mail: `enviado` only when the mail server accepted it,
   * `no-enviado` otherwise (no mail server, refused, or no answer in time). Absent when no address was given.
   */
  correo?: ReceiptMail
}

export interface ReceiptAttachment {
  nombre: string
  tamano: number
}

export type ReceiptMail = 'enviado' | 'no-enviado'

/** The receipt's e-mail line: said «sent» only when it was, and what to do when it was not. */
export const RECEIPT_MAIL_TEXT: Record<ReceiptMail, string> = {
  enviado: 'Este recibo también se envió a su correo electrónico.',
  'no-enviado':
    'No se pudo confirmar el envío de este recibo a su correo electrónico. Imprímalo o descargue la constancia en PDF y guárdela: con el número y el código consulta su solicitud en línea.',
}

/** A file size as people read it: «820 bytes», «312 KB», «1,4 MB». */
export function spanishSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
}

export const KEEP_RECEIPT = 'Guarde este número y este código para consultar su solicitud.'

/**
 * The receipt as a PDF constancia (docs/decisions/receipt-pdf.md): a form POST with the
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
// 20–40 ms on a phone, and this module is part of every hydrated page's start-up (Lighthouse).
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

/** One line of the receipt; `code` is the verification code, which a page draws unbroken after `text`. */
export interface ReceiptLine {
  text: string
  code?: string
}

export const CODE_LABEL = 'Código de verificación: '

/** The receipt's lines after the form's success text, in the order shown everywhere (page, e-mail, PDF). */
export function receiptItems(r: Omit<Receipt, 'id'>): ReceiptLine[] {
  const lines: ReceiptLine[] = []
  if (r.solicitud) lines.push({ text: `Solicitud: ${r.solicitud}.` })
  if (r.canal) lines.push({ text: `Canal de recepción: ${r.canal}.` })
  lines.push({ text: `Fecha y hora de recibo: ${spanishDateTime(r.recibido)} (hora de Colombia).` })
  lines.push({ text: `Fecha límite de respuesta: ${spanishDay(r.vence)}.` })
  lines.push({ text: CODE_LABEL, code: r.codigo })
  if (r.adjuntos) lines.push({ text: attachmentsLine(r.adjuntos) })
  if (r.correo) lines.push({ text: RECEIPT_MAIL_TEXT[r.correo] })
  lines.push({ text: KEEP_RECEIPT })
  return lines
}

/** «a.pdf (312 KB); b.png (1,4 MB)», or «ninguno». */
export function attachmentsList(adjuntos: readonly ReceiptAttachment[]): string {
  return adjuntos.length === 0 ? 'ninguno' : adjuntos.map(a => `${a.nombre} (${spanishSize(a.tamano)})`).join('; ')
}

/** «Documentos adjuntos recibidos (2): a.pdf (312 KB); b.png (1,4 MB).» */
export function attachmentsLine(adjuntos: readonly ReceiptAttachment[]): string {
  return `Documentos adjuntos recibidos${adjuntos.length > 0 ? ` (${adjuntos.length})` : ''}: ${attachmentsList(adjuntos)}.`
}

/** The receipt's lines as plain text (the e-mail). */
export function receiptLines(r: Omit<Receipt, 'id'>): string[] {
  return receiptItems(r).map(l => (l.code ? `${l.text}${l.code}` : l.text))
}

/** The receipt in a server answer, when it carries one (the newsletter's answer does not). */
export function receiptOf(answer: unknown): Receipt | undefined {
  if (!answer || typeof answer !== 'object') return undefined
  const a = answer as Record<string, unknown>
  if (typeof a.id !== 'string' || typeof a.recibido !== 'string' || typeof a.vence !== 'string' || typeof a.codigo !== 'string') return undefined
  const receipt: Receipt = { id: a.id, recibido: a.recibido, vence: a.vence, codigo: a.codigo }
  if (typeof a.solicitud === 'string') receipt.solicitud = a.solicitud
  if (typeof a.canal === 'string') receipt.canal = a.canal
  if (Array.isArray(a.adjuntos))
    receipt.adjuntos = a.adjuntos
      .filter((x): x is ReceiptAttachment => typeof x?.nombre === 'string' && typeof x?.tamano === 'number')
      .map(x => ({ nombre: x.nombre, tamano: x.tamano }))
  if (a.correo === 'enviado' || a.correo === 'no-enviado') receipt.correo = a.correo
  return receipt
}
