import nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { escalationText } from '../filings/escalation.ts'
import { type Receipt, type ReceiptMail, receiptLines, spanishDateTime, spanishDay } from '../forms/receipt.ts'

/** Where citizens follow their filing (the tracking page of docs/decisions/filings.md). */
export const TRACKING_PATH = '/pqrsd/consulta'

/**
 * A step of the office the citizen is told about by e-mail (docs/decisions/filings.md):
 * the answer, a forward to another entity (Ley 1755 de 2015, art. 21) or an
 * extension of the term (art. 14, parágrafo). Only the number, the kind of
 * request and what the office wrote for the citizen: never the ID number,
 * the name or the request's own text.
 */
export interface CitizenNotice {
  radicado: string
  /** Name of the kind of filing, e.g. «PQRSD». */
  typeLabel: string
  step: 'respondida' | 'trasladada' | 'ampliada'
  /** When the office acted (ISO instant). */
  en: string
  /** The answer text, the reason of the forward or of the extension. */
  texto: string
  /** Forward: the entity that now handles the request. */
  entidad?: string
  /** Extension: the new due date (YYYY-MM-DD). */
  nuevaFecha?: string
  /** The answer PDF to attach (absolute path and the name the citizen sees). */
  adjunto?: { path: string; nombre: string }
  /** The answer has a PDF that is not attached: the e-mail points to the tracking page for it. */
  pdfEnConsulta?: boolean
  /** The Superintendencia Nacional de Salud's phone (site.yaml), for the answer's escalation paragraph (docs/decisions/filings.md). */
  telefonoSupersalud?: string
}

/** What happened to a citizen's e-mail: the office records it in the filing's history. */
export type NoticeOutcome = { enviado: true } | { enviado: false; motivo: string }

/** Subject and plain text of a lifecycle e-mail: short sentences, one idea per line, readable by screen readers and text-only mail clients. */
export function noticeMessage(n: CitizenNotice): { subject: string; text: string } {
  const follow = `Puede consultar el estado de su solicitud en la página «Consulta de PQRSD» del sitio web (${TRACKING_PATH}) con el número de radicado y el código de verificación de su recibo.`
  const footer = ['', 'Este mensaje fue enviado automáticamente; no lo responda.']
  switch (n.step) {
    case 'respondida':
      return {
        subject: `Respuesta a su solicitud ${n.radicado}`,
        text: [
          `Su solicitud ${n.radicado} (${n.typeLabel}) fue respondida el ${spanishDateTime(n.en)} (hora de Colombia).`,
          '',
          'Respuesta de la entidad:',
          '',
          n.texto,
          '',
          ...(n.adjunto
            ? ['La respuesta en PDF va adjunta a este correo.', '']
            : n.pdfEnConsulta
              ? [
                  `La respuesta tiene un documento PDF. Para verlo y descargarlo, entre a la página «Consulta de PQRSD» del sitio web (${TRACKING_PATH}) con el número de radicado y el código de verificación de su recibo.`,
                  '',
                ]
              : []),
          escalationText('respondida', n.radicado, n.telefonoSupersalud),
          '',
          follow,
          ...footer,
        ].join('\n'),
      }
    case 'trasladada':
      return {
        subject: `Su solicitud ${n.radicado} fue trasladada a otra entidad`,
        text: [
          `Su solicitud ${n.radicado} (${n.typeLabel}) no es de competencia de esta entidad.`,
          `El ${spanishDateTime(n.en)} (hora de Colombia) la trasladamos a: ${n.entidad ?? ''}.`,
          'Esa entidad le dará respuesta (Ley 1755 de 2015, artículo 21).',
          '',
          'Motivo del traslado:',
          n.texto,
          '',
          follow,
          ...footer,
        ].join('\n'),
      }
    case 'ampliada':
      return {
        subject: `Nueva fecha de respuesta de su solicitud ${n.radicado}`,
        text: [
          `No podremos responder su solicitud ${n.radicado} (${n.typeLabel}) dentro del término inicial.`,
          `La nueva fecha límite de respuesta es el ${spanishDay(n.nuevaFecha ?? '')} (Ley 1755 de 2015, artículo 14, parágrafo).`,
          '',
          'Motivo:',
          n.texto,
          '',
          follow,
          ...footer,
        ].join('\n'),
      }
  }
}

