import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { filesLimits, filesMessages, type FileDescriptor, type FilesValue } from '../../forms/compileFormSchema.ts'
import { extensionOf, sniffType } from '../../forms/fileType.ts'
import { normalizeSubmission, type SubmittedFiles } from '../../forms/normalize.ts'
import { requestDayProblems } from '../../forms/requestDayWindow.ts'
import { loadFormValidator, type FormValidator } from '../../forms/validateSubmission.ts'
import { initialStatus } from '../../filings/deadlines.ts'
import { colombiaIso, type Receipt } from '../../forms/receipt.ts'
import { hashCode, newVerificationCode } from '../verificationCode.ts'
import { dayTimestamp, todayInColombia } from '../../manifest/colombiaTime.ts'
import type { FilingForm } from '../../manifest/filingForms.ts'
import { consentsFor } from '../consentRecords.ts'
import type { Campo, FormDefinition } from '../../manifest/types.generated.ts'
import { ApiError, bodyReceived } from '../errors.ts'
import { MSG } from '../messages.ts'
import { CONFIRMATION_PATH, isUrlEncoded, plainFields } from '../nativeRequest.ts'
import type { Notifier } from '../notify.ts'
import { ReceiptTokens } from '../receiptTokens.ts'
import type { SiteData } from '../siteData.ts'
import type { AttachmentRecord, FilingStore } from '../store/store.ts'
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

type Validator = FormValidator

/** Validates like the browser: normalize the raw fields, then the compiled schema of the same form definition. */
function validated(form: FormDefinition, validate: Validator, raw: unknown, files: SubmittedFiles = {}): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    const outcome = validate(raw)
    throw new ApiError(400, MSG.invalidForm, outcome.ok ? {} : outcome.fields)
  }
  const outcome = validate(normalizeSubmission(form, raw as Record<string, unknown>, files))
  if (!outcome.ok) throw new ApiError(400, MSG.invalidForm, outcome.fields)
  const outOfWindow = requestDayProblems(form, outcome.value)
  if (Object.keys(outOfWindow).length > 0) throw new ApiError(400, MSG.invalidForm, outOfWindow)
  return outcome.value
}

/**
 * Fields of a form posted without script: a hidden request-day timestamp
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
 * see nativeRequest.ts). Other encodings are refused.
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

/**
 * One POST route per filing form of manifest/forms (src/manifest/filingForms.ts):
 * json forms take JSON (or url-encoded without script), multipart forms one
 * file; a subscription is stored once per address. Adding a form is a YAML file.
 */
