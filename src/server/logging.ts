/**
 * The server's log: JSON lines (pino, Fastify's logger) to standard output, which journald or the Windows service
 * wrapper collects; with LOG_FILE, to that file instead, rotated daily and kept LOG_DIAS days by pino-roll (pino's
 * maintained rolling transport). Times in ISO 8601 (`"time":"2026-03-02T14:05:09.123Z"`), which a person and a log
 * tool both read. One line per filing, office action and error, and one per answered request, at `info`. Never
 * addresses, query strings, bodies or names: only method, route pattern, status, time and the radicado number.
 */
import path from 'node:path'
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import pino from 'pino'
import { withoutQuery } from '../manifest/urls.ts'

export interface LogOptions {
  level?: string
  /** LOG_FILE: write here (rotated daily) instead of standard output. */
  file?: string
  /** LOG_DIAS: rotated files kept besides the current one (default 30). */
  keepDays?: number
  /** Where the lines go instead of standard output when there is no `file` (`npm run dev` keeps them in its log file). */
  stream?: { write(line: string): void }
}

export const DEFAULT_LOG_KEEP_DAYS = 30

export function loggerOptions(options: LogOptions): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: options.level ?? 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    // No addresses, query strings or bodies in the logs: only method, path and status.
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: withoutQuery(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    ...(options.file
      ? {
          transport: {
            target: 'pino-roll',
            options: {
              file: path.resolve(options.file),
              frequency: 'daily',
              dateFormat: 'yyyy-MM-dd',
              mkdir: true,
              limit: { count: options.keepDays ?? DEFAULT_LOG_KEEP_DAYS },
            },
          },
        }
      : options.stream
        ? { stream: options.stream }
        : {}),
  }
}

/**
 * Fastify's own request lines («incoming request», «request completed») are two per request and carry the address
 * asked for: replaced by one line per answered request at `info`, naming the route's pattern (`/api/oficina/
 * radicaciones/:radicado`, never the radicado or the query string a visitor typed). Errors keep their own line
 * (http/errors.ts).
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, route: routePattern(request), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'solicitud')
  }
}

/** The pattern of the route that answered; `sin-ruta` for an address no route has (a 404 of an unknown host). */
function routePattern(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'sin-ruta'
}

/** Where filings are stored, as an operator needs to read it: the SQLite file, or PostgreSQL's host and database (never the password or user). */
export function describeStore(dataDir: string, databaseUrl: string | undefined, sqliteFile: string): string {
  if (!databaseUrl) return `SQLite ${path.join(dataDir, sqliteFile)}`
  try {
    const u = new URL(databaseUrl)
    return `PostgreSQL ${u.hostname || 'local'}${u.port ? `:${u.port}` : ''}/${decodeURIComponent(u.pathname.slice(1))}`
  } catch {
    return 'PostgreSQL (DATABASE_URL no válida)'
  }
}
