import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement } from 'react'
import { asDownload } from '../../../http/download.ts'
import { MSG } from '../../../http/messages.ts'
import { NO_SCRIPT_FORM } from '../../../http/noScript.ts'
import { sendPage } from '../officeContext.ts'
import { CONSTANCIA_TRACKING, constanciaPdf, constanciaRows } from './constancia.ts'
import { REGISTER_API, REGISTER_PAGE } from './registerPaths.ts'
import { CONSTANCIA_PATH, postRegistration } from './registerPost.ts'
import { createRegistration, formPage, message, type Registration, type RegistrationOptions } from './registration.ts'
import { ConstanciaPage } from './views/ConstanciaPage.tsx'
import { RegisterIndexPage } from './views/RegisterPages.tsx'

/**
 * Radicación by the office for every channel (Decreto 1166
 * de 2016): staff register a petition received in person, by phone, by
 * e-mail or on paper with the same form definition as the site's (same
 * fields, the same compiled validator, the same numbering and terms), the
 * channel and the staff member stored with it and audited in the same
 * commit; the citizen gets a constancia (page and PDF) and, when an address
 * was given, the same e-mail receipt as a web filing.
 *
 * A part of the office (registered by its plugin), whose session, rules of
 * access and no-store hook it shares.
 */

export type { RegistrationOptions } from './registration.ts'

const formParams = { type: 'object', properties: { formulario: { type: 'string' } }, required: ['formulario'] } as const
const tokenParams = { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } as const

/** GET /oficina/radicar: the forms the account may register with. */
function indexRoute(app: FastifyInstance, r: Registration) {
  const { office } = r
  app.get(REGISTER_PAGE, async (request, reply) => {
    const s = await office.requirePage(request, reply)
    if (!s) return reply
    const forms = r.filings.filter(f => office.maySee(s.account, f.form.id)).map(f => ({ id: f.form.id, titulo: f.form.titulo }))
    return sendPage(reply, 200, createElement(RegisterIndexPage, { ctx: office.ctxOf(s), forms }))
  })
}

/** GET /oficina/radicar/:formulario: the empty registration form of one form definition. */
function formRoute(app: FastifyInstance, r: Registration) {
  app.get<{ Params: { formulario: string } }>(`${REGISTER_PAGE}/:formulario`, { schema: { params: formParams } }, async (request, reply) => {
    const s = await r.office.requirePage(request, reply)
    if (!s) return reply
    const filing = r.byId.get(request.params.formulario)
    if (!filing) return sendPage(reply, 404, message(r, s, 'No encontrado', MSG.noForm))
    if (!r.office.maySee(s.account, filing.form.id)) return sendPage(reply, 403, message(r, s, 'Sin acceso', MSG.forbiddenForm))
    return sendPage(reply, 200, formPage(r, s, filing.form))
  })
}

/** A constancia kept for the signed-in account, its view audited; a page saying it is gone otherwise. */
async function takeConstancia(r: Registration, request: FastifyRequest, reply: FastifyReply, token: string, evento: string) {
  const { office } = r
  const s = await office.requirePage(request, reply)
  if (!s) return undefined
  const c = r.constancias.take(token, s.account.id, office.now().getTime())
  if (!c) {
    sendPage(reply, 404, message(r, s, 'Constancia no disponible', MSG.constanciaGone))
    return undefined
  }
  // The constancia shows the citizen's data: every view is audited like the filing's page.
  await office.store.audit({ evento, cuentaId: s.account.id, radicado: c.radicado, detalle: 'constancia', direccion: request.ip, now: office.now() })
  return { s, c }
}

/** The constancia's page and its PDF, for the account that registered it, for 30 minutes. */
function constanciaRoutes(app: FastifyInstance, r: Registration) {
  app.get<{ Params: { token: string } }>(`${CONSTANCIA_PATH}/:token`, { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params
    const found = await takeConstancia(r, request, reply, token, 'ver')
    if (!found) return reply
    const pdfUrl = `${CONSTANCIA_PATH}/${token}/constancia.pdf`
    return sendPage(reply, 200, createElement(ConstanciaPage, { ctx: r.office.ctxOf(found.s), c: found.c, pdfUrl }))
  })
  app.get<{ Params: { token: string } }>(`${CONSTANCIA_PATH}/:token/constancia.pdf`, { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await takeConstancia(r, request, reply, request.params.token, 'descargar')
    if (!found) return reply
    const pdf = await constanciaPdf(found.c, constanciaRows(found.c), CONSTANCIA_TRACKING(found.c))
    return asDownload(reply, `constancia-${found.c.radicado}.pdf`, 'application/pdf').send(Buffer.from(pdf))
  })
}

export async function registrationRoutes(app: FastifyInstance, opts: RegistrationOptions): Promise<void> {
  const r = await createRegistration(opts)
  indexRoute(app, r)
  formRoute(app, r)
  app.post(REGISTER_API, { ...opts.office.postLimit, config: NO_SCRIPT_FORM }, (request, reply) => postRegistration(r, request, reply))
  constanciaRoutes(app, r)
}

/** The constancia's PDF drawing, shared with the citizen's receipt download (features/receiptPdf, docs/decisions/office.md). */
export { constanciaPdf } from './constancia.ts'