export async function filingRoutes(app: FastifyInstance, opts: FilingRouteOptions): Promise<void> {
  const { site, store, notifier, dataDir } = opts
  // One shared budget per client address for all POSTs (a per-route config would count each route apart).
  // groupId names the budget in the shared store (rateLimitStore.ts).
  const routeConfig = { onRequest: app.rateLimit({ ...opts.rateLimit, groupId: 'radicar' }) }

  const receipts = new ReceiptTokens(store, app.log)

  /** The authorizations stored with the row, to the notice version in force (consentRecords.ts). */
  const consentFor = (form: FormDefinition, now: Date, datos: Record<string, unknown>) => consentsFor(form, site.privacyNotice?.version, now, datos)

  /**
   * The success answer of a filing: its receipt (CPACA art. 61), on screen
   * and, when the citizen gave an address, by e-mail (queued; a failed
   * e-mail never fails the filing). Without script the confirmation page
   * shows it: the code travels to that page through a short-lived token,
   * never in the address (which lands in histories and logs).
   */
  const answer = async (request: FastifyRequest, reply: FastifyReply, filing: FilingForm, datos: Record<string, unknown>, receipt: Receipt) => {
    request.log.info({ radicado: receipt.id }, 'radicación recibida')
    notifier.filingReceived(receipt.id, filing.nombre)
    const correo = datos.correoElectronico
    if (typeof correo === 'string' && correo !== '') notifier.receiptToCitizen(correo, receipt, filing.nombre)
    if (request.nativeForm) return app.nativeForms.success(request, reply, filing, receipt.id, await receipts.keep(receipt))
    return reply.code(200).send(receipt)
  }

  for (const filing of site.filings) {
    const { form } = filing
    const validate = await loadFormValidator(form, site.lookups)
    if (validate.origen !== 'precompilado') app.log.info({ formulario: form.id }, 'validador compilado al iniciar (el precompilado falta o es de otro manifiesto)')
    if (filing.clase === 'suscripcion') {
      // Newsletter: not a filing, and the office is not e-mailed. A repeated address is stored once and answered
      // exactly as a new one, with no number: the answer must not reveal that someone else subscribed it (issue 13 #14).
      const emailField = filing.emailField!
      app.post(filing.endpoint, routeConfig, async (request, reply) => {
        const datos = validated(form, validate, requestFields(request, form))
        const now = new Date()
        const result = await store.subscribe(String(datos[emailField.nombre]), now, consentFor(form, now, datos).autorizacion)
        request.log.info({ radicado: result.id }, 'suscripción')
        if (request.nativeForm) return app.nativeForms.success(request, reply, filing, '')
        return reply.code(200).send({ ok: true })
      })
    } else if (filing.fileFields.length > 0) {
      const specs = fileSpecs(filing, validate)
      // A body announced bigger than the files' limits plus room for the text fields is refused before reading it.
      const maxBody = [...specs.values()].reduce((n, spec) => n + spec.maxTotalBytes, 0) + 1024 * 1024
      const refuseOversized = async (request: FastifyRequest, reply: FastifyReply) => {
        const length = Number(request.headers['content-length'])
        if (Number.isFinite(length) && length > maxBody) {
          reply.header('connection', 'close')
          throw new ApiError(413, MSG.bodyTooLarge, {})
        }
      }
      app.post(filing.endpoint, { onRequest: [routeConfig.onRequest, refuseOversized] }, async (request, reply) => {
        // A JSON form with attachments: JSON (or url-encoded without script) when none were attached.
        if (filing.envio === 'json' && !request.isMultipart()) {
          const datos = validated(form, validate, requestFields(request, form))
          return answer(request, reply, filing, datos, await createJsonFiling(filing, datos))
        }
        const { datos, receipt } = await receiveMultipart(request, reply, filing, validate, specs)
        return answer(request, reply, filing, datos, receipt)
      })
    } else {
      app.post(filing.endpoint, routeConfig, async (request, reply) => {
        const datos = validated(form, validate, requestFields(request, form))
        return answer(request, reply, filing, datos, await createJsonFiling(filing, datos))
      })
    }
  }

  /** A filing without files: numbered, with its legal term and the code's hash, in one commit. */
  async function createJsonFiling(filing: FilingForm, datos: Record<string, unknown>): Promise<Receipt> {
    const now = new Date()
    const tramite = initialStatus(filing.form, datos, site.lookups, now)
    const codigo = newVerificationCode()
    const id = await store.createFiling({ kind: filing.kind, datos, now, tramite, codigoHash: hashCode(codigo), ...consentFor(filing.form, now, datos) })
    return { id, recibido: colombiaIso(now), vence: tramite.vence, codigo }
  }

  /**
   * A multipart filing with its files (the one `file` of a multipart form,
   * the attachments of `archivos` fields): validated like the browser, each
   * file's type read from its content; the files are kept only once the
   * filing is valid, and removed again if it is not committed.
   */
  async function receiveMultipart(
    request: FastifyRequest,
    reply: FastifyReply,
    filing: FilingForm,
    validate: Validator,
    specs: ReadonlyMap<string, FileSpec>,
  ): Promise<{ datos: Record<string, unknown>; receipt: Receipt }> {
    const { form } = filing
    if (!request.isMultipart()) throw new ApiError(400, MSG.multipartRequired, {})
    let parts: MultipartResult
    try {
      parts = await readMultipart(request, dataDir, specs)
      bodyReceived(request)
    } catch (error) {
      // What is left of a refused upload is not read: the connection closes after the answer (issue 13 #5).
      if (error instanceof ApiError) reply.header('connection', 'close')
      throw error
    }
    const { received, extraFile } = parts
    const extraMessage = form.campos.some((c) => c.control === 'archivos') ? MSG.unexpectedFile : MSG.onlyOneFile
    const values = request.nativeForm ? withNativeDefaults(form, parts.values) : parts.values
    const kept: string[] = []
    try {
      const descriptors: SubmittedFiles = {}
      const describe = (r: ReceivedPart): FileDescriptor => ({ nombre: r.label, tipo: sniffType(r.file.head), tamano: r.file.size })
      for (const [name, spec] of specs) {
        const list = received.get(name) ?? []
        descriptors[name] = spec.multiple ? list.map(describe) : list[0] ? describe(list[0]) : undefined
      }
      const datos = (() => {
        try {
          return validated(form, validate, values, descriptors)
        } catch (error) {
          if (extraFile && error instanceof ApiError) throw new ApiError(400, extraMessage, error.fields)
          throw error
        }
      })()
      if (extraFile) throw new ApiError(400, extraMessage, {})
      const attachments: AttachmentRecord[] = []
      for (const [name, spec] of specs) {
        const list = received.get(name) ?? []
        for (const r of list) {
          const tipo = sniffType(r.file.head)
          const archivo = keepUpload(dataDir, r.file, extensionOf(tipo))
          kept.push(archivo)
          attachments.push({ campo: name, archivo, nombreOriginal: r.label, tipo, tamano: r.file.size, sha256: r.file.sha256 })
        }
        // The filing keeps the list of attachments (names, types, sizes); the total was for the limit only.
        if (spec.multiple && datos[name]) datos[name] = (datos[name] as FilesValue).archivos
      }
      const now = new Date()
      const tramite = initialStatus(form, datos, site.lookups, now)
      const codigo = newVerificationCode()
      const id = await store.createFiling({ kind: filing.kind, datos, now, tramite, codigoHash: hashCode(codigo), ...consentFor(form, now, datos), attachments })
      kept.length = 0
      return { datos, receipt: { id, recibido: colombiaIso(now), vence: tramite.vence, codigo } }
    } finally {
      for (const list of received.values()) for (const r of list) discardUpload(r.file)
      for (const name of kept) removeKept(dataDir, name)
    }
  }

  // The no-JavaScript confirmation page (Post/Redirect/Get): shows the success text of a number that exists, for its own form only.
  const byFormId = new Map(site.filings.map((f) => [f.form.id, f]))
  // Throttled apart from the POSTs (issue 13 #13): probing numbers would otherwise tell how many filings exist.
  const lookupLimit = { onRequest: app.rateLimit({ max: opts.lookupRateLimit?.max ?? 30, timeWindow: opts.lookupRateLimit?.timeWindow ?? 60_000, groupId: 'confirmacion' }) }
  app.get(CONFIRMATION_PATH, lookupLimit, async (request, reply) => {
    const { formulario, id, volver } = request.query as Record<string, string | undefined>
    const filing = typeof formulario === 'string' ? byFormId.get(formulario) : undefined
    // The newsletter's confirmation carries no number (a repeated address must look like a new one).
    if (filing?.clase === 'suscripcion') return app.nativeForms.confirmation(reply, filing, '', volver)
    const valid = filing && typeof id === 'string' && new RegExp(`^${filing.serie}-\\d{4}-\\d{6,}$`).test(id) && (await store.hasRadicado(id))
    if (!filing || !valid) return reply.code(404).type('application/json; charset=utf-8').send({ error: MSG.notFound, fields: {} })
    const receipt = await receipts.take((request.query as Record<string, string | undefined>).recibo, id!)
    return app.nativeForms.confirmation(reply, filing, id!, volver, receipt)
  })
}

