import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FileDescriptor, FilesValue } from '../../../forms/compileFormSchema.ts'
import { extensionOf, nameForType, sniffType } from '../../../forms/fileType.ts'
import type { SubmittedFiles } from '../../../forms/normalize.ts'
import { colombiaIso, type Receipt } from '../../../forms/receipt.ts'
import type { FormValidator } from '../../../forms/validateSubmission.ts'
import { initialTramite } from '../../../filings/deadlines.ts'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { FormDefinition } from '../../../manifest/types.generated.ts'
import { ApiError, apiError } from '../../http/errors.ts'
import { discardParts, readMultipart, type FileSpec, type MultipartBody, type ReceivedPart } from '../../http/multipart.ts'
import { isNoScriptPost } from '../../http/noScript.ts'
import { keepTyped } from '../../http/typedValues.ts'
import type { SiteData } from '../../siteData.ts'
import { consentsFor } from '../../consentRecords.ts'
import type { AttachmentRecord, FileContentStore, FilingStore } from '../../store/store.ts'
import { keepUpload, removeKeptAll, saveKeptContents } from '../../store/uploads.ts'
import { receiptDetails } from '../../receiptDetails.ts'
import { hashCode, newVerificationCode } from '../../verificationCode.ts'
import { validated, withNativeDefaults } from './validation.ts'

/** Text parts of a filing form with files: its fields, each a few KB at most. */
const TEXT_LIMITS = { fields: 30, fieldSize: 16 * 1024 }

/** Stores a citizen's filing: numbered, with its legal term, the code's hash and its consent, in one commit. */
export class FilingReceiver {
  constructor(
    private readonly site: SiteData,
    private readonly store: FilingStore,
    private readonly dataDir: string,
    /** The server's clock (AppOptions.now): the instant of receipt, hence the number's year and the term. */
    readonly now: () => Date = () => new Date(),
  ) {}

  /** The authorizations stored with the row, to the notice version in force (consentRecords.ts). */
  consentFor(form: FormDefinition, now: Date, datos: Record<string, unknown>) {
    return consentsFor(form, this.site.privacyNotice?.version, now, datos)
  }

  /** A filing (its attachments already kept in DATA_DIR, when any). */
  async create(filing: FilingForm, datos: Record<string, unknown>, attachments?: AttachmentRecord[]): Promise<Receipt> {
    const now = this.now()
    const tramite = initialTramite(filing.form, datos, this.site.lookups, now)
    const codigo = newVerificationCode()
    const consents = this.consentFor(filing.form, now, datos)
    const id = await this.store.createFiling({
      kind: filing.kind,
      datos,
      now,
      tramite,
      codigoHash: hashCode(codigo),
      ...consents,
      ...(attachments ? { attachments } : {}),
    })
    return { id, recibido: colombiaIso(now), vence: tramite.vence, codigo, ...receiptDetails(filing, datos, this.site, 'web', attachments) }
  }

  /**
   * A multipart filing with its files (the one `file` of a multipart form,
   * the attachments of `archivos` fields): validated like the browser, each
   * file's type read from its content; the files are kept only once the
   * filing is valid, and removed again if it is not committed.
   */
  async multipart(
    request: FastifyRequest,
    reply: FastifyReply,
    filing: FilingForm,
    validate: FormValidator,
    specs: ReadonlyMap<string, FileSpec>,
  ): Promise<{ datos: Record<string, unknown>; receipt: Receipt }> {
    return receiveWithFiles(request, reply, this.dataDir, filing, specs, {
      validate: (values, files) =>
        validated(filing.form, validate, isNoScriptPost(request) ? withNativeDefaults(filing.form, values, this.now()) : values, this.now(), files),
      commit: async (datos, attachments) => ({ datos, receipt: await this.create(filing, datos, attachments) }),
      contents: this.store,
    })
  }
}

/** What a multipart filing does with its parts: validate the text with the files' descriptions, then store it with the kept files. */
export interface FilesSteps<D, T> {
  validate(values: Record<string, unknown>, files: SubmittedFiles): D
  commit(checked: D, attachments: AttachmentRecord[]): Promise<T>
  /** Where the kept files' bytes also go before the commit (PostgreSQL: any node serves them; store/fileContents.ts). */
  contents: FileContentStore
}

