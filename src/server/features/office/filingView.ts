import type { FastifyInstance, FastifyReply } from 'fastify'
import { KNOWN_TYPES, nameForType } from '../../../forms/fileType.ts'
import { asDownload } from '../../http/download.ts'
import { apiError } from '../../http/errors.ts'
import type { ErrorCode } from '../../http/messages.ts'
import { storedUpload } from '../../store/uploads.ts'
import type { Office } from './officeContext.ts'
import { filingJson } from './filingJson.ts'
import { filingDetail, loadFiling } from './records.ts'
import { renderFiling } from './renderFiling.ts'
import {
  answerParams,
  downloadParams,
  filingPageQuery,
  radicadoParams,
  type AnswerParams,
  type AttachmentParams,
  type FilingPageQuery,
  type RadicadoParams,
} from './officeSchemas.ts'

/** The parts of one filing's routes: the office and the folder of the stored files. */
interface ViewOptions {
  office: Office
  dataDir: string
}

/**
 * A stored file as a download (the type found in the content on receipt, never one the sender announced), from the
 * database when it holds the bytes (PostgreSQL: received by any node), else from this node's folder; `missing` when neither.
 */
async function sendStored(office: Office, reply: FastifyReply, dataDir: string, file: string, name: string, missing: ErrorCode, type = 'application/pdf') {
  const known: readonly string[] = KNOWN_TYPES
  const content = await storedUpload(office.store, dataDir, file)
  if (!content) throw apiError(missing)
  // nameForType again here: files kept before names followed their type still carry the sender's extension.
  return asDownload(reply, nameForType(name, type), known.includes(type) ? type : 'application/octet-stream').send(content)
}

function filingApiRoute(app: FastifyInstance, { office }: ViewOptions) {
  app.get<{ Params: RadicadoParams }>('/api/oficina/radicaciones/:radicado', { schema: { params: radicadoParams } }, async request => {
    const s = await office.requireApi(request)
    const { radicado } = request.params
    return filingJson(office, await filingDetail(office, s, radicado, request), radicado)
  })
}

function filingPageRoute(app: FastifyInstance, { office }: ViewOptions) {
  app.get<{ Params: RadicadoParams; Querystring: FilingPageQuery }>(
    '/oficina/radicaciones/:radicado',
    { schema: { params: radicadoParams, querystring: filingPageQuery } },
    async (request, reply) => {
      const s = await office.requirePage(request, reply)
      if (!s) return reply
      return renderFiling(office, request, reply, s, request.params.radicado, 200, undefined, request.query.hecho)
    },
  )
}

function attachmentRoute(app: FastifyInstance, { office, dataDir }: ViewOptions) {
  app.get<{ Params: AttachmentParams }>(
    '/api/oficina/radicaciones/:radicado/adjuntos/:indice',
    { schema: { params: downloadParams } },
    async (request, reply) => {
      const s = await office.requireApi(request)
      const { radicado, indice } = request.params
      const { filing } = await loadFiling(office, s, radicado)
      const a = /^\d{1,3}$/.test(indice) ? filing.adjuntos[Number(indice)] : undefined
      if (!a) throw apiError('attachmentNotFound')
      await office.store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'adjunto', direccion: request.ip, now: office.now() })
      return sendStored(office, reply, dataDir, a.archivo, a.nombreOriginal, 'attachmentNotFound', a.tipo)
    },
  )
}

function answerFileRoute(app: FastifyInstance, { office, dataDir }: ViewOptions) {
  app.get<{ Params: AnswerParams }>('/api/oficina/radicaciones/:radicado/respuestas/:id', { schema: { params: answerParams } }, async (request, reply) => {
    const s = await office.requireApi(request)
    const { radicado, id } = request.params
    await loadFiling(office, s, radicado)
    const h = (await office.store.history(radicado)).find(x => String(x.id) === id && x.archivo)
    if (!h?.archivo) throw apiError('answerNotFound')
    await office.store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'respuesta', direccion: request.ip, now: office.now() })
    return sendStored(office, reply, dataDir, h.archivo, h.archivoNombre ?? 'respuesta.pdf', 'answerNotFound')
  })
}

/** One filing: its JSON, its page, and the downloads of its attachments and answers; every view and download audited. */
export async function filingView(app: FastifyInstance, opts: ViewOptions): Promise<void> {
  filingApiRoute(app, opts)
  filingPageRoute(app, opts)
  attachmentRoute(app, opts)
  answerFileRoute(app, opts)
}
