import type { FastifyInstance } from 'fastify'
import { TRACKING_PAGE } from '../../../filings/tracking.ts'
import { attachmentsList, colombiaIso, RECEIPT_PDF_API, spanishDateTime, spanishDay } from '../../../forms/receipt.ts'
import { asDownload } from '../../http/download.ts'
import { ApiError } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { receiptDetails } from '../../receiptDetails.ts'
import { normalizeCode } from '../../verificationCode.ts'
import { constanciaPdf } from '../office/index.ts'
import { createTracker, lookupLimit, lookupOf } from '../tracking/index.ts'

export interface ReceiptPdfOptions {
  site: SiteData
  store: FilingStore
  /** The tracking lookups' limit: a download spends the same per-address budget (tracking's LOOKUP_BUDGET). */
  rateLimit: { max: number; timeWindow: number }
}

/** The code as the receipt prints it (XXXXX-XXXXX), from what was posted. */
const printedCode = (code: string): string => {
  const n = normalizeCode(code)
  return n.length === 10 ? `${n.slice(0, 5)}-${n.slice(5)}` : n
}

/**
 * «Descargar constancia (PDF)» on a citizen's receipt (docs/decisions/receipt-pdf.md;
 * CPACA art. 61: number, date and time of receipt): the web filing's
 * constancia, drawn by the same PDF code as the office's (office/radicacion/
 * constancia.ts), with the radicado, the date and time of receipt, the due
 * date and the verification code. Authorised by the number and the code
 * together, posted (never in an address), answered alike for a wrong number
 * or code, and counted against the tracking lookups' per-address limit: the
 * code is the secret, so constancias cannot be enumerated. The number and
 * code are checked by the tracking lookup itself (tracking/lookup.ts), never
 * a copy of it. Works from the page's receipt with or without script (a
 * plain form POST that downloads).
 * The PDF carries no personal data beyond the receipt's own lines.
 */
export async function receiptPdfPlugin(app: FastifyInstance, opts: ReceiptPdfOptions): Promise<void> {
  const { site, store } = opts
  // The tracking lookup itself (tracking/lookup.ts): one place checks a number and code, and one budget counts them.
  const { find } = createTracker(site, store)

  app.post(RECEIPT_PDF_API, { ...lookupLimit(app, opts.rateLimit), config: NO_SCRIPT_FORM }, async (request, reply) => {
    const fields = isUrlEncoded(request) ? (isNoScriptPost(request) ? plainFields(request.body) : undefined) : request.body
    if (fields === undefined || fields === null || typeof fields !== 'object') throw new ApiError(415, MSG.unsupportedMedia, {})
    const lookup = lookupOf(fields)
    const { filing, filingForm, tramite } = await find(lookup)
    const recibido = colombiaIso(new Date(filing.recibidoEn))
    // The same request type, channel and attachments as the receipt on screen.
    const details = receiptDetails(filingForm, filing.datos, site, filing.canal ?? 'web', filing.adjuntos)
    const rows: Array<[string, string]> = [
      ['Número de radicado', filing.radicado],
      ['Solicitud', details.solicitud ?? filingForm.nombre],
      ['Canal de recepción', details.canal ?? ''],
      ['Fecha y hora de recibo', `${spanishDateTime(recibido)} (hora de Colombia)`],
      ['Fecha límite de respuesta', `${spanishDay(tramite.vence)} (${tramite.diasHabiles} días hábiles)`],
      ['Código de verificación', printedCode(lookup.codigo)],
      ...(details.adjuntos ? ([['Documentos adjuntos recibidos', attachmentsList(details.adjuntos)]] as Array<[string, string]>) : []),
      ['Consulta en línea', `${request.protocol}://${request.host}${TRACKING_PAGE}`],
    ]
    const footer =
      'Constancia de radicación por el sitio web (CPACA, art. 61). Guarde el número de radicado y el código de verificación: con ellos consulta el estado y la respuesta de su solicitud en línea.'
    const pdf = await constanciaPdf({ radicado: filing.radicado, recibido, entidad: site.siteName }, rows, footer)
    return asDownload(reply.header('cache-control', 'no-store'), `constancia-${filing.radicado}.pdf`, 'application/pdf').send(Buffer.from(pdf))
  })
}
