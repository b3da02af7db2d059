import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MSG } from './messages.ts'

/** Media type of a request, lower case, without parameters. */
function isMultipartRequest(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && contentType.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data'
}

const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>()

/**
 * The request's body has arrived whole: its receive timeout no longer
 * applies. What the handler does next (a filing waiting for the store) is
 * answered with its own outcome, never cut by a 408 while the filing may
 * still be stored (docs/decisions/security.md). Called by the server for parsed bodies and
 * by the multipart routes once they have read the upload.
 */
export function bodyReceived(request: FastifyRequest): void {
  clearTimeout(bodyTimers.get(request))
  bodyTimers.delete(request)
}

/**
 * A client that sends its body slowly may not hold a connection (docs/decisions/security.md
 * #5): a request with a body must be received within `bodyMs` (JSON and
 * url-encoded forms are a few KB), or `uploadMs` for a multipart upload
 * (10 MB on a slow line). Past that it gets a 408 in Spanish and the
 * connection is closed.
 */
export function installBodyTimeout(app: FastifyInstance, bodyMs: number, uploadMs: number): void {
  app.addHook('preValidation', async request => {
    // A multipart body is read by its route (request.parts()), which calls bodyReceived itself.
    if (!isMultipartRequest(request.headers['content-type'])) bodyReceived(request)
  })
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
    const limit = isMultipartRequest(request.headers['content-type']) ? uploadMs : bodyMs
    const timer = setTimeout(() => {
      request.log.info({ status: 408 }, 'cuerpo de la solicitud demasiado lento')
      const res = reply.raw
      if (!res.headersSent) {
        const body = JSON.stringify({ error: MSG.requestTimeout, fields: {} })
        res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' })
        res.end(body)
      }
      // Stop reading what is left of the body.
      request.raw.socket?.destroySoon?.()
      setTimeout(() => request.raw.socket?.destroy(), 1_000).unref()
    }, limit)
    timer.unref()
    bodyTimers.set(request, timer)
    reply.raw.once('close', () => clearTimeout(timer))
    reply.raw.once('finish', () => clearTimeout(timer))
  })
}
