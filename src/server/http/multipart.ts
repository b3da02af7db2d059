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
  const values: Record<string, unknown> = {}
  const received = new Map<string, ReceivedPart[]>()
  const totals = new Map<string, number>()
  let extraFile = false
  const maxFileBytes = Math.max(...[...specs.values()].map(s => s.maxFileBytes))
  const maxFiles = [...specs.values()].reduce((n, s) => n + s.maxFiles, 0)
  try {
    const parts = request.parts({
      // One byte over the limit reaches receiveToTemp, which stops reading there (the plugin is registered with throwFileSizeLimit: false).
      limits: {
        fileSize: maxFileBytes + 1,
        files: maxFiles + 1,
        fields: text.fields,
        fieldSize: text.fieldSize,
        parts: text.fields + 10 + maxFiles,
        headerPairs: 100,
      },
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
        if (list.length >= spec.maxFiles) throw spec.tooMany()
        const file = await receiveToTemp(dataDir, part.file, spec.maxFileBytes)
        if (part.file.truncated) file.tooLarge = true
        if (file.size === 0 && !file.tooLarge) {
          discardUpload(file)
          continue
        }
        // Over the limit: stop reading here, the rest of the upload is never received.
        if (file.tooLarge) {
          discardUpload(file)
          throw spec.tooLarge()
        }
        list.push({ file, label: safeLabel(part.filename, spec.defaultLabel) })
        received.set(part.fieldname, list)
        const total = (totals.get(part.fieldname) ?? 0) + file.size
        totals.set(part.fieldname, total)
        if (total > spec.maxTotalBytes) throw spec.overTotal()
      } else {
        // A text part over fieldSize would otherwise arrive silently cut.
        if (part.valueTruncated || part.fieldnameTruncated) throw apiError('bodyTooLarge')
        const prev = values[part.fieldname]
        // A repeated field becomes a list, which the schema rejects.
        values[part.fieldname] = prev === undefined ? part.value : ([] as unknown[]).concat(prev, part.value)
      }
    }
  } catch (error) {
    discardParts(received)
    if (error instanceof ApiError) throw error
    const code = error instanceof Error && 'code' in error ? error.code : undefined
    const known = typeof code === 'string' ? PARSER_ERRORS[code] : undefined
    if (known) throw apiError(known)
    // Anything else the parser throws (no boundary, a truncated or garbled body) is the request's fault (issue 13 #8).
    if (!isSystemError(error)) throw apiError('malformedMultipart')
    throw error
  }
  bodyReceived(request)
  return { values, received, extraFile }
}
