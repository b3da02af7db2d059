import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { receiptLines, type Receipt } from '../forms/receipt.ts'

export interface Notifier {
  /** Queues the e-mail and returns at once; failures are logged, never thrown. */
  filingReceived(id: string, typeLabel: string): void
  /** The citizen's acknowledgement (CPACA art. 61): number, date and time, due date and code; no other personal data. */
  receiptToCitizen(to: string, receipt: Receipt, typeLabel: string): void
  /** Resolves when every queued e-mail has been tried (for shutdown and tests). */
  flush(): Promise<void>
  close(): void
}

export const NO_NOTIFIER: Notifier = { filingReceived() {}, receiptToCitizen() {}, flush: async () => {}, close() {} }

/**
 * When SMTP_URL and NOTIFY_TO are set, each new filing sends the office an
 * e-mail with its number and type only: the citizen's data stays in the
 * store and the export, not in mailboxes. With SMTP_URL alone, citizens who
 * gave an address get their receipt (issue 12).
 */
export function createNotifier(smtpUrl: string | undefined, to: string | undefined, log: FastifyBaseLogger, from?: string): Notifier {
  if (!smtpUrl) return NO_NOTIFIER
  // Bounded waits: an SMTP server that accepts the connection and never greets may not hold a filing's e-mail,
  // nor the shutdown, for nodemailer's default 30 s (issue 13 #17).
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 5_000, socketTimeout: 20_000 } as never)
  const sender = from ?? `Sitio web <no-responder@${hostOf(smtpUrl)}>`
  const pending = new Set<Promise<void>>()
  const track = (p: Promise<void>) => {
    const tracked = p.finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  return {
    receiptToCitizen(citizen, receipt, typeLabel) {
      track(
        transport
          .sendMail({
            from: sender,
            to: citizen,
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
          })
          .then(
            () => log.info({ radicado: receipt.id }, 'recibo enviado al ciudadano'),
            (err: unknown) => log.warn({ radicado: receipt.id, err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, 'no se pudo enviar el recibo'),
          ),
      )
    },
    filingReceived(id, typeLabel) {
      if (!to) return
      const when = new Date().toLocaleString('es-CO', { timeZone: 'America/Bogota' })
      const p = transport
        .sendMail({
          from: sender,
          to,
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
        })
        .then(
          () => log.info({ radicado: id }, 'notificación enviada'),
          (err: unknown) => log.warn({ radicado: id, err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, 'no se pudo enviar la notificación'),
        )
        .finally(() => pending.delete(p))
      pending.add(p)
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
