/**
 * The platform operator's page (docs/decisions/platform.md, «The operator's page»): on the platform's front, with a
 * `Host` that names no site, `GET /plataforma` shows the overview of every site (platformOverview.ts) and
 * `GET /plataforma/sitios.csv` gives it as CSV, the same rows `npm run sitio -- lista` prints.
 * - Where: like /salud/detalle and /metricas, only on the server itself or from METRICAS_PERMITIDAS; anyone else gets
 *   the unknown host's 404 (the operator reaches it through an SSH tunnel or an allowed network).
 * - Who: an operator account (operatorAccounts.ts), by HTTP Basic authentication, asked by the browser itself: the
 *   page only reads, so there is no session, cookie or form to forge. A hospital's staff account is not an operator.
 *   Five refused attempts from one address in 15 minutes close the page to that address for the rest of the window.
 * - Audited: every view, download and refused attempt is written to the platform's audit trail first; when that
 *   cannot be written nothing is shown (503).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Platform } from '../manifest/platform.ts'
import { addressMatcher, DEFAULT_METRICS_ALLOWED } from './features/health/index.ts'
import { auditOperator, authenticateOperator, type OperatorAccount, type OperatorAuditEntry } from './operatorAccounts.ts'
import { overviewSummary, platformOverview } from './platformOverview.ts'
import { overviewCsv } from './platformOverviewOutput.ts'
import { renderOverviewPage } from './views/PlatformOverviewPage.tsx'

export const OPERATOR_PAGE_PATH = '/plataforma'
export const OPERATOR_CSV_PATH = '/plataforma/sitios.csv'

export interface OperatorPageOptions {
  platform: Platform
  /** The service's DATA_DIR: the operator accounts and their audit trail. */
  dataDir: string
  databaseUrl?: string
  minFreeMb?: number
  metricsAllowed?: string
  now?: () => Date
  notFound(reply: FastifyReply): FastifyReply
}

const MAX_FAILURES = 5
const FAILURE_WINDOW_MS = 15 * 60_000

const HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
}

/** The e-mail and password of an `Authorization: Basic …` header, or undefined. */
export function basicCredentials(header: string | undefined): { correo: string; clave: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!m) return undefined
  const text = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = text.indexOf(':')
  return colon > 0 ? { correo: text.slice(0, colon), clave: text.slice(colon + 1) } : undefined
}

/** The signed-in operator of a request, or the answer already sent (404 far away, 429 after too many failures, 401). */
function operatorGuard(opts: OperatorPageOptions, clock: () => Date) {
  const allowed = addressMatcher(opts.metricsAllowed ?? DEFAULT_METRICS_ALLOWED)
  const local = addressMatcher(DEFAULT_METRICS_ALLOWED)
  const failures = new Map<string, { count: number; since: number }>()
  return async (request: FastifyRequest, reply: FastifyReply): Promise<OperatorAccount | FastifyReply> => {
    if (!local(request.ip) && !allowed(request.ip)) return opts.notFound(reply)
    const now = clock().getTime()
    const seen = failures.get(request.ip)
    if (seen && now - seen.since > FAILURE_WINDOW_MS) failures.delete(request.ip)
    if ((failures.get(request.ip)?.count ?? 0) >= MAX_FAILURES)
      return reply.code(429).headers(HEADERS).type('text/plain; charset=utf-8').send('Demasiados intentos fallidos: espere 15 minutos.\n')
    const given = basicCredentials(request.headers.authorization)
    const account = given && (await authenticateOperator(opts.dataDir, given.correo, given.clave))
    if (account) return account
    if (given) {
      const f = failures.get(request.ip) ?? { count: 0, since: now }
      failures.set(request.ip, { ...f, count: f.count + 1 })
      auditOperator(opts.dataDir, { evento: 'acceso-rechazado', cuenta: given.correo.slice(0, 200), direccion: request.ip, now: clock() })
    }
    return reply
      .code(401)
      .headers(HEADERS)
      .header('www-authenticate', 'Basic realm="Plataforma: cuenta de operación", charset="UTF-8"')
      .type('text/plain; charset=utf-8')
      .send(
        'Ingrese con una cuenta de operación de la plataforma (npm run sitio -- operador crear). Las cuentas de la oficina de un hospital no sirven aquí.\n',
      )
  }
}

/** Records the view first: without the record, nothing is shown (503 sent, false). */
function audited(dataDir: string, reply: FastifyReply, entry: OperatorAuditEntry): boolean {
  try {
    auditOperator(dataDir, entry)
    return true
  } catch {
    reply
      .code(503)
      .headers(HEADERS)
      .type('text/plain; charset=utf-8')
      .send('No se pudo registrar la consulta en la auditoría de la plataforma: no se muestra nada.\n')
    return false
  }
}

export function operatorPageRoutes(front: FastifyInstance, opts: OperatorPageOptions): void {
  const clock = opts.now ?? (() => new Date())
  const operator = operatorGuard(opts, clock)
  const rows = () => platformOverview(opts.platform, { databaseUrl: opts.databaseUrl, minFreeMb: opts.minFreeMb, now: clock })

  front.get(OPERATOR_PAGE_PATH, async (request, reply) => {
    const account = await operator(request, reply)
    if (!('correo' in account)) return account
    const at = clock()
    if (!audited(opts.dataDir, reply, { evento: 'ver-resumen-plataforma', cuenta: account.correo, direccion: request.ip, now: at })) return reply
    const all = await rows()
    const html = renderOverviewPage({ rows: all, summary: overviewSummary(all), csvHref: OPERATOR_CSV_PATH, account: account.correo, at })
    return reply.headers(HEADERS).type('text/html; charset=utf-8').send(html)
  })

  front.get(OPERATOR_CSV_PATH, async (request, reply) => {
    const account = await operator(request, reply)
    if (!('correo' in account)) return account
    if (!audited(opts.dataDir, reply, { evento: 'descargar-resumen-plataforma', cuenta: account.correo, direccion: request.ip, now: clock() })) return reply
    return reply
      .headers(HEADERS)
      .header('content-disposition', 'attachment; filename="sitios.csv"')
      .type('text/csv; charset=utf-8')
      .send(overviewCsv(await rows()))
  })
}