/** How a field receives files: its limits and the messages when they are passed while reading. */
interface FileSpec {
  /** An `archivos` field (several files) rather than one `file`. */
  multiple: boolean
  maxFiles: number
  maxFileBytes: number
  maxTotalBytes: number
  tooLargeMessage: string
  countMessage: string
  totalMessage: string
}

/** The file fields of a filing form with their limits, from the definition (the same the browser checks). */
function fileSpecs(filing: FilingForm, validate: Validator): Map<string, FileSpec> {
  const specs = new Map<string, FileSpec>()
  for (const c of filing.fileFields) {
    if (c.control === 'archivos') {
      const limits = filesLimits(c)
      const msg = filesMessages(c)
      specs.set(c.nombre, {
        multiple: true,
        maxFiles: limits.maxFiles,
        maxFileBytes: limits.maxFileBytes,
        maxTotalBytes: limits.maxTotalBytes,
        tooLargeMessage: msg.fileTooLarge,
        countMessage: msg.count,
        totalMessage: msg.total,
      })
      continue
    }
    const maxBytes = Math.floor((c.tamanoMaximoMB ?? 10) * 1024 * 1024)
    // The form's own message for a file over the limit (the same the browser shows).
    const tooLargeOutcome = validate({ [c.nombre]: { nombre: 'x.pdf', tipo: 'application/pdf', tamano: maxBytes + 1 } })
    const tooLargeMessage = (!tooLargeOutcome.ok && tooLargeOutcome.fields[c.nombre]) || MSG.bodyTooLarge
    specs.set(c.nombre, { multiple: false, maxFiles: 1, maxFileBytes: maxBytes, maxTotalBytes: maxBytes, tooLargeMessage, countMessage: MSG.onlyOneFile, totalMessage: tooLargeMessage })
  }
  return specs
}

