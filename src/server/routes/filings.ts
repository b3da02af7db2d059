import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FileDescriptor } from '../../forms/compileFormSchema.ts'
import { dayTimestamp, normalizeSubmission, todayInColombia } from '../../forms/normalize.ts'
import { loadFormValidator, type FormValidator } from '../../forms/validateSubmission.ts'
import type { FormDefinition, Lookups } from '../../manifest/types.generated.ts'
import { initialStatus } from '../../filings/deadlines.ts'
import { ApiError } from '../errors.ts'
import { MSG } from '../messages.ts'
import { CONFIRMATION_PATH, isUrlEncoded, plainFields } from '../nativeForms.ts'
import type { Notifier } from '../notify.ts'
import type { ServerFormId, SiteData } from '../siteData.ts'
import { FILING_PLAN } from '../siteData.ts'
import type { FilingKind, FilingStore } from '../store/store.ts'
import { discardUpload, keepUpload, receiveToTemp, removeKept, safeLabel, type ReceivedFile } from '../store/uploads.ts'

export interface FilingRouteOptions {
  site: SiteData
  store: FilingStore
  notifier: Notifier
  dataDir: string
  rateLimit: { max: number; timeWindow: number }
  /** GETs of the no-script confirmation page per address and window (default 30 per minute). */
  lookupRateLimit?: { max: number; timeWindow: number }
}

/** Type label of each kind, for logs, the office e-mail and the export. */
export const KIND_LABEL: Record<'pqrs' | 'cita' | 'historia', string> = {
  pqrs: 'PQRSD',
  cita: 'Solicitud de cita',
  historia: 'Solicitud de historia clínica',
}

const PDF_MAGIC = '%PDF-'

type Validator = FormValidator

/** Validates like the browser: normalize the raw fields, then the compiled schema of the same form definition. */
function validated(form: FormDefinition, validate: Validator, raw: unknown, files: Record<string, FileDescriptor | undefined> = {}): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const outcome = validate(raw)
    throw new ApiError(400, MSG.invalidForm, outcome.ok ? {} : outcome.fields)
  }
  const outcome = validate(normalizeSubmission(form, raw as Record<string, unknown>, files))
  if (!outcome.ok) throw new ApiError(400, MSG.invalidForm, outcome.fields)
  return outcome.value
}

/**
 * Fields of a form posted without script: the hidden request-day timestamp
 * (the appointment's fechaCita), which the page's script fills at submit, is
 * empty without it, so the server puts today's date, Colombia time, as the
 * browser would.
 */
function withNativeDefaults(form: FormDefinition, values: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const out = { ...values }
  for (const c of form.campos) {
    if (c.control === 'hidden' && c.tipoDato === 'marcaTiempo' && (out[c.nombre] === undefined || out[c.nombre] === '')) {
      out[c.nombre] = dayTimestamp(todayInColombia(now))
    }
  }
  return out
}

/**
 * The body of a JSON-form endpoint: JSON from the page's script, or
 * url-encoded fields from a form posted without script (only on that path;
 * see nativeForms.ts). Other encodings are refused.
 */
function requestFields(request: FastifyRequest, form: FormDefinition): unknown {
  if (isUrlEncoded(request)) {
    if (!request.nativeForm) throw new ApiError(415, MSG.unsupportedMedia, {})
    const fields = plainFields(request.body)
    if (!fields) throw new ApiError(400, MSG.badRequest, {})
    return withNativeDefaults(form, fields)
  }
  // A JSON form posted natively as multipart (a page that is not ours).
  if (request.nativeForm) throw new ApiError(415, MSG.unsupportedMedia, {})
  return request.body
}

async function formParts(app: FastifyInstance, site: SiteData, id: ServerFormId, lookups: Lookups): Promise<{ form: FormDefinition; validate: Validator }> {
  const form = site.forms[id]
  const validate = await loadFormValidator(form, lookups)
  if (validate.origen !== 'precompilado') app.log.info({ formulario: id }, 'validador compilado al iniciar (el precompilado falta o es de otro manifiesto)')
  return { form, validate }
}

