import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { NO_JS_TRACKING_ID, TRACKING_API, TRACKING_PAGE, TRACKING_PDF } from '../../../filings/tracking.ts'
import { TrackingAnswer as AnswerView, TrackingFailure } from '../../../views/TrackingAnswer.tsx'
import { asDownload } from '../../http/download.ts'
import { ApiError, installErrorHandler, noScriptErrorPage } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import type { NativeFormPages } from '../../nativePages.ts'
import { createTracker, lookupLimit, lookupOf, NotFound } from './lookup.ts'
import type { SiteRoot } from '../../releases.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { storedUpload } from '../../store/uploads.ts'

/** What the receipt's PDF shares with tracking: the lookup itself and its one budget (docs/decisions/receipt-pdf.md). */
export { createTracker, LOOKUP_BUDGET, lookupLimit, lookupOf } from './lookup.ts'

export interface TrackingOptions {
  site: SiteData
  store: FilingStore
  dataDir: string
  root: SiteRoot
  /** Pages of the forms posted without script: an error of the tracking page's form is shown as one. */
  noScriptPages: NativeFormPages
  /** Lookups per address and window, one budget with the receipt's PDF (LOOKUP_BUDGET): stricter than the filings' limit. */
  rateLimit: { max: number; timeWindow: number }
  /** The server's clock (AppOptions.now): whether a term ran out. */
  now?: () => Date
}

/**
 * Tracking at /pqrsd/consulta (docs/decisions/tracking-and-report.md), a feature plugin registered without a prefix: its three
 * addresses are the constants the page's script shares (src/filings/tracking.ts): a citizen's own filing by its
 * number and verification code. Reading it is not staff access (nothing is
 * audited under an account); the answer carries the state, the dates and the
 * answer, never the petitioner's other data. A wrong number and a wrong code
 * are answered alike, after the same work (one hash, one indexed read), and
 * every lookup counts against the per-address budget of everything a number and code open (LOOKUP_BUDGET).
 */
export async function trackingPlugin(app: FastifyInstance, opts: TrackingOptions): Promise<void> {
  const { site, store, dataDir, root } = opts
  installErrorHandler(app, noScriptErrorPage(opts.noScriptPages.failure))
  const limit = lookupLimit(app, opts.rateLimit)

  const { find, answerOf } = createTracker(site, store, opts.now)

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
    // From the database when it holds the bytes (PostgreSQL: the answer may have been given on another node).
    const content = await storedUpload(store, dataDir, answer.archivo)
    if (!content) throw new NotFound()
    return asDownload(reply.header('cache-control', 'no-store'), answer.archivoNombre ?? 'respuesta.pdf', 'application/pdf').send(content)
  })
}