export interface Notifier {
  /** Queues the e-mail and returns at once; failures are logged, never thrown. */
  filingReceived(id: string, typeLabel: string): void
  /**
   * The citizen's acknowledgement (CPACA art. 61): number, date and time, due date and code; no other personal data.
   * Resolves (never rejects) with whether the mail server accepted it, so a page says «sent» only when it was.
   */
  receiptToCitizen(to: string, receipt: Receipt, typeLabel: string): Promise<boolean>
  /** A lifecycle e-mail to the citizen; resolves with the outcome (never rejects), so the office can record it. */
  noticeToCitizen(to: string, notice: CitizenNotice): Promise<NoticeOutcome>
  /** Resolves when every queued e-mail has been tried (for shutdown and tests). */
  flush(): Promise<void>
  close(): void
}

/** How long a receipt waits for the mail server's answer; after it the page says the e-mail was not confirmed. */
export const RECEIPT_MAIL_WAIT_MS = 4_000

/**
 * Sends the citizen's receipt when an address was given, and says what a page may say about it: `enviado`
 * only when the mail server accepted it within `waitMs`; `no-enviado` without a mail server, when it refused,
 * or when it did not answer in time. Undefined when there is no address (docs/decisions/filings.md).
 */
export async function mailReceipt(
  n: Notifier,
  to: unknown,
  receipt: Receipt,
  typeLabel: string,
  waitMs = RECEIPT_MAIL_WAIT_MS,
): Promise<ReceiptMail | undefined> {
  if (typeof to !== 'string' || to === '') return undefined
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>(resolve => {
    timer = setTimeout(() => resolve(false), waitMs)
  })
  const sent = await Promise.race([n.receiptToCitizen(to, receipt, typeLabel), late])
  clearTimeout(timer)
  return sent ? 'enviado' : 'no-enviado'
}

/** Without SMTP_URL nothing can be sent: the office is told so in the filing's history. */
export const NO_MAIL_CONFIGURED = 'el servidor no tiene configurado el envío de correo (SMTP_URL)'

export const NO_NOTIFIER: Notifier = {
  filingReceived() {},
  receiptToCitizen: async () => false,
  noticeToCitizen: async () => ({ enviado: false, motivo: NO_MAIL_CONFIGURED }),
  flush: async () => {},
  close() {},
}

/** What each send needs: the transport, the sender, the log, the outcome listener, and the pending list for flush(). */
interface Mailer {
  transport: Transporter
  sender: string
  log: FastifyBaseLogger
  onOutcome: (sent: boolean) => void
  track: (p: Promise<void>) => void
}

/** Only the error's kind: an SMTP answer may quote the address, which must reach neither the log nor the history. */
function failureCode(err: unknown): string | number | undefined {
  const code = (err as { code?: unknown; responseCode?: unknown })?.responseCode ?? (err as { code?: unknown })?.code
  return typeof code === 'string' || typeof code === 'number' ? code : undefined
}

/** A lifecycle e-mail to the citizen, resolving with its outcome for the filing's history. */
function sendNotice(m: Mailer, citizen: string, notice: CitizenNotice): Promise<NoticeOutcome> {
  const { subject, text } = noticeMessage(notice)
  const attachments = notice.adjunto ? [{ filename: notice.adjunto.nombre, path: notice.adjunto.path, contentType: 'application/pdf' }] : undefined
  const p = m.transport.sendMail({ from: m.sender, to: citizen, subject, text, ...(attachments ? { attachments } : {}) }).then(
    (): NoticeOutcome => {
      m.log.info({ radicado: notice.radicado, paso: notice.step }, 'aviso enviado al ciudadano')
      m.onOutcome(true)
      return { enviado: true }
    },
    (err: unknown): NoticeOutcome => {
      const codigo = failureCode(err)
      m.log.warn({ radicado: notice.radicado, paso: notice.step, codigo }, 'no se pudo enviar el aviso al ciudadano')
      m.onOutcome(false)
      return { enviado: false, motivo: codigo !== undefined ? `el servidor de correo no lo aceptó (${codigo})` : 'el servidor de correo no lo aceptó' }
    },
  )
  m.track(p.then(() => undefined))
  return p
}

