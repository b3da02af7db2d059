import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement, type ReactElement } from 'react'
import { addCalendarDays, colombiaDay } from '../../../filings/businessDays.ts'
import { parseOfficeCanal, type OfficeCanal } from '../../../filings/channels.ts'
import { initialTramite, termOf } from '../../../filings/deadlines.ts'
import { TRACKING_PAGE } from '../../../filings/tracking.ts'
import { normalizeSubmission } from '../../../forms/normalize.ts'
import { colombiaIso } from '../../../forms/receipt.ts'
import { loadFormValidator, type FormValidator } from '../../../forms/validateSubmission.ts'
import { dayTimestamp } from '../../../manifest/colombiaTime.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import { CONSENT_FIELD, hasPrivacyNotice, hasSensitiveConsent, SENSITIVE_CONSENT_FIELD } from '../../../manifest/privacyNotice.ts'
import { consentsFor } from '../../consentRecords.ts'
import type { FormDefinition } from '../../../manifest/types.generated.ts'
import { asDownload } from '../../http/download.ts'
import { ApiError, apiError } from '../../http/errors.ts'
import { FIELD_MSG, MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import { NO_NOTIFIER, type Notifier } from '../../notify.ts'
import { labelledFields } from '../../office/format.ts'
import { MessagePage } from '../../office/views/MessagePage.tsx'
import type { Office, Signed } from '../office/index.ts'
import { hashCode, newVerificationCode } from '../../verificationCode.ts'
import { renderDocument } from '../../views/ServerDocument.tsx'
import { CONSTANCIA_TRACKING, constanciaPdf, constanciaRows, type Constancia } from './constancia.ts'
import { REGISTER_API, REGISTER_PAGE } from './registerPaths.ts'
import { ConstanciaPage } from './views/ConstanciaPage.tsx'
import { RegisterFormPage, RegisterIndexPage, type RegisterFormView } from './views/RegisterPages.tsx'
import { checkReceiptDay, MAX_BACKDATE_DAYS } from './receiptDay.ts'

/**
 * Radicación by the office for every channel (issue 26 item 1; Decreto 1166
 * de 2016): staff register a petition received in person, by phone, by
 * e-mail or on paper with the same form definition as the site's (same
 * fields, the same compiled validator, the same numbering and terms), the
 * channel and the staff member stored with it and audited in the same
 * commit; the citizen gets a constancia (page and PDF) and, when an address
 * was given, the same e-mail receipt as a web filing.
 *
 * Registered inside the office's plugin (features/office), whose session,
 * rules of access and no-store hook it shares.
 */

export interface RegistrationOptions {
  office: Office
  notifier?: Notifier
}

const formParams = { type: 'object', properties: { formulario: { type: 'string' } }, required: ['formulario'] } as const
const tokenParams = { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } as const

const CONSTANCIA_TTL_MS = 30 * 60_000
const CONSTANCIA_PATH = '/oficina/constancias'

/** Constancias waiting to be shown or printed, by a random token, for the account that registered them only. */
class Constancias {
  readonly #byToken = new Map<string, { cuentaId: number; constancia: Constancia; until: number }>()

  keep(cuentaId: number, constancia: Constancia, now: number): string {
    for (const [k, v] of this.#byToken) if (v.until < now) this.#byToken.delete(k)
    // Bounded: the oldest go first (a busy counter registers far fewer than this in 30 minutes).
    while (this.#byToken.size >= 1000) this.#byToken.delete(this.#byToken.keys().next().value!)
    const token = randomUUID()
    this.#byToken.set(token, { cuentaId, constancia, until: now + CONSTANCIA_TTL_MS })
    return token
  }

  take(token: string, cuentaId: number, now: number): Constancia | undefined {
    const entry = this.#byToken.get(token)
    return entry && entry.until >= now && entry.cuentaId === cuentaId ? entry.constancia : undefined
  }
}

/** A hidden request-day timestamp (the appointment's fechaCita) is the day of receipt, as the web form's script sets it. */
function withHiddenDefaults(form: FormDefinition, values: Record<string, unknown>, day: string): Record<string, unknown> {
  const out = { ...values }
  for (const c of form.campos) {
    if (c.control === 'hidden' && c.tipoDato === 'marcaTiempo' && (out[c.nombre] === undefined || out[c.nombre] === '')) out[c.nombre] = dayTimestamp(day)
  }
  return out
}

export async function registrationRoutes(app: FastifyInstance, opts: RegistrationOptions): Promise<void> {
  const { office } = opts
  const { site, store, now } = office
  const auth = office
  const maySee = office.maySee
  const notifier = opts.notifier ?? NO_NOTIFIER
  const filings = site.filings.filter(f => f.clase === 'radicacion')
  const byId = new Map(filings.map(f => [f.form.id, f]))
  const validators = new Map<string, FormValidator>()
  for (const f of filings) validators.set(f.form.id, await loadFormValidator(f.form, site.lookups))
  const constancias = new Constancias()
  const html = (reply: FastifyReply, status: number, page: ReactElement) => reply.code(status).type('text/html; charset=utf-8').send(renderDocument(page))
  const bounds = () => {
    const today = colombiaDay(now())
    return { today, earliest: addCalendarDays(today, -MAX_BACKDATE_DAYS) }
  }
  /** The registration form of one form definition: empty, or as typed with what to fix. */
  const formPage = (s: Signed, form: FormDefinition, typed?: Pick<RegisterFormView, 'values' | 'error'>) =>
    createElement(RegisterFormPage, { ctx: auth.ctxOf(s), v: { form, lookups: site.lookups, notice: site.privacyNotice, ...bounds(), ...typed } })
  const message = (s: Signed, title: string, text: string) => createElement(MessagePage, { ctx: auth.ctxOf(s), title, message: text })

  const pageSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const s = await auth.sessionOf(request)
    if (!s) reply.code(303).redirect('/acceder', 303)
    return s
  }

  app.get(REGISTER_PAGE, async (request, reply) => {
    const s = await pageSession(request, reply)
    if (!s) return reply
    return html(
      reply,
      200,
      createElement(RegisterIndexPage, {
        ctx: auth.ctxOf(s),
        forms: filings.filter(f => maySee(s.account, f.form.id)).map(f => ({ id: f.form.id, titulo: f.form.titulo })),
      }),
    )
  })

  app.get<{ Params: { formulario: string } }>(`${REGISTER_PAGE}/:formulario`, { schema: { params: formParams } }, async (request, reply) => {
    const s = await pageSession(request, reply)
    if (!s) return reply
    const filing = byId.get(request.params.formulario)
    if (!filing) return html(reply, 404, message(s, 'No encontrado', MSG.noForm))
    if (!maySee(s.account, filing.form.id)) return html(reply, 403, message(s, 'Sin acceso', MSG.forbiddenForm))
    return html(reply, 200, formPage(s, filing.form))
  })

  /** Validates the whole registration at once (channel, day and the form's own fields), so every error is shown together. */
  const validate = (filing: FilingForm, canalRaw: unknown, dayRaw: unknown, raw: unknown, today: string) => {
    const fields: Record<string, string> = {}
    const canal = parseOfficeCanal(canalRaw)
    if (!canal) fields.canal = FIELD_MSG.canal
    const day = checkReceiptDay(dayRaw, today)
    if (!day.ok) fields.fechaRecepcion = day.message
    const validator = validators.get(filing.form.id)!
    let datos: Record<string, unknown> | undefined
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fields.datos = FIELD_MSG.datos
    else {
      const outcome = validator(normalizeSubmission(filing.form, withHiddenDefaults(filing.form, { ...raw }, day.ok ? day.day : today)))
      if (outcome.ok) datos = outcome.value
      else Object.assign(fields, outcome.fields)
    }
    if (!canal || !day.ok || !datos || Object.keys(fields).length) throw apiError('invalidForm', fields)
    return { canal, day: day.day, datos }
  }

  const register = async (request: FastifyRequest, s: Signed, filing: FilingForm, canal: OfficeCanal, day: string, datos: Record<string, unknown>) => {
    const { form } = filing
    const at = now()
    const today = colombiaDay(at)
    const earlier = day < today
    // The term counts from the day the entity received it (Ley 1755 de 2015, art. 14).
    const tramite = initialTramite(form, datos, site.lookups, earlier ? new Date(`${day}T12:00:00-05:00`) : at)
    const codigo = newVerificationCode()
    const id = await store.createFiling({
      kind: filing.kind,
      datos,
      now: at,
      tramite,
      codigoHash: hashCode(codigo),
      // The checkboxes the validator required, ticked by staff once the citizen authorized (docs/decisions/consent-and-privacy.md; sensitive data: docs/decisions/sensitive-data.md).
      ...consentsFor(form, site.privacyNotice?.version, at, datos),
      canal,
      registradaPor: s.account.id,
      recibidaEl: earlier ? day : undefined,
      audit: { evento: 'radicar', cuentaId: s.account.id, detalle: `canal ${canal}${earlier ? `; recibida el ${day}` : ''}`, direccion: request.ip, now: at },
    })
    request.log.info({ radicado: id, canal }, 'radicación registrada por la oficina')
    const receipt = { id, recibido: colombiaIso(at), vence: tramite.vence, codigo }
    notifier.filingReceived(id, filing.nombre)
    const correo = datos.correoElectronico
    const withMail = typeof correo === 'string' && correo !== ''
    if (withMail) notifier.receiptToCitizen(correo, receipt, filing.nombre)
    const term = termOf(form, datos, site.lookups)
    const constancia: Constancia = {
      radicado: id,
      codigo,
      recibido: receipt.recibido,
      ...(earlier ? { recibidaEl: day } : {}),
      vence: tramite.vence,
      diasHabiles: term.diasHabiles,
      fundamento: term.fundamento,
      canal,
      formulario: filing.nombre,
      tipo: term.tipo,
      funcionario: s.account.nombre,
      entidad: site.siteName,
      consultaUrl: `${request.protocol}://${request.host}${TRACKING_PAGE}`,
      campos: labelledFields(form, site.lookups, datos)
        .filter(f => f.nombre !== CONSENT_FIELD && f.nombre !== SENSITIVE_CONSENT_FIELD)
        .map(({ etiqueta, valor }) => ({ etiqueta, valor })),
      correoEnviado: withMail,
    }
    if (hasPrivacyNotice(form))
      constancia.campos.push({
        etiqueta: 'Autorización de tratamiento de datos personales',
        valor: `Sí, dada a la oficina (aviso de privacidad versión ${site.privacyNotice?.version ?? 'sin-aviso'})`,
      })
    if (hasSensitiveConsent(form))
      constancia.campos.push({
        etiqueta: 'Autorización expresa de datos sensibles',
        valor: `Sí, dada a la oficina (aviso de privacidad versión ${site.privacyNotice?.version ?? 'sin-aviso'})`,
      })
    const token = constancias.keep(s.account.id, constancia, at.getTime())
    return { receipt, constancia, token }
  }

  app.post(REGISTER_API, { ...office.postLimit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const native = isNoScriptPost(request)
    const s = await auth.sessionOf(request)
    if (!s) {
      if (native) return reply.code(303).redirect('/acceder', 303)
      throw apiError('unauthenticated')
    }
    let formId: unknown
    let canalRaw: unknown
    let dayRaw: unknown
    let raw: unknown
    if (native) {
      if (!isUrlEncoded(request)) throw apiError('unsupportedMedia')
      const fields = plainFields(request.body)
      if (!fields) throw apiError('badRequest')
      auth.checkFormToken(request, s, fields._xsrf)
      ;({ _formulario: formId, _canal: canalRaw, _fechaRecepcion: dayRaw } = fields)
      // The office's own fields start with «_»; the rest are the form's.
      raw = Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith('_')))
    } else {
      const body = plainFields(request.body)
      if (!body) throw apiError('badRequest')
      ;({ formulario: formId, canal: canalRaw, fechaRecepcion: dayRaw, datos: raw } = body)
    }
    const filing = typeof formId === 'string' ? byId.get(formId) : undefined
    if (!filing) throw apiError('invalidForm', { formulario: MSG.noForm })
    if (!maySee(s.account, filing.form.id)) throw apiError('forbiddenForm')
    try {
      const { canal, day, datos } = validate(filing, canalRaw, dayRaw, raw, colombiaDay(now()))
      const { receipt, constancia, token } = await register(request, s, filing, canal, day, datos)
      const url = `${CONSTANCIA_PATH}/${token}`
      if (native) return reply.code(303).redirect(url, 303)
      return reply.send({
        ...receipt,
        canal,
        ...(constancia.recibidaEl ? { recibidaEl: constancia.recibidaEl } : {}),
        constancia: url,
        constanciaPdf: `${url}/constancia.pdf`,
      })
    } catch (error) {
      if (native && error instanceof ApiError && error.statusCode === 400) {
        const values = Object.fromEntries(Object.entries(plainFields(raw) ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
        if (typeof canalRaw === 'string') values.canal = canalRaw
        if (typeof dayRaw === 'string') values.fechaRecepcion = dayRaw
        return html(reply, 400, formPage(s, filing.form, { values, error: { message: error.message, fields: error.fields } }))
      }
      throw error
    }
  })

  const constanciaOf = async (request: FastifyRequest, reply: FastifyReply, token: string, evento: string) => {
    const s = await pageSession(request, reply)
    if (!s) return undefined
    const c = constancias.take(token, s.account.id, now().getTime())
    if (!c) {
      html(reply, 404, message(s, 'Constancia no disponible', MSG.constanciaGone))
      return undefined
    }
    // The constancia shows the citizen's data: every view is audited like the filing's page.
    await store.audit({ evento, cuentaId: s.account.id, radicado: c.radicado, detalle: 'constancia', direccion: request.ip, now: now() })
    return { s, c }
  }

  app.get<{ Params: { token: string } }>(`${CONSTANCIA_PATH}/:token`, { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params
    const found = await constanciaOf(request, reply, token, 'ver')
    if (!found) return reply
    return html(reply, 200, createElement(ConstanciaPage, { ctx: auth.ctxOf(found.s), c: found.c, pdfUrl: `${CONSTANCIA_PATH}/${token}/constancia.pdf` }))
  })

  app.get<{ Params: { token: string } }>(`${CONSTANCIA_PATH}/:token/constancia.pdf`, { schema: { params: tokenParams } }, async (request, reply) => {
    const found = await constanciaOf(request, reply, request.params.token, 'descargar')
    if (!found) return reply
    const pdf = await constanciaPdf(found.c, constanciaRows(found.c), CONSTANCIA_TRACKING(found.c))
    return asDownload(reply, `constancia-${found.c.radicado}.pdf`, 'application/pdf').send(Buffer.from(pdf))
  })
}

/** The constancia's PDF drawing, shared with the citizen's receipt download (features/receiptPdf, issue 26 item 8). */
export { constanciaPdf } from './constancia.ts'
