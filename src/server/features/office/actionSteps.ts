import type { FastifyRequest } from 'fastify'
import type { ActionAccepted, OfficeAction } from '../../../filings/states.ts'
import { ApiError, apiError } from '../../http/errors.ts'
import { FIELD_MSG, MSG } from '../../http/messages.ts'
import { readMultipart, type FileSpec, type ReceivedPart } from '../../http/multipart.ts'
import { isUrlEncoded, plainFields } from '../../http/noScript.ts'
import type { ActionRecord, NewHistory, TramiteRow } from '../../store/office.ts'
import type { Signed } from './officeContext.ts'
import type { LoadedFiling } from './records.ts'

/** The notice on the filing's page after each action (posted without script: 303 to the page with `?hecho=`). */
export const ACTION_DONE: Record<OfficeAction, string> = {
  en_tramite: 'La radicación quedó en trámite.',
  responder: 'La respuesta quedó registrada.',
  trasladar: 'El traslado quedó registrado.',
  ampliar: 'El término quedó ampliado.',
  cerrar: 'La radicación quedó cerrada.',
}

const MAX_ANSWER_BYTES = 10 * 1024 * 1024
const PDF_MAGIC = '%PDF-'
const ANSWER_FILE = 'archivo'

const answerSpec: FileSpec = {
  multiple: false,
  maxFiles: 1,
  maxFileBytes: MAX_ANSWER_BYTES,
  maxTotalBytes: MAX_ANSWER_BYTES,
  defaultLabel: 'respuesta.pdf',
  tooLarge: () => apiError('pdfTooLarge', { [ANSWER_FILE]: MSG.pdfTooLarge }),
  tooMany: () => apiError('oneAnswerFile', { [ANSWER_FILE]: MSG.oneAnswerFile }),
  overTotal: () => apiError('pdfTooLarge', { [ANSWER_FILE]: MSG.pdfTooLarge }),
}

/** What an action posts: its fields, and the answer's PDF when one was attached. */
export interface ActionBody {
  values: Record<string, unknown>
  file?: ReceivedPart
  extraFile: boolean
}

/**
 * The action's body: multipart (the answer with its PDF), url-encoded (a
 * form without script) or JSON (the page's script). The answer's text may
 * be long (up to MAX_TEXT characters of UTF-8): its parts are allowed 64 KB.
 */
export async function readActionBody(request: FastifyRequest, dataDir: string, noScript: boolean): Promise<ActionBody> {
  if (request.isMultipart()) {
    const body = await readMultipart(request, dataDir, new Map([[ANSWER_FILE, answerSpec]]), { fields: 10, fieldSize: 64 * 1024 })
    return { values: body.values, file: body.received.get(ANSWER_FILE)?.[0], extraFile: body.extraFile }
  }
  if (isUrlEncoded(request)) {
    if (!noScript) throw apiError('unsupportedMedia')
    return { values: plainFields(request.body) ?? {}, extraFile: false }
  }
  const values = plainFields(request.body)
  if (!values) throw apiError('badRequest')
  return { values, extraFile: false }
}

/** The answer's PDF is taken only with an answer, and only when it is one. */
export function checkAnswerFile(body: ActionBody, accion: OfficeAction): void {
  if (body.extraFile) throw apiError('oneAnswerFile', { [ANSWER_FILE]: MSG.oneAnswerFile })
  const file = body.file
  if (!file) return
  if (accion !== 'responder') throw apiError('fileOnlyWithAnswer', { [ANSWER_FILE]: FIELD_MSG.removeFile })
  if (file.file.head.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) throw apiError('pdfOnly', { [ANSWER_FILE]: MSG.pdfOnly })
}

/** The refusal of `applyAction` as an answer: 400 with the fields to correct, 409 when the filing's state does not allow it. */
export function refusal(error: string, fields: Record<string, string>): ApiError {
  return new ApiError(Object.keys(fields).length ? 400 : 409, error, fields)
}

/** The write of an accepted action: the new state, its line of history and its audit entry, checked against the state read. */
export function actionRecord(
  s: Signed,
  loaded: LoadedFiling,
  result: ActionAccepted,
  at: Date,
  today: string,
  ip: string,
  kept?: { archivo: string; file: ReceivedPart },
): ActionRecord {
  const { tramite, stored } = loaded
  const radicado = loaded.filing.radicado
  const next: TramiteRow = {
    ...tramite,
    ...result.next,
    respondidaEn: result.accion === 'responder' || result.accion === 'trasladar' ? at.toISOString() : tramite.respondidaEn,
    cerradaEn: result.accion === 'cerrar' ? at.toISOString() : tramite.cerradaEn,
  }
  const history: NewHistory = {
    radicado,
    accion: result.accion,
    estadoAnterior: tramite.estado,
    estadoNuevo: next.estado,
    cuentaId: s.account.id,
    en: at.toISOString(),
    texto: result.texto,
    entidad: result.entidad,
    nuevaFecha: result.accion === 'ampliar' ? next.vence : undefined,
    ...(kept ? { archivo: kept.archivo, archivoNombre: kept.file.label, archivoTamano: kept.file.file.size, archivoSha256: kept.file.file.sha256 } : {}),
    tardio: result.accion === 'trasladar' && today > tramite.venceTraslado,
    negada: result.negada === true,
  }
  return {
    expected: { estado: tramite.estado, ampliada: tramite.ampliada, existed: stored !== undefined },
    tramite: next,
    history,
    audit: { evento: 'accion', cuentaId: s.account.id, radicado, detalle: result.accion, direccion: ip, now: at },
  }
}
