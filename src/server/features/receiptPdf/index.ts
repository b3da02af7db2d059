import type { FastifyInstance } from 'fastify'
import { initialTramite } from '../../../filings/deadlines.ts'
import { normalizeRadicado, RADICADO_SHAPE, TRACKING_FIELDS, TRACKING_PAGE, TRACKING_TEXT } from '../../../filings/tracking.ts'
import { attachmentsList, colombiaIso, RECEIPT_PDF_API, spanishDateTime, spanishDay } from '../../../forms/receipt.ts'
import { ApiError } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { hashCode, normalizeCode } from '../../verificationCode.ts'
import { receiptDetails } from '../../receiptDetails.ts'
import { constanciaPdf } from '../office/index.ts'

export interface ReceiptPdfOptions {
  site: SiteData
  store: FilingStore
  /** The tracking lookups' limit: a download spends the same per-address budget (group `consulta`). */
  rateLimit: { max: number; timeWindow: number }
}

/** Longest number or code worth checking; anything longer cannot match. */
const MAX_INPUT = 40

/** The code as the receipt prints it (XXXXX-XXXXX), from what was posted. */
const printedCode = (code: string): string => {
  const n = normalizeCode(code)
  return n.length === 10 ? `${n.slice(0, 5)}-${n.slice(5)}` : n
}

/**
 * «Descargar constancia (PDF)» on a citizen's receipt (issue 26 item 8;
 * CPACA art. 61: number, date and time of receipt): the web filing's
 * constancia, drawn by the same PDF code as the office's (office/radicacion/
 * constancia.ts), with the radicado, the date and time of receipt, the due
 * date and the verification code. Authorised by the number and the code
 * together, posted (never in an address), answered alike for a wrong number
 * or code, and counted against the tracking lookups' per-address limit: the
 * code is the secret, so constancias cannot be enumerated. Works from the
 * page's receipt with or without script (a plain form POST that downloads).
 * The PDF carries no personal data beyond the receipt's own lines.
 */
export async function receiptPdfPlugin(app: FastifyInstance, opts: ReceiptPdfOptions): Promise<void> {
  const { site, store } = opts
  const limit = { onRequest: app.rateLimit({ ...opts.rateLimit, groupId: 'consulta' }) }
  const filingByKind = new Map(site.filings.filter(f => f.clase === 'radicacion').map(f => [f.kind, f]))

  app.post(RECEIPT_PDF_API, { ...limit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const fields = isUrlEncoded(request)
      ? isNoScriptPost(request)
        ? plainFields(request.body)
        : undefined
      : (request.body as Record<string, unknown> | undefined)
    if (fields === undefined || fields === null || typeof fields !== 'object') throw new ApiError(415, MSG.unsupportedMedia, {})
    const rawRadicado = fields[TRACKING_FIELDS.radicado]
    const rawCodigo = fields[TRACKING_FIELDS.codigo]
    const radicado = typeof rawRadicado === 'string' ? normalizeRadicado(rawRadicado) : ''
    const codigo = typeof rawCodigo === 'string' ? rawCodigo.trim() : ''
    const missing: Record<string, string> = {}
    if (!radicado) missing[TRACKING_FIELDS.radicado] = TRACKING_TEXT.radicadoRequerido
    if (!codigo) missing[TRACKING_FIELDS.codigo] = TRACKING_TEXT.codigoRequerido
    if (Object.keys(missing).length > 0) throw new ApiError(400, MSG.invalidForm, missing)
    const shaped = radicado.length <= MAX_INPUT && codigo.length <= MAX_INPUT && RADICADO_SHAPE.test(radicado)
    // The hash and the read happen for every request, so a malformed number costs what a wrong one does.
    const matches = await store.codeMatches(shaped ? radicado : '-', hashCode(codigo.slice(0, MAX_INPUT)))
    const filing = shaped && matches ? await store.findFiling(radicado) : undefined
    const form = filing ? filingByKind.get(filing.kind) : undefined
    if (!filing || !form) throw new ApiError(404, TRACKING_TEXT.notFound, {})
    const tramite = (await store.getTramite(radicado)) ?? initialTramite(form.form, filing.datos, site.lookups, new Date(filing.recibidoEn))
    const recibido = colombiaIso(new Date(filing.recibidoEn))
    // The same request type, channel and attachments as the receipt on screen.
    const details = receiptDetails(form, filing.datos, site, filing.canal ?? 'web', filing.adjuntos)
    const rows: Array<[string, string]> = [
      ['Número de radicado', filing.radicado],
      ['Solicitud', details.solicitud ?? form.nombre],
      ['Canal de recepción', details.canal ?? ''],
      ['Fecha y hora de recibo', `${spanishDateTime(recibido)} (hora de Colombia)`],
      ['Fecha límite de respuesta', `${spanishDay(tramite.vence)} (${tramite.diasHabiles} días hábiles)`],
      ['Código de verificación', printedCode(codigo)],
      ...(details.adjuntos ? ([['Documentos adjuntos recibidos', attachmentsList(details.adjuntos)]] as Array<[string, string]>) : []),
      ['Consulta en línea', `${request.protocol}://${request.host}${TRACKING_PAGE}`],
    ]
    const footer =
      'Constancia de radicación por el sitio web (CPACA, art. 61). Guarde el número de radicado y el código de verificación: con ellos consulta el estado y la respuesta de su solicitud en línea.'
    const pdf = await constanciaPdf({ radicado: filing.radicado, recibido, entidad: site.siteName }, rows, footer)
    return reply
      .header('cache-control', 'no-store')
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="constancia-${filing.radicado}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(pdf))
  })
}