interface ReceivedPart {
  file: ReceivedFile
  label: string
}

interface MultipartResult {
  values: Record<string, unknown>
  /** Field name → the non-empty files received for it, in order. */
  received: Map<string, ReceivedPart[]>
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

async function readMultipart(request: FastifyRequest, dataDir: string, specs: ReadonlyMap<string, FileSpec>): Promise<MultipartResult> {
  const values: Record<string, unknown> = {}
  const received = new Map<string, ReceivedPart[]>()
  const totals = new Map<string, number>()
  let extraFile = false
  const drain = async (stream: NodeJS.ReadableStream) => {
    stream.resume()
    await new Promise<void>((resolve) => stream.once('end', resolve).once('error', () => resolve()))
  }
  const maxFileBytes = Math.max(...[...specs.values()].map((s) => s.maxFileBytes))
  const maxFiles = [...specs.values()].reduce((n, s) => n + s.maxFiles, 0)
  try {
    const parts = request.parts({
      // One byte over the limit reaches receiveToTemp, which stops reading there (the plugin is registered with throwFileSizeLimit: false).
      limits: { fileSize: maxFileBytes + 1, files: maxFiles + 1, fields: 30, fieldSize: 16 * 1024, parts: 40 + maxFiles, headerPairs: 100 },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        const spec = specs.get(part.fieldname)
        const list = received.get(part.fieldname) ?? []
        if (!spec || (!spec.multiple && list.length > 0)) {
          extraFile = true
          await drain(part.file)
          continue
        }
        if (list.length >= spec.maxFiles) throw new ApiError(400, MSG.invalidForm, { [part.fieldname]: spec.countMessage })
        const file = await receiveToTemp(dataDir, part.file, spec.maxFileBytes)
        if (part.file.truncated) file.tooLarge = true
        // An empty file part is what a form sends when no file was chosen.
        if (file.size === 0 && !file.tooLarge) {
          discardUpload(file)
          continue
        }
        // Over the limit: stop reading here, the rest of the upload is never received.
        if (file.tooLarge) throw new ApiError(400, MSG.invalidForm, { [part.fieldname]: spec.tooLargeMessage })
        list.push({ file, label: safeLabel(part.filename, spec.multiple ? 'adjunto' : 'documento.pdf') })
        received.set(part.fieldname, list)
        const total = (totals.get(part.fieldname) ?? 0) + file.size
        totals.set(part.fieldname, total)
        if (total > spec.maxTotalBytes) throw new ApiError(400, MSG.invalidForm, { [part.fieldname]: spec.totalMessage })
      } else {
        // A text part over fieldSize would otherwise arrive silently cut.
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(413, MSG.bodyTooLarge, {})
        const prev = values[part.fieldname]
        // A repeated field becomes a list, which the schema rejects.
        values[part.fieldname] = prev === undefined ? part.value : ([] as unknown[]).concat(prev, part.value)
      }
    }
  } catch (error) {
    for (const list of received.values()) for (const r of list) discardUpload(r.file)
    if (error instanceof ApiError) throw error
    const code = (error as { code?: unknown }).code
    const known = typeof code === 'string' ? MULTIPART_CODES[code] : undefined
    if (known) throw new ApiError(known.status, known.message, {})
    // Anything else the parser throws (no boundary, a truncated or garbled body) is the request's fault (issue 13 #8).
    if (!isSystemError(error)) throw new ApiError(400, MSG.malformedMultipart, {})
    throw error
  }
  return { values, received, extraFile }
}