export async function filingRoutes(app: FastifyInstance, opts: FilingRouteOptions): Promise<void> {
  const { site, store, notifier, dataDir } = opts
  // One shared budget per client address for all POSTs (a per-route config would count each route apart).
  const routeConfig = { onRequest: app.rateLimit(opts.rateLimit) }

  const jsonFiling = async (url: string, formId: ServerFormId, kind: keyof typeof KIND_LABEL & FilingKind) => {
    const { form, validate } = await formParts(app, site, formId, site.lookups)
    app.post(url, routeConfig, async (request, reply) => {
      const datos = validated(form, validate, requestFields(request, form))
      const now = new Date()
      const id = await store.createFiling({ kind, datos, now, tramite: initialStatus(form, datos, site.lookups, now) })
      request.log.info({ radicado: id }, 'radicación recibida')
      notifier.filingReceived(id, KIND_LABEL[kind])
      if (request.nativeForm) return app.nativeForms.success(request, reply, formId, id)
      return reply.code(200).send({ id })
    })
  }
  // The no-JavaScript confirmation page (Post/Redirect/Get): shows the success text of a number that exists, for its own form only.
  const SERIES_OF_FORM: Record<ServerFormId, string> = {
    pqrsd: FILING_PLAN.series.pqrs!,
    cita: FILING_PLAN.series.cita!,
    'historia-clinica': FILING_PLAN.series.historia!,
    suscripcion: FILING_PLAN.subscriptionSeries,
  }
  // Throttled apart from the POSTs (issue 13 #13): probing numbers would otherwise tell how many filings exist.
  const lookupLimit = { onRequest: app.rateLimit({ max: opts.lookupRateLimit?.max ?? 30, timeWindow: opts.lookupRateLimit?.timeWindow ?? 60_000 }) }
  app.get(CONFIRMATION_PATH, lookupLimit, async (request, reply) => {
    const { formulario, id, volver } = request.query as Record<string, string | undefined>
    const formId = Object.hasOwn(SERIES_OF_FORM, formulario ?? '') ? (formulario as ServerFormId) : undefined
    // The newsletter's confirmation carries no number (a repeated address must look like a new one).
    if (formId === 'suscripcion') return app.nativeForms.confirmation(reply, formId, '', volver)
    const valid = formId && typeof id === 'string' && new RegExp(`^${SERIES_OF_FORM[formId]}-\\d{4}-\\d{6,}$`).test(id) && (await store.hasRadicado(id))
    if (!valid) return reply.code(404).type('application/json; charset=utf-8').send({ error: MSG.notFound, fields: {} })
    return app.nativeForms.confirmation(reply, formId, id, volver)
  })

  await jsonFiling('/api/pqrs', 'pqrsd', 'pqrs')
  await jsonFiling('/api/cita', 'cita', 'cita')

  // Newsletter: not a filing. A repeated address is stored once and answered exactly as a new one, with
  // no number: the answer must not reveal that someone else subscribed it (issue 13 #14).
  {
    const { form, validate } = await formParts(app, site, 'suscripcion', site.lookups)
    app.post('/api/suscripcion', routeConfig, async (request, reply) => {
      const datos = validated(form, validate, requestFields(request, form))
      const result = await store.subscribe(String(datos.correoElectronico))
      request.log.info({ radicado: result.id }, 'suscripción')
      if (request.nativeForm) return app.nativeForms.success(request, reply, 'suscripcion', '')
      return reply.code(200).send({ ok: true })
    })
  }

  // Clinical record: multipart with one PDF.
  {
    const { form, validate } = await formParts(app, site, 'historia-clinica', site.lookups)
    const fileField = form.campos.find((c) => c.control === 'file')
    if (!fileField) throw new Error('El formulario historia-clinica no tiene campo de archivo.')
    const maxBytes = Math.floor((fileField.tamanoMaximoMB ?? 10) * 1024 * 1024)
    // The form's own message for a file over the limit (the same the browser shows).
    const tooLargeOutcome = validate({ [fileField.nombre]: { nombre: 'x.pdf', tipo: 'application/pdf', tamano: maxBytes + 1 } })
    const tooLargeMessage = (!tooLargeOutcome.ok && tooLargeOutcome.fields[fileField.nombre]) || MSG.bodyTooLarge
    // A body announced bigger than the file limit plus room for the text fields is refused before reading it.
    const maxBody = maxBytes + 1024 * 1024

    const refuseOversized = async (request: FastifyRequest, reply: FastifyReply) => {
      const length = Number(request.headers['content-length'])
      if (Number.isFinite(length) && length > maxBody) {
        reply.header('connection', 'close')
        throw new ApiError(413, MSG.bodyTooLarge, {})
      }
    }

    app.post('/api/historia-clinica', { onRequest: [routeConfig.onRequest, refuseOversized] }, async (request, reply) => {
      if (!request.isMultipart()) throw new ApiError(400, MSG.multipartRequired, {})
      let received: MultipartResult
      try {
        received = await readMultipart(request, dataDir, fileField.nombre, maxBytes, tooLargeMessage)
      } catch (error) {
        // What is left of a refused upload is not read: the connection closes after the answer (issue 13 #5).
        if (error instanceof ApiError) reply.header('connection', 'close')
        throw error
      }
      const { file, label, extraFile } = received
      const values = request.nativeForm ? withNativeDefaults(form, received.values) : received.values
      let kept: string | undefined
      try {
        const descriptor: FileDescriptor | undefined =
          // An empty file part is what a form sends when no file was chosen.
          file && file.size > 0
            ? {
                nombre: label ?? 'documento.pdf',
                // What the content is, not what the visitor's computer says it is.
                tipo: file.head.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC ? 'application/pdf' : 'application/octet-stream',
                tamano: file.tooLarge ? maxBytes + 1 : file.size,
              }
            : undefined
        const datos = (() => {
          try {
            return validated(form, validate, values, { [fileField.nombre]: descriptor })
          } catch (error) {
            if (extraFile && error instanceof ApiError) throw new ApiError(400, MSG.onlyOneFile, error.fields)
            throw error
          }
        })()
        if (extraFile) throw new ApiError(400, MSG.onlyOneFile, {})
        if (!file || !descriptor) throw new ApiError(400, MSG.invalidForm, {})
        kept = keepUpload(dataDir, file)
        const now = new Date()
        const id = await store.createFiling({
          kind: 'historia',
          datos,
          now,
          tramite: initialStatus(form, datos, site.lookups, now),
          attachments: [{ campo: fileField.nombre, archivo: kept, nombreOriginal: descriptor.nombre, tipo: descriptor.tipo, tamano: file.size, sha256: file.sha256 }],
        })
        kept = undefined
        request.log.info({ radicado: id }, 'radicación recibida')
        notifier.filingReceived(id, KIND_LABEL.historia)
        if (request.nativeForm) return app.nativeForms.success(request, reply, 'historia-clinica', id)
        return reply.code(200).send({ id })
      } finally {
        discardUpload(file)
        if (kept) removeKept(dataDir, kept)
      }
    })
  }
}

