/**
 * Health and metrics:
 * - `GET /salud`: 200 while the process serves a release (for the service manager and the proxy); 503 «sin
 *   publicación» while there is no page to serve.
 * - `GET /salud/detalle`: whether filings can be stored now (store reachable and writable, free disk above
 *   SALUD_DISCO_MIN_MB) and a release is served, the last backup and the last e-mail; 503 otherwise. No personal
 *   data, no paths or database addresses.
 * - `GET /metricas`: Prometheus text format, only from METRICAS_PERMITIDAS (default loopback): counters of this
 *   file's hooks and the operational gauges of gauges.ts, read at each scrape.
 * On a platform the front answers the same three paths for every site (siteHosts.ts); see docs/decisions/operations.md.
 *
 * Wrapped with fastify-plugin on purpose: its hooks time and count every route of the server, which an
 * encapsulated plugin's hooks would not see.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FilingForm } from '../../../manifest/filingForms.ts'
import type { Lookups } from '../../../manifest/types.generated.ts'
import type { FilingStore } from '../../store/store.ts'
import { addressMatcher, createMetrics, DEFAULT_METRICS_ALLOWED, filingResult, type ProcessMetrics, siteLabels } from './metrics.ts'
import { type HealthSources, readSiteState, type SiteState, freeBytes } from './siteState.ts'
import type { SiteReading } from './gauges.ts'
import type { MailStatus } from './status.ts'

/** For app.ts (the mail status the notifier records) and the backup feature (the status /salud/detalle reads). */
export { type BackupStatus, createMailStatus, type MailStatus, readBackupStatus, writeBackupStatus } from './status.ts'
/**
 * For the platform: its overview (platformOverview.ts) counts open and overdue filings as the gauges do; its front
 * (platformHealth.ts, siteHealthSources.ts) reads each site's health from the same sources as the site's own server.
 */
export { countOpenAndOverdue, type HealthSources, type HealthStore, type OpenAndOverdue, readSiteState, type SiteState } from './siteState.ts'
/** For the platform's front (siteHosts.ts), which answers the same paths for all its sites. */
export { addressMatcher, createMetrics, DEFAULT_METRICS_ALLOWED, type ProcessMetrics } from './metrics.ts'

/** What /salud and /salud/detalle say while no release is served. */
export const NO_RELEASE = 'sin publicación'

export const HEALTH_PATH = '/salud'
export const HEALTH_DETAIL_PATH = '/salud/detalle'
export const METRICS_PATH = '/metricas'
/** Below this much free space in DATA_DIR a filing (and its attachment) may not fit: report it before it fails. */
export const DEFAULT_MIN_FREE_MB = 200

export interface HealthOptions {
  dataDir: string
  store: FilingStore
  /** Endpoint → form id of every filing route, to count filings per form. */
  filingEndpoints: ReadonlyMap<string, string>
  /** The filing forms and the lookups their terms use, for the open and overdue gauges. */
  forms: readonly FilingForm[]
  lookups: Lookups
  /** The server's clock (AppOptions.now): which filings are overdue. */
  now?: () => Date
  /** Label of the release served now (a publication's folder or the build folder), or undefined when none is. */
  release: () => string | undefined
  /** One site of a platform: its series carry `sitio`, in the platform's `metrics`. */
  siteId?: string
  /** A platform's metrics, once per process (metrics.ts); unset, the server makes its own. */
  metrics?: ProcessMetrics
  version: string
  /** Commit of the code this process runs, as `npm run actualizar` named it (it waits for the new one after a switch). */
  code?: string
  mail: MailStatus
  /** Addresses allowed to read /metricas (comma-separated addresses and subnets). */
  metricsAllowed?: string
  minFreeMb?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What this site's health is read from: a platform's front reads a site in memory through it (platformHealth.ts). */
    healthSources: HealthSources
  }
}

/** Free space of the file system holding DATA_DIR, in MB (undefined where the system cannot say). */
export function freeMb(dir: string): number | undefined {
  const free = freeBytes(dir)
  return free === undefined ? undefined : Math.floor(free / (1024 * 1024))
}

/** Whether a filing and its attachment fit: free space unknown counts as enough (/salud/detalle and the platform's overview). */
export function diskSufficient(free: number | undefined, minFreeMb = DEFAULT_MIN_FREE_MB): boolean {
  return free === undefined || free >= minFreeMb
}

const DETAIL_REFUSED =
  'El estado detallado solo se puede consultar desde el propio servidor o las direcciones autorizadas (METRICAS_PERMITIDAS); el estado público está en /salud.'

/** /salud of a site: 503 «sin publicación» while there is no page to serve. */
export function publicHealth(release: string | undefined): { ok: boolean; estado: string } {
  return release === undefined ? { ok: false, estado: NO_RELEASE } : { ok: true, estado: 'en servicio' }
}

