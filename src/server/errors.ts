import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { MSG } from './messages.ts'

export interface ApiErrorBody {
  error: string
  fields: Record<string, string>
}

/** A client error raised on purpose by a route: answered as-is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

function messageFor(status: number, code: string | undefined): string {
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return MSG.bodyTooLarge
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return MSG.unsupportedMedia
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return MSG.malformedJson
  if (status === 429) return MSG.rateLimited
  if (status === 408) return MSG.requestTimeout
  if (status === 404) return MSG.notFound
  if (status === 405) return MSG.methodNotAllowed
  if (status === 503) return MSG.unavailable
  return MSG.badRequest
}

/** A plain page for a 503 on a GET of a page (the message is a constant: nothing to escape). */
function unavailablePage(message: string): string {
  return `<!doctype html>\n<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Servicio no disponible</title></head><body><main><h1>Servicio no disponible</h1><p>${message}</p></main></body></html>\n`
}

/**
 * One error handler for the whole server: client errors get a Spanish
 * message in `{error, fields}`; anything else is logged (name and stack, no
 * request data) and answered with a generic 500 — never a stack trace or SQL.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError | (Error & { statusCode?: number; code?: string }), request, reply) => {
    // A form posted without script gets the same answer as an HTML page (see nativePages.ts).
    const answer = (status: number, body: ApiErrorBody) =>
      request.nativeForm && app.hasDecorator('nativeForms')
        ? app.nativeForms.failure(request, reply, status, body.error, body.fields)
        : reply.code(status).type('application/json; charset=utf-8').send(body)
    if (err instanceof ApiError) {
      return answer(err.statusCode, { error: err.message, fields: err.fields })
    }
    // The store is damaged (refused since start) or locked by another process for too long: 503, nothing stored.
    if (err.name === 'StoreUnavailableError' || err.name === 'StoreBusyError') {
      request.log.error({ err: { name: err.name } }, 'almacenamiento no disponible')
      const message = err.name === 'StoreUnavailableError' ? MSG.storeCorrupted : MSG.unavailable
      reply.header('retry-after', '30')
      // A page the browser opened (the office's, served from the store) gets a page, not JSON text.
      if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.code(503).type('text/html; charset=utf-8').send(unavailablePage(message))
      return answer(503, { error: message, fields: {} })
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    const code = typeof err.code === 'string' ? err.code : undefined
    if (status >= 400 && status < 500) {
      // A JSON syntax error message quotes the body: log only the code.
      request.log.info({ status, code }, 'solicitud rechazada')
      const normalized = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400) ? 400 : status
      const message = err instanceof SyntaxError ? MSG.malformedJson : messageFor(status, code)
      return answer(normalized, { error: message, fields: {} })
    }
    request.log.error({ err: { name: err.name, code, stack: err.stack } }, 'error interno')
    return answer(status >= 500 && status < 600 ? status : 500, { error: MSG.serverError, fields: {} })
  })
}

/** Media type of a request, lower case, without parameters. */
function isMultipartRequest(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && contentType.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data'
}

const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>()

/**
 * The request's body has arrived whole: its receive timeout no longer
 * applies. What the handler does next (a filing waiting for the store) is
 * answered with its own outcome, never cut by a 408 while the filing may
 * still be stored (issue 23 #4). Called by the server for parsed bodies and
 * by the multipart routes once they have read the upload.
 */
export function bodyReceived(request: FastifyRequest): void {
  clearTimeout(bodyTimers.get(request))
  bodyTimers.delete(request)
}

/**
 * A client that sends its body slowly may not hold a connection (issue 13
 * #5): a request with a body must be received within `bodyMs` (JSON and
 * url-encoded forms are a few KB), or `uploadMs` for a multipart upload
 * (10 MB on a slow line). Past that it gets a 408 in Spanish and the
 * connection is closed.
 */
export function installBodyTimeout(app: FastifyInstance, bodyMs: number, uploadMs: number): void {
  app.addHook('preValidation', async (request) => {
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