interface MultipartResult {
  values: Record<string, unknown>
  file?: ReceivedFile
  label?: string
  extraFile: boolean
}

const MULTIPART_CODES: Record<string, { status: number; message: string }> = {
  FST_FILES_LIMIT: { status: 400, message: MSG.onlyOneFile },
  FST_PARTS_LIMIT: { status: 413, message: MSG.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: MSG.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: MSG.bodyTooLarge },
  FST_PROTO_VIOLATION: { status: 400, message: MSG.badRequest },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: MSG.badRequest },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: MSG.badRequest },
}

/** A failure of the disk or the system (ENOSPC, EACCES…), not of the request: answered 500. */
function isSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)
}

async function readMultipart(request: FastifyRequest, dataDir: string, fileFieldName: string, maxBytes: number, tooLargeMessage: string): Promise<MultipartResult> {
  const values: Record<string, unknown> = {}
  let file: ReceivedFile | undefined
  let label: string | undefined
  let extraFile = false
  try {
    const parts = request.parts({
      // One byte over the limit reaches receiveToTemp, which stops reading there (the plugin is registered with throwFileSizeLimit: false).
      limits: { fileSize: maxBytes + 1, files: 2, fields: 30, fieldSize: 16 * 1024, parts: 40, headerPairs: 100 },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileFieldName || file) {
          extraFile = true
          part.file.resume()
          await new Promise<void>((resolve) => part.file.once('end', resolve).once('error', () => resolve()))
          continue
        }
        file = await receiveToTemp(dataDir, part.file, maxBytes)
        if (part.file.truncated) file.tooLarge = true
        // Over the limit: stop reading here, the rest of the upload is never received.
        if (file.tooLarge) throw new ApiError(400, MSG.invalidForm, { [fileFieldName]: tooLargeMessage })
        label = part.filename ? safeLabel(part.filename) : undefined
      } else {
        // A text part over fieldSize would otherwise arrive silently cut.
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(413, MSG.bodyTooLarge, {})
        const prev = values[part.fieldname]
        // A repeated field becomes a list, which the schema rejects.
        values[part.fieldname] = prev === undefined ? part.value : ([] as unknown[]).concat(prev, part.value)
      }
    }
  } catch (error) {
    discardUpload(file)
    if (error instanceof ApiError) throw error
    const code = (error as { code?: unknown }).code
    const known = typeof code === 'string' ? MULTIPART_CODES[code] : undefined
    if (known) throw new ApiError(known.status, known.message, {})
    // Anything else the parser throws (no boundary, a truncated or garbled body) is the request's fault (issue 13 #8).
    if (!isSystemError(error)) throw new ApiError(400, MSG.malformedMultipart, {})
    throw error
  }
  return { values, file, label, extraFile }
}
