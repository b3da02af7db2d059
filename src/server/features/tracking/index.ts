import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { initialStatus } from '../../../filings/deadlines.ts'
import { colombiaIso } from '../../../forms/receipt.ts'
import {
  ESTADO_EXPLICACION,
  estadoTexto,
  NO_JS_TRACKING_ID,
  normalizeRadicado,
  RADICADO_SHAPE,
  TRACKING_API,
  TRACKING_FIELDS,
  TRACKING_PAGE,
  TRACKING_PDF,
  TRACKING_TEXT,
  type TrackingAnswer,
} from '../../../filings/tracking.ts'
import { TrackingAnswer as AnswerView, TrackingFailure } from '../../../views/TrackingAnswer.tsx'
import { escalationCase, escalationText } from '../../../filings/escalation.ts'
import { todayInColombia } from '../../../manifest/colombiaTime.ts'
import { asDownload } from '../../http/download.ts'
import { ApiError, installErrorHandler, noScriptErrorPage } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import type { NativeFormPages } from '../../nativePages.ts'
import type { SiteRoot } from '../../releases.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { uploadsDir } from '../../store/uploads.ts'
import { hashCode } from '../../verificationCode.ts'

export interface TrackingOptions {
  site: SiteData
  store: FilingStore
  dataDir: string
  root: SiteRoot
  /** Pages of the forms posted without script: an error of the tracking page's form is shown as one. */
  noScriptPages: NativeFormPages
  /** Lookups per address and window, shared by the three routes: stricter than the filings' limit. */
  rateLimit: { max: number; timeWindow: number }
}

/** Longest number or code worth looking up; anything longer cannot match and is answered like a wrong one. */
const MAX_INPUT = 40

interface Lookup {
  radicado: string
  codigo: string
}

/** A posted field as text ('' when absent or not text). */
function textField(fields: Record<string, unknown> | undefined, name: string): string {
  const value = fields?.[name]
  return typeof value === 'string' ? value : ''
}

/** The two fields, or 400 with a Spanish message per empty field. */
function lookupOf(body: unknown): Lookup {
  const fields = plainFields(body)
  const radicado = normalizeRadicado(textField(fields, TRACKING_FIELDS.radicado))
  const codigo = textField(fields, TRACKING_FIELDS.codigo).trim()
  const missing: Record<string, string> = {}
  if (!radicado) missing[TRACKING_FIELDS.radicado] = TRACKING_TEXT.radicadoRequerido
  if (!codigo) missing[TRACKING_FIELDS.codigo] = TRACKING_TEXT.codigoRequerido
  if (Object.keys(missing).length > 0) throw new ApiError(400, MSG.invalidForm, missing)
  return { radicado, codigo }
}

/** The generic answer for a wrong number, a wrong code or both: the same status and the same bytes. */
class NotFound extends ApiError {
  constructor() {
    super(404, TRACKING_TEXT.noEncontrada, {})
  }
}

/**
 * Tracking at /pqrsd/consulta (issue 12), a feature plugin registered without a prefix: its three
 * addresses are the constants the page's script shares (src/filings/tracking.ts): a citizen's own filing by its
 * number and verification code. Reading it is not staff access (nothing is
 * audited under an account); the answer carries the state, the dates and the
 * answer, never the petitioner's other data. A wrong number and a wrong code
 * are answered alike, after the same work (one hash, one indexed read), and
 * every lookup counts against its own per-address limit.
 */
