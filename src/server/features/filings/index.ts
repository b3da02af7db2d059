/**
 * The citizens' filings: one POST route per filing form of manifest/forms
 * (src/manifest/filingForms.ts) — json forms take JSON (or url-encoded
 * without script), multipart forms their files; a subscription is stored
 * once per address — and the no-script confirmation page. Adding a form is
 * a YAML file. Forms posted without script are answered with pages, errors
 * included: this scope's own error handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Receipt } from '../../../forms/receipt.ts'
import { type FormValidator, loadFormValidator } from '../../../forms/validateSubmission.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import { apiError, installErrorHandler, noScriptErrorPage } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { CONFIRMATION_PATH, isNoScriptPost, NO_SCRIPT_FORM } from '../../http/noScript.ts'
import type { NativeFormPages } from '../../nativePages.ts'
import { mailReceipt, type Notifier } from '../../notify.ts'
import { ReceiptTokens } from '../../receiptTokens.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { FilingReceiver } from './receive.ts'
import { fileSpecs, requestFields, validated } from './validation.ts'

/** The one reading of a multipart filing with files, for the office's registration of a written petition too (docs/decisions/office.md). */
export { receiveWithFiles } from './receive.ts'
export { fileSpecs } from './validation.ts'

export interface FilingsOptions {
  site: SiteData
  store: FilingStore
  notifier: Notifier
  dataDir: string
  /** The pages of a form posted without script (success, confirmation, errors). */
  pages: NativeFormPages
  rateLimit: { max: number; timeWindow: number }
  /** GETs of the no-script confirmation page per address and window (default 30 per minute). */
  lookupRateLimit?: { max: number; timeWindow: number }
  /** The server's clock (AppOptions.now). */
  now?: () => Date
}

const confirmationQuery = {
  type: 'object',
  properties: { formulario: { type: 'string' }, id: { type: 'string' }, volver: { type: 'string' }, recibo: { type: 'string' } },
} as const

/** What every filing route shares: the plugin's options, the receiver that stores, the receipts' tokens and the POSTs' rate limit. */
interface FilingRoutes {
  app: FastifyInstance
  opts: FilingsOptions
  receiver: FilingReceiver
  receipts: ReceiptTokens
  limit: onRequestHookHandler
}

/**
 * The success answer of a filing: its receipt (CPACA art. 61), on screen
 * and, when the citizen gave an address, by e-mail (a failed e-mail never
 * fails the filing; the receipt says whether it went). Without script the confirmation page
 * shows it: the code travels to that page through a short-lived token,
 * never in the address (which lands in histories and logs).
 */
async function answer(ctx: FilingRoutes, request: FastifyRequest, reply: FastifyReply, filing: FilingForm, datos: Record<string, unknown>, receipt: Receipt) {
  const { notifier, pages } = ctx.opts
  request.log.info({ radicado: receipt.id }, 'radicación recibida')
  notifier.filingReceived(receipt.id, filing.nombre)
  // The receipt says it was e-mailed only when the mail server accepted it (docs/decisions/filings.md).
  const correo = await mailReceipt(notifier, datos.correoElectronico, receipt, filing.nombre)
  if (correo) receipt.correo = correo
  if (isNoScriptPost(request)) return pages.success(request, reply, filing, receipt.id, await ctx.receipts.keep(receipt))
  return reply.code(200).send(receipt)
}

/**
 * Newsletter: not a filing, and the office is not e-mailed. A repeated address is stored once and answered
 * exactly as a new one, with no number: the answer must not reveal that someone else subscribed it (docs/decisions/filings.md).
 */
function subscriptionRoute(ctx: FilingRoutes, filing: FilingForm, validate: FormValidator) {
  const { form } = filing
  const emailField = filing.emailField!
  ctx.app.post(filing.endpoint, { onRequest: ctx.limit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const datos = validated(form, validate, requestFields(request, form, ctx.receiver.now()), ctx.receiver.now())
    const now = ctx.receiver.now()
    const result = await ctx.opts.store.subscribe(String(datos[emailField.nombre]), now, ctx.receiver.consentFor(form, now, datos).autorizacion)
    request.log.info({ radicado: result.id }, 'suscripción')
    if (isNoScriptPost(request)) return ctx.opts.pages.success(request, reply, filing, '')
    return reply.code(200).send({ ok: true })
  })
}

