import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { StoreBusyError } from '../store/sqlite.ts'
import { StoreUnavailableError } from '../store/unavailable.ts'
import { ERRORS, MSG, type ErrorCode } from './messages.ts'
import { isNoScriptPost } from './noScript.ts'

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
    /** The catalogue's code, when the error is one of messages.ts. */
    readonly code?: ErrorCode,
  ) {
    super(message)
  }
}

/** The catalogue's error `code` (its status and Spanish message), with messages for fields. */
export function apiError(code: ErrorCode, fields: Record<string, string> = {}): ApiError {
  const { status, message } = ERRORS[code]
  return new ApiError(status, message, fields, code)
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
 * How a scope answers an error as HTML instead of JSON (a form posted
 * without script): given by the feature that serves such forms, in its own
 * scope; undefined answers JSON.
 */
export type ErrorPage = (request: FastifyRequest, reply: FastifyReply, status: number, body: ApiErrorBody) => FastifyReply | undefined

type AnyError = FastifyError | ApiError | (Error & { statusCode?: number; code?: string })

/**
 * The error handler of a scope: client errors get a Spanish message in
 * `{error, fields}`; anything else is logged (name and stack, no request
 * data) and answered with a generic 500 — never a stack trace or SQL.
 * The root installs it without `page`; a feature whose forms work without
 * script installs it again in its own scope with its page (Fastify's error
 * handlers are encapsulated), so nothing here knows a feature.
 */
export function installErrorHandler(app: FastifyInstance, page?: ErrorPage): void {
  app.setErrorHandler((err: AnyError, request, reply) => {
    const answer = (status: number, body: ApiErrorBody) =>
      page?.(request, reply, status, body) ?? reply.code(status).type('application/json; charset=utf-8').send(body)
    if (err instanceof ApiError) {
      return answer(err.statusCode, { error: err.message, fields: err.fields })
    }
    // The store is damaged (refused since start) or locked by another process for too long: 503, nothing stored.
    if (err instanceof StoreUnavailableError || err instanceof StoreBusyError) {
      // The words operators are told to look for (docs/guia-operacion.md §9): one line per refused request while it lasts.
      request.log.error({ err: { name: err.name } }, 'NO SE RECIBEN RADICACIONES: almacenamiento no disponible')
      const message = err instanceof StoreUnavailableError ? MSG.storeCorrupted : MSG.unavailable
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

/** Answers a form posted without script with a page (the feature's), and everything else as JSON. */
export type NoScriptFailure = (request: FastifyRequest, reply: FastifyReply, status: number, message: string, fields: Record<string, string>) => FastifyReply

/** The error page of a scope whose routes take forms posted without script (see noScript.ts). */
export function noScriptErrorPage(failure: NoScriptFailure): ErrorPage {
  return (request, reply, status, body) => (isNoScriptPost(request) ? failure(request, reply, status, body.error, body.fields) : undefined)
}