export async function trackingPlugin(app: FastifyInstance, opts: TrackingOptions): Promise<void> {
  const { site, store, dataDir, root } = opts
  installErrorHandler(app, noScriptErrorPage(opts.noScriptPages.failure))
  const limit = { onRequest: app.rateLimit({ ...opts.rateLimit, groupId: 'consulta' }) }
  const formByKind = new Map(site.filings.filter(f => f.clase === 'radicacion').map(f => [f.kind, f.form]))

  /** The filing a number and code open, with its answer row; NotFound otherwise. */
  async function find({ radicado, codigo }: Lookup) {
    const shaped = radicado.length <= MAX_INPUT && codigo.length <= MAX_INPUT && RADICADO_SHAPE.test(radicado)
    // The hash and the read happen for every lookup, so a malformed number costs what a wrong one does.
    const matches = await store.codeMatches(shaped ? radicado : '-', hashCode(codigo.slice(0, MAX_INPUT)))
    if (!shaped || !matches) throw new NotFound()
    const filing = await store.findFiling(radicado)
    const form = filing ? formByKind.get(filing.kind) : undefined
    if (!filing || !form) throw new NotFound()
    const tramite = (await store.getTramite(radicado)) ?? { radicado, ...initialStatus(form, filing.datos, site.lookups, new Date(filing.recibidoEn)) }
    const history = await store.history(radicado)
    const answer = [...history].reverse().find(h => h.accion === 'responder')
    const forward = [...history].reverse().find(h => h.accion === 'trasladar')
    return { filing, tramite, answer, forward }
  }

  const escalationOf = (radicado: string, f: { respondida: boolean; estado: string; vence: string }): { escalamiento?: string } => {
    const caso = escalationCase(f, todayInColombia())
    return caso ? { escalamiento: escalationText(caso, radicado, site.supersaludPhone) } : {}
  }

  async function answerOf(lookup: Lookup): Promise<TrackingAnswer> {
    const { filing, tramite, answer, forward } = await find(lookup)
    return {
      radicado: filing.radicado,
      estado: tramite.estado,
      estadoTexto: estadoTexto(tramite.estado),
      explicacion: ESTADO_EXPLICACION[tramite.estado],
      recibido: colombiaIso(new Date(filing.recibidoEn)),
      vence: tramite.vence,
      ...(tramite.ampliada ? { venceOriginal: tramite.venceOriginal } : {}),
      ...(answer ? { respondido: colombiaIso(new Date(answer.en)), respuesta: answer.texto ?? '' } : {}),
      ...(answer?.archivo ? { respuestaPdf: { nombre: answer.archivoNombre ?? 'respuesta.pdf', tamano: answer.archivoTamano ?? 0 } } : {}),
      ...(tramite.estado === 'trasladada' && forward?.entidad ? { trasladadaA: forward.entidad } : {}),
      ...escalationOf(filing.radicado, { respondida: answer !== undefined, estado: tramite.estado, vence: tramite.vence }),
    }
  }

  app.post(TRACKING_API, limit, async (request, reply) => {
    if (isUrlEncoded(request) || request.isMultipart()) throw new ApiError(415, MSG.unsupportedMedia, {})
    const lookup = lookupOf(request.body)
    return reply.header('cache-control', 'no-store').send(await answerOf(lookup))
  })

  /** The page's form without script: the pre-rendered /pqrsd/consulta with the answer in its <noscript>. */
  app.post(TRACKING_PAGE, { ...limit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    if (!isNoScriptPost(request)) throw new ApiError(415, MSG.unsupportedMedia, {})
    const file = path.join(root.current(), ...TRACKING_PAGE.split('/').filter(Boolean), 'index.html')
    if (!fs.existsSync(file)) return reply.callNotFound()
    const fields = plainFields(request.body) ?? {}
    let status = 200
    let view: ReactElement
    try {
      const lookup = lookupOf(fields)
      view = createElement(AnswerView, { a: await answerOf(lookup), codigo: lookup.codigo })
    } catch (error) {
      if (!(error instanceof ApiError) || (error.statusCode !== 400 && error.statusCode !== 404)) throw error
      status = error.statusCode
      const details = Object.values(error.fields)
      view = createElement(TrackingFailure, { message: details.length > 0 ? MSG.invalidForm : error.message, details })
    }
    const body = renderToStaticMarkup(view)
    const marker = `<noscript id="${NO_JS_TRACKING_ID}"></noscript>`
    const page = fs.readFileSync(file, 'utf8')
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.replace(marker, () => `<noscript id="${NO_JS_TRACKING_ID}">${body}</noscript>`))
  })

  /** The answer's PDF, for the right number and code only (JSON or the page's form, with or without script). */
  app.post(TRACKING_PDF, { ...limit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const fields = isUrlEncoded(request) ? (isNoScriptPost(request) ? plainFields(request.body) : undefined) : request.body
    if (fields === undefined) throw new ApiError(415, MSG.unsupportedMedia, {})
    const { answer } = await find(lookupOf(fields))
    if (!answer?.archivo) throw new NotFound()
    return asDownload(reply.header('cache-control', 'no-store'), answer.archivoNombre ?? 'respuesta.pdf', 'application/pdf').send(
      fs.createReadStream(path.join(uploadsDir(dataDir), path.basename(answer.archivo))),
    )
  })
}