/** A form with files: multipart, or JSON (url-encoded without script) when a JSON form was sent with none attached. */
function filesRoute(ctx: FilingRoutes, filing: FilingForm, validate: FormValidator) {
  const { form } = filing
  const specs = fileSpecs(filing, validate)
  // A body announced bigger than the files' limits plus room for the text fields is refused before reading it.
  const maxBody = [...specs.values()].reduce((n, spec) => n + spec.maxTotalBytes, 0) + 1024 * 1024
  // Answered on the attachments field when the form has one (its total is what the sender went over).
  const overTotal = [...specs.values()].find(spec => spec.multiple)?.overTotal ?? (() => apiError('bodyTooLarge'))
  const refuseOversized = async (request: FastifyRequest, reply: FastifyReply) => {
    const length = Number(request.headers['content-length'])
    if (Number.isFinite(length) && length > maxBody) {
      reply.header('connection', 'close')
      throw overTotal()
    }
  }
  ctx.app.post(filing.endpoint, { onRequest: [ctx.limit, refuseOversized], config: NO_SCRIPT_FORM }, async (request, reply) => {
    // A JSON form with attachments: JSON (or url-encoded without script) when none were attached.
    if (filing.envio === 'json' && !request.isMultipart()) {
      const datos = validated(form, validate, requestFields(request, form, ctx.receiver.now()), ctx.receiver.now())
      return answer(ctx, request, reply, filing, datos, await ctx.receiver.create(filing, datos))
    }
    const { datos, receipt } = await ctx.receiver.multipart(request, reply, filing, validate, specs)
    return answer(ctx, request, reply, filing, datos, receipt)
  })
}

/** A form of text fields only: JSON, or url-encoded without script. */
function jsonRoute(ctx: FilingRoutes, filing: FilingForm, validate: FormValidator) {
  const { form } = filing
  ctx.app.post(filing.endpoint, { onRequest: ctx.limit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const datos = validated(form, validate, requestFields(request, form, ctx.receiver.now()), ctx.receiver.now())
    return answer(ctx, request, reply, filing, datos, await ctx.receiver.create(filing, datos))
  })
}

/** The no-JavaScript confirmation page (Post/Redirect/Get): shows the success text of a number that exists, for its own form only. */
function confirmationRoute(ctx: FilingRoutes) {
  const { app, opts, receipts } = ctx
  const { site, store, pages } = opts
  const byFormId = new Map(site.filings.map(f => [f.form.id, f]))
  // Throttled apart from the POSTs (docs/decisions/filings.md): probing numbers would otherwise tell how many filings exist.
  const lookupLimit = app.rateLimit({ max: opts.lookupRateLimit?.max ?? 30, timeWindow: opts.lookupRateLimit?.timeWindow ?? 60_000, groupId: 'confirmacion' })
  app.get<{ Querystring: { formulario?: string; id?: string; volver?: string; recibo?: string } }>(
    CONFIRMATION_PATH,
    { onRequest: lookupLimit, schema: { querystring: confirmationQuery } },
    async (request, reply) => {
      const { formulario, id, volver, recibo } = request.query
      const filing = formulario === undefined ? undefined : byFormId.get(formulario)
      // The newsletter's confirmation carries no number (a repeated address must look like a new one).
      if (filing?.clase === 'suscripcion') return pages.confirmation(reply, filing, '', volver)
      const valid = filing && id !== undefined && new RegExp(`^${filing.serie}-\\d{4}-\\d{6,}$`).test(id) && (await store.hasRadicado(id))
      if (!filing || !id || !valid) return reply.code(404).type('application/json; charset=utf-8').send({ error: MSG.notFound, fields: {} })
      return pages.confirmation(reply, filing, id, volver, await receipts.take(recibo, id))
    },
  )
}

export async function filingsPlugin(app: FastifyInstance, opts: FilingsOptions): Promise<void> {
  const { site, store, pages } = opts
  installErrorHandler(app, noScriptErrorPage(pages.failure))
  const ctx: FilingRoutes = {
    app,
    opts,
    receiver: new FilingReceiver(site, store, opts.dataDir, opts.now),
    receipts: new ReceiptTokens(store, app.log),
    // One shared budget per client address for all POSTs (a per-route config would count each route apart).
    // groupId names the budget in the shared store (rateLimitStore.ts).
    limit: app.rateLimit({ ...opts.rateLimit, groupId: 'radicar' }),
  }
  for (const filing of site.filings) {
    const validate = await loadFormValidator(filing.form, site.lookups)
    if (validate.origin !== 'precompilado')
      app.log.info({ formulario: filing.form.id }, 'validador compilado al iniciar (el precompilado falta o es de otro manifiesto)')
    if (filing.clase === 'suscripcion') subscriptionRoute(ctx, filing, validate)
    else if (filing.fileFields.length > 0) filesRoute(ctx, filing, validate)
    else jsonRoute(ctx, filing, validate)
  }
  confirmationRoute(ctx)
}