/** A site's reading for the gauges (gauges.ts), with its `sitio` on a platform. */
export async function gaugeReading(src: HealthSources, metrics: ProcessMetrics, site: string | undefined): Promise<SiteReading> {
  const own = siteLabels(metrics, site)
  const state = await readSiteState(src, tipo => metrics.storeErrors.inc({ tipo, ...own }), true)
  return { ...own, state, minFreeMb: src.minFreeMb, version: src.version, code: src.code }
}

async function health(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  const metrics = opts.metrics ?? createMetrics()
  const own = siteLabels(metrics, opts.siteId)
  const sources: HealthSources = {
    dataDir: opts.dataDir,
    // Read at each call: a store reconnecting after a start without its database names its engine once it is back.
    get engine() {
      return opts.store.engine
    },
    store: async () => opts.store,
    release: opts.release,
    forms: opts.forms,
    lookups: opts.lookups,
    now: opts.now,
    version: opts.version,
    code: opts.code,
    mail: opts.mail,
    minFreeMb: opts.minFreeMb ?? DEFAULT_MIN_FREE_MB,
  }
  app.decorate('healthSources', sources)
  const allowed = addressMatcher(opts.metricsAllowed ?? DEFAULT_METRICS_ALLOWED)
  // The server itself always may: `npm run actualizar` checks a new release's /salud/detalle from this machine.
  const local = addressMatcher(DEFAULT_METRICS_ALLOWED)
  countRequests(app, metrics, own, opts.filingEndpoints)

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  app.get(HEALTH_PATH, async (_request, reply) => {
    const { ok, estado } = publicHealth(opts.release())
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send({ estado })
  })

  app.get(HEALTH_DETAIL_PATH, async (request, reply) => {
    // Operators only: the version, release and backup state help an attacker, and each call takes the store's write
    // lock for a moment (a public endpoint anyone could call in a loop). The public check is /salud.
    if (!allowed(request.ip) && !local(request.ip)) {
      return noStore(reply).code(403).send({ error: DETAIL_REFUSED, fields: {} })
    }
    const state = await readSiteState(sources, tipo => metrics.storeErrors.inc({ tipo, ...own }), false)
    const { ok, body } = healthDetail(sources, state)
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send(body)
  })

  app.get(METRICS_PATH, async (request, reply) => {
    // request.ip is the visitor's address behind a trusted proxy (TRUST_PROXY), so a proxy on loopback does not open it to all.
    if (!allowed(request.ip)) {
      return noStore(reply)
        .code(403)
        .send({ error: 'Las métricas solo se pueden consultar desde las direcciones autorizadas (METRICAS_PERMITIDAS).', fields: {} })
    }
    const reading = await gaugeReading(sources, metrics, opts.siteId)
    return noStore(reply)
      .type(metrics.registry.contentType)
      .send(await metrics.exposition([reading], metrics.perSite ? opts.siteId : undefined))
  })
}

/** Times every answer of the server, counts filings per form and result, and store errors by kind. */
function countRequests(app: FastifyInstance, metrics: ProcessMetrics, own: Record<string, string>, filingEndpoints: ReadonlyMap<string, string>): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'sin-ruta'
    metrics.duration.observe({ metodo: request.method, ruta: route, estado: String(reply.statusCode), ...own }, reply.elapsedTime / 1000)
    if (request.method === 'POST') {
      const form = filingEndpoints.get(route)
      if (form) metrics.filings.inc({ formulario: form, resultado: filingResult(reply.statusCode), ...own })
    }
  })
  app.addHook('onError', async (_request, _reply, error) => {
    if (/^Store[A-Za-z]*Error$/.test(error.name)) metrics.storeErrors.inc({ tipo: error.name, ...own })
  })
}

/** The body of /salud/detalle and whether filings can be stored now (a site's own, and each of a platform's). */
export function healthDetail(src: HealthSources, state: SiteState): { ok: boolean; body: object } {
  const free = state.freeBytes === undefined ? undefined : Math.floor(state.freeBytes / (1024 * 1024))
  const disk = diskSufficient(free, src.minFreeMb)
  const { release, store, backup } = state
  const ok = store.ok && disk && release !== undefined
  const body = {
    estado: release === undefined ? NO_RELEASE : ok ? 'ok' : 'no se pueden recibir radicaciones',
    version: src.version,
    codigo: src.code ?? null,
    publicacion: release ?? null,
    radicaciones: {
      almacenamiento: state.engine,
      escribible: store.ok,
      ...(store.motivo ? { motivo: store.motivo } : {}),
    },
    disco: { libreMB: free ?? null, minimoMB: src.minFreeMb, suficiente: disk },
    respaldo: backup
      ? { ultimo: backup.fin, exitoso: backup.ok, verificado: backup.verificado, ...(backup.error ? { error: backup.error } : {}) }
      : { ultimo: null, exitoso: null, verificado: null },
    correo: {
      configurado: src.mail.configured,
      ultimoEnvio: src.mail.last?.at ?? null,
      ultimoEnviado: src.mail.last ? src.mail.last.sent : null,
    },
  }
  return { ok, body }
}

export const healthPlugin = fp(health, { name: 'salud', fastify: '5.x' })
