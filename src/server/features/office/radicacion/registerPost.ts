import type { FastifyReply, FastifyRequest } from 'fastify'
import { colombiaDay } from '../../../../filings/businessDays.ts'
import { ApiError, apiError } from '../../../http/errors.ts'
import { MSG } from '../../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, plainFields } from '../../../http/noScript.ts'
import { sendPage, type Signed } from '../officeContext.ts'
import { fileSpecs, receiveWithFiles } from '../../filings/index.ts'
import { registerFiling, validateRegistration } from './registerFiling.ts'
import { formPage, type Registration } from './registration.ts'

export const CONSTANCIA_PATH = '/oficina/constancias'

/** What a registration posts, as sent: the form's id, the channel, the day of receipt and the form's own data. */
interface Posted {
  formId: unknown
  canalRaw: unknown
  dayRaw: unknown
  raw: unknown
}

/** The posted registration: url-encoded from the HTML form (with the session's form token), or JSON from the API. */
function readPosted(r: Registration, request: FastifyRequest, s: Signed, native: boolean): Posted {
  if (native) {
    if (!isUrlEncoded(request)) throw apiError('unsupportedMedia')
    const fields = plainFields(request.body)
    if (!fields) throw apiError('badRequest')
    r.office.checkFormToken(request, s, fields._xsrf)
    // The office's own fields start with «_»; the rest are the form's.
    const raw = Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith('_')))
    return { formId: fields._formulario, canalRaw: fields._canal, dayRaw: fields._fechaRecepcion, raw }
  }
  const body = plainFields(request.body)
  if (!body) throw apiError('badRequest')
  return { formId: body.formulario, canalRaw: body.canal, dayRaw: body.fechaRecepcion, raw: body.datos }
}

/**
 * The text parts of a multipart registration, named as the HTML form names them (the office's own start with «_»,
 * the rest are the form's); without script the session's form token comes among them, from a script in the header.
 */
function postedFields(r: Registration, request: FastifyRequest, s: Signed, native: boolean, values: Record<string, unknown>, formId: string): Posted {
  if (native) r.office.checkFormToken(request, s, values._xsrf)
  const raw = Object.fromEntries(Object.entries(values).filter(([k]) => !k.startsWith('_')))
  return { formId, canalRaw: values._canal, dayRaw: values._fechaRecepcion, raw }
}

/** The values typed into the HTML form, to show it again with what to fix. */
function typedValues({ raw, canalRaw, dayRaw }: Posted): Record<string, string> {
  const values = Object.fromEntries(Object.entries(plainFields(raw) ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
  if (typeof canalRaw === 'string') values.canal = canalRaw
  if (typeof dayRaw === 'string') values.fechaRecepcion = dayRaw
  return values
}

/**
 * POST of a registration: JSON with the receipt and the constancia's
 * addresses, or (without script) a 303 to the constancia's page, or the form
 * again with every error.
 */
export async function postRegistration(r: Registration, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const native = isNoScriptPost(request)
  const s = await r.office.sessionOf(request)
  if (!s) {
    if (native) return reply.code(303).redirect('/acceder', 303)
    throw apiError('unauthenticated')
  }
  // A written petition with its scan and annexes comes as multipart, its form named in the address (the files'
  // limits are that form's, known before its parts are read); everything else url-encoded or JSON.
  const multipart = request.isMultipart()
  let posted: Posted = multipart
    ? { formId: (request.query as { formulario?: unknown }).formulario, canalRaw: undefined, dayRaw: undefined, raw: {} }
    : readPosted(r, request, s, native)
  const filing = typeof posted.formId === 'string' ? r.byId.get(posted.formId) : undefined
  if (!filing) throw apiError('invalidForm', { formulario: MSG.noForm })
  if (!r.office.maySee(s.account, filing.form.id)) throw apiError('forbiddenForm')
  const today = colombiaDay(r.office.now())
  try {
    const { receipt, constancia, token, checked } = multipart
      ? await receiveWithFiles(request, reply, r.dataDir, filing, fileSpecs(filing, r.validators.get(filing.form.id)!), {
          validate: (values, files) => {
            posted = postedFields(r, request, s, native, values, filing.form.id)
            return validateRegistration(r, filing, posted.canalRaw, posted.dayRaw, posted.raw, today, files)
          },
          commit: async (checked, attachments) => ({ ...(await registerFiling(r, request, s, filing, checked, attachments)), checked }),
          contents: r.office.store,
        })
      : await (async () => {
          const checked = validateRegistration(r, filing, posted.canalRaw, posted.dayRaw, posted.raw, today)
          return { ...(await registerFiling(r, request, s, filing, checked)), checked }
        })()
    const url = `${CONSTANCIA_PATH}/${token}`
    if (native) return reply.code(303).redirect(url, 303)
    return reply.send({
      ...receipt,
      canal: checked.canal,
      ...(constancia.recibidaEl ? { recibidaEl: constancia.recibidaEl } : {}),
      constancia: url,
      constanciaPdf: `${url}/constancia.pdf`,
    })
  } catch (error) {
    if (native && error instanceof ApiError && error.statusCode === 400) {
      const typed = { values: typedValues(posted), error: { message: error.message, fields: error.fields } }
      return sendPage(reply, 400, formPage(r, s, filing.form, typed))
    }
    throw error
  }
}