/**
 * Sends one e-mail in the background: its outcome is logged (`sent` / `failed`) and told to onOutcome, never thrown;
 * the promise says whether the mail server accepted it.
 */
function sendQuietly(m: Mailer, mail: { to: string; subject: string; text: string }, radicado: string, sent: string, failed: string): Promise<boolean> {
  const p = m.transport.sendMail({ from: m.sender, ...mail }).then(
    () => {
      m.log.info({ radicado }, sent)
      m.onOutcome(true)
      return true
    },
    (err: unknown) => {
      m.log.warn({ radicado, err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, failed)
      m.onOutcome(false)
      return false
    },
  )
  m.track(p.then(() => undefined))
  return p
}

/** The citizen's receipt by e-mail. */
function receiptMail(receipt: Receipt, typeLabel: string): { subject: string; text: string } {
  return {
    subject: `Recibo de su solicitud ${receipt.id}`,
    text: [
      `Su solicitud (${typeLabel}) fue radicada por el sitio web.`,
      ``,
      `Número de radicado: ${receipt.id}`,
      ...receiptLines(receipt),
      ``,
      `Puede consultar el estado de su solicitud en la página «Consulta de PQRSD» del sitio web (/pqrsd/consulta) con el número y el código.`,
      `Este mensaje fue enviado automáticamente; no lo responda.`,
    ].join('\n'),
  }
}

/** The office's alert of a new filing: number and type only. */
function officeMail(id: string, typeLabel: string): { subject: string; text: string } {
  const when = new Date().toLocaleString('es-CO', { timeZone: 'America/Bogota' })
  return {
    subject: `Nueva radicación ${id} (${typeLabel})`,
    text: [
      `Se recibió por el sitio web una nueva radicación.`,
      ``,
      `Número de radicado: ${id}`,
      `Tipo: ${typeLabel}`,
      `Fecha: ${when}`,
      ``,
      `Consulte los datos con: npm run export`,
    ].join('\n'),
  }
}

/**
 * When SMTP_URL and NOTIFY_TO are set, each new filing sends the office an
 * e-mail with its number and type only: the citizen's data stays in the
 * store and the export, not in mailboxes. With SMTP_URL alone, citizens who
 * gave an address get their receipt (docs/decisions/filings.md).
 */
export function createNotifier(
  smtpUrl: string | undefined,
  to: string | undefined,
  log: FastifyBaseLogger,
  from?: string,
  /** Told each e-mail's outcome (for /salud/detalle: «was the last e-mail sent?»). */
  onOutcome: (sent: boolean) => void = () => {},
): Notifier {
  if (!smtpUrl) return NO_NOTIFIER
  // Bounded waits: an SMTP server that accepts the connection and never greets may not hold a filing's e-mail,
  // nor the shutdown, for nodemailer's default 30 s (docs/decisions/filings.md).
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 5_000, socketTimeout: 20_000 } as never)
  const pending = new Set<Promise<void>>()
  const track = (p: Promise<void>) => {
    const tracked = p.finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  const m: Mailer = { transport, sender: from ?? `Sitio web <no-responder@${hostOf(smtpUrl)}>`, log, onOutcome, track }
  return {
    noticeToCitizen: (citizen, notice) => sendNotice(m, citizen, notice),
    receiptToCitizen(citizen, receipt, typeLabel) {
      return sendQuietly(m, { to: citizen, ...receiptMail(receipt, typeLabel) }, receipt.id, 'recibo enviado al ciudadano', 'no se pudo enviar el recibo')
    },
    filingReceived(id, typeLabel) {
      if (!to) return
      void sendQuietly(m, { to, ...officeMail(id, typeLabel) }, id, 'notificación enviada', 'no se pudo enviar la notificación')
    },
    async flush() {
      await Promise.allSettled([...pending])
    },
    close() {
      transport.close()
    },
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}
