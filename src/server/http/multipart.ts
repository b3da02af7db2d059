import type { MultipartFile, MultipartValue } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { discardUpload, receiveToTemp, safeLabel, type ReceivedFile } from '../store/uploads.ts'
import { bodyReceived } from './bodyTimeout.ts'
import { ApiError, apiError } from './errors.ts'
import type { ErrorCode } from './messages.ts'

/** How one field receives files: its limits and the errors when they are passed while reading. */
export interface FileSpec {
  /** Several files (an `archivos` field) rather than one. */
  multiple: boolean
  maxFiles: number
  maxFileBytes: number
  maxTotalBytes: number
  /** Name of a file sent without one. */
  defaultLabel: string
  tooLarge(): ApiError
  tooMany(): ApiError
  overTotal(): ApiError
}

export interface ReceivedPart {
  file: ReceivedFile
  /** The name the sender's computer gave the file, cleaned: a label only, never a path. */
  label: string
}

export interface MultipartBody {
  values: Record<string, unknown>
  /** Field name → the non-empty files received for it, in order. */
  received: Map<string, ReceivedPart[]>
  /** A file came in a field that takes none, or one too many in a one-file field. */
  extraFile: boolean
  /** Field name → the file parts read for it, empty ones included. */
  fileParts: Map<string, number>
}

/** Limits on the text parts of a multipart body. */
export interface TextLimits {
  fields: number
  fieldSize: number
}

const PARSER_ERRORS: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: 'onlyOneFile',
  FST_PARTS_LIMIT: 'bodyTooLarge',
  FST_FIELDS_LIMIT: 'bodyTooLarge',
  FST_REQ_FILE_TOO_LARGE: 'bodyTooLarge',
  FST_PROTO_VIOLATION: 'badRequest',
  FST_INVALID_JSON_FIELD_ERROR: 'badRequest',
  FST_MP_PREMATURE_CLOSE: 'badRequest',
}

/** A failure of the disk or the system (ENOSPC, EACCES…), not of the request: answered 500. */
function isSystemError(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  stream.resume()
  await new Promise<void>(resolve => stream.once('end', resolve).once('error', () => resolve()))
}

/** Every received file goes back to nothing (a refused or failed request). */
export function discardParts(received: Map<string, ReceivedPart[]>): void {
  for (const list of received.values()) for (const r of list) discardUpload(r.file)
}

/**
 * The one multipart reader of the server (filing forms with files, the
 * office's answer in PDF): files are streamed to temporary files in
 * DATA_DIR, each stopped one byte past its limit (the upload is not read
 * further), empty file parts dropped (what a form sends when no file was
 * chosen); the parser's own errors become the catalogue's Spanish answers.
 * Once read, the body no longer runs against its receive timeout.
 */
export async function readMultipart(request: FastifyRequest, dataDir: string, specs: ReadonlyMap<string, FileSpec>, text: TextLimits): Promise<MultipartBody> {
  const body: MultipartBody = { values: {}, received: new Map(), extraFile: false, fileParts: new Map() }
  const totals = new Map<string, number>()
  try {
    for await (const part of request.parts({ limits: partLimits(specs, text) })) {
      if (part.type === 'file') await receiveFile(part, dataDir, specs, body, totals)
      else addValue(part, body.values)
    }
  } catch (error) {
    discardParts(body.received)
    throw answerFor(error)
  }
  bodyReceived(request)
  return body
}

/** The parser's limits: one byte and one file past the specs' own, so that the spec's error is the one answered. */
function partLimits(specs: ReadonlyMap<string, FileSpec>, text: TextLimits) {
  const maxFileBytes = Math.max(...[...specs.values()].map(s => s.maxFileBytes))
  const maxFiles = [...specs.values()].reduce((n, s) => n + s.maxFiles, 0)
  // One byte over the limit reaches receiveToTemp, which stops reading there (the plugin is registered with throwFileSizeLimit: false).
  return {
    fileSize: maxFileBytes + 1,
    files: maxFiles + 1,
    fields: text.fields,
    fieldSize: text.fieldSize,
    parts: text.fields + 10 + maxFiles,
    headerPairs: 100,
  }
}

/** One file part: to a temporary file within its field's limits, or drained when its field takes none. */
async function receiveFile(
  part: MultipartFile,
  dataDir: string,
  specs: ReadonlyMap<string, FileSpec>,
  body: MultipartBody,
  totals: Map<string, number>,
): Promise<void> {
  const spec = specs.get(part.fieldname)
  const list = body.received.get(part.fieldname) ?? []
  if (!spec || (!spec.multiple && list.length > 0)) {
    body.extraFile = true
    await drain(part.file)
    return
  }
  // Empty parts count too: dropped below, but each is one of the parser's file parts, and a pile of them would
  // otherwise end in its files limit and a message about one PDF that a field of several files does not deserve.
  const parts = (body.fileParts.get(part.fieldname) ?? 0) + 1
  body.fileParts.set(part.fieldname, parts)
  if (list.length >= spec.maxFiles || (spec.multiple && parts > spec.maxFiles)) throw spec.tooMany()
  const file = await receiveToTemp(dataDir, part.file, spec.maxFileBytes)
  if (part.file.truncated) file.tooLarge = true
  if (file.size === 0 && !file.tooLarge) {
    discardUpload(file)
    return
  }
  // Over the limit: stop reading here, the rest of the upload is never received.
  if (file.tooLarge) {
    discardUpload(file)
    throw spec.tooLarge()
  }
  list.push({ file, label: safeLabel(part.filename, spec.defaultLabel) })
  body.received.set(part.fieldname, list)
  const total = (totals.get(part.fieldname) ?? 0) + file.size
  totals.set(part.fieldname, total)
  if (total > spec.maxTotalBytes) throw spec.overTotal()
}

/** One text part into the values. */
function addValue(part: MultipartValue, values: Record<string, unknown>): void {
  // A text part over fieldSize would otherwise arrive silently cut.
  if (part.valueTruncated || part.fieldnameTruncated) throw apiError('bodyTooLarge')
  const prev = values[part.fieldname]
  // A repeated field becomes a list, which the schema rejects.
  values[part.fieldname] = prev === undefined ? part.value : ([] as unknown[]).concat(prev, part.value)
}

/** What to throw for an error while reading: the catalogue's answer, or the system's own error (a 500). */
function answerFor(error: unknown): unknown {
  if (error instanceof ApiError) return error
  const code = error instanceof Error && 'code' in error ? error.code : undefined
  const known = typeof code === 'string' ? PARSER_ERRORS[code] : undefined
  if (known) return apiError(known)
  // Anything else the parser throws (no boundary, a truncated or garbled body) is the request's fault (docs/decisions/security.md).
  if (!isSystemError(error)) return apiError('malformedMultipart')
  return error
}