/** The data a validation returned: the form's own values (`datos`), alone or inside a larger result (the office's registration). */
function datosOf(checked: unknown): Record<string, unknown> {
  const c = checked as { datos?: Record<string, unknown> }
  return c.datos ?? (checked as Record<string, unknown>)
}

/**
 * The one reading of a multipart filing with files, for citizens' forms and the office's registration of a written
 * petition alike (docs/decisions/office.md): the same limits (`specs`, from the form's definition), the type read
 * from each file's content, the same validation of their descriptions; the files are kept only once `validate`
 * passed, and removed again if `commit` fails.
 */
export async function receiveWithFiles<D, T>(
  request: FastifyRequest,
  reply: FastifyReply,
  dataDir: string,
  filing: FilingForm,
  specs: ReadonlyMap<string, FileSpec>,
  steps: FilesSteps<D, T>,
): Promise<T> {
  if (!request.isMultipart()) throw apiError('multipartRequired')
  let body: MultipartBody
  try {
    body = await readMultipart(request, dataDir, specs, TEXT_LIMITS)
  } catch (error) {
    // What is left of a refused upload is not read: the connection closes after the answer (docs/decisions/filings.md).
    if (error instanceof ApiError) reply.header('connection', 'close')
    throw error
  }
  // Without script the form comes back filled in when it has an error: its text fields are kept for that answer.
  keepTyped(request, body.values)
  const kept: string[] = []
  try {
    const checked = validatedWithFiles(filing, body, specs, files => steps.validate(body.values, files))
    const attachments = keep(dataDir, body.received, specs, datosOf(checked), kept)
    await saveKeptContents(steps.contents, dataDir, kept)
    const result = await steps.commit(checked, attachments)
    kept.length = 0
    return result
  } finally {
    discardParts(body.received)
    await removeKeptAll(steps.contents, dataDir, kept)
  }
}

function validatedWithFiles<D>(filing: FilingForm, body: MultipartBody, specs: ReadonlyMap<string, FileSpec>, validate: (files: SubmittedFiles) => D): D {
  const extraCode = filing.form.campos.some(c => c.control === 'archivos') ? 'unexpectedFile' : 'onlyOneFile'
  const descriptors: SubmittedFiles = {}
  const describe = (r: ReceivedPart): FileDescriptor => {
    const tipo = sniffType(r.file.head)
    return { nombre: nameForType(r.label, tipo), tipo, tamano: r.file.size }
  }
  for (const [name, spec] of specs) {
    const list = body.received.get(name) ?? []
    descriptors[name] = spec.multiple ? list.map(describe) : list[0] ? describe(list[0]) : undefined
  }
  let checked: D
  try {
    checked = validate(descriptors)
  } catch (error) {
    if (body.extraFile && error instanceof ApiError) throw apiError(extraCode, error.fields)
    throw error
  }
  if (body.extraFile) throw apiError(extraCode)
  return checked
}

/** Moves the received files to their kept names (listed in `kept` until the filing commits). */
function keep(
  dataDir: string,
  received: Map<string, ReceivedPart[]>,
  specs: ReadonlyMap<string, FileSpec>,
  datos: Record<string, unknown>,
  kept: string[],
): AttachmentRecord[] {
  const attachments: AttachmentRecord[] = []
  for (const [name, spec] of specs) {
    for (const r of received.get(name) ?? []) {
      const tipo = sniffType(r.file.head)
      const archivo = keepUpload(dataDir, r.file, extensionOf(tipo))
      kept.push(archivo)
      attachments.push({ campo: name, archivo, nombreOriginal: nameForType(r.label, tipo), tipo, tamano: r.file.size, sha256: r.file.sha256 })
    }
    // The filing keeps the list of attachments (names, types, sizes); the total was for the limit only.
    const value = datos[name]
    if (spec.multiple && isFilesValue(value)) datos[name] = value.archivos
  }
  return attachments
}

function isFilesValue(value: unknown): value is FilesValue {
  return typeof value === 'object' && value !== null && 'archivos' in value
}
