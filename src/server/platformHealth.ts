/**
 * A platform's own /salud, /salud/detalle and /metricas (siteHosts.ts): what the front answers on the server itself
 * (or from METRICAS_PERMITIDAS) when the request's `Host` names no site — `curl http://127.0.0.1:3000/salud` on the
 * machine, and Prometheus scraping one target for every hospital. Each site's own answer, with its `Host`, stays as
 * a single site's. Every site is read, also one nobody visited since the restart (its backups and its database
 * still need watching), but none is started: a site in memory is read through its server, any other from its
 * folders and store (siteHealthSources.ts). The metrics' collectors exist once per process, each site's series
 * marked `sitio`. Anyone else gets the unknown host's 404. See docs/decisions/operations.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PlatformSite } from '../manifest/platform.ts'
import { mapAtMost } from './mapAtMost.ts'
import {
  addressMatcher,
  DEFAULT_METRICS_ALLOWED,
  gaugeReading,
  HEALTH_DETAIL_PATH,
  HEALTH_PATH,
  type HealthSources,
  healthDetail,
  METRICS_PATH,
  type ProcessMetrics,
  publicHealth,
  readSiteState,
} from './features/health/index.ts'

export interface PlatformHealthOptions {
  sites: readonly PlatformSite[]
  /** The release the site serves now (undefined: none), never starting its server (siteHosts.ts). */
  releaseOf(site: PlatformSite): Promise<string | undefined>
  /** Runs `use` with what the site's health is read from, never starting its server (siteHosts.ts). */
  withSources<T>(site: PlatformSite, use: (src: HealthSources) => Promise<T>): Promise<T>
  /** The process's metrics, every site's series in them (features/health/metrics.ts). */
  metrics: ProcessMetrics
  metricsAllowed?: string
  version: string
  /** What an address that may not ask gets: the unknown host's answer. */
  notFound(reply: FastifyReply): FastifyReply
}

interface SiteAnswer {
  id: string
  ok: boolean
  body: unknown
}

/** Sites read at once (mapAtMost.ts): enough to hide a database's latency, few enough for a stock `max_connections`. */
const SITES_AT_ONCE = 4

/** Said for a site whose server could not start (its forms have errors; the log or `npm run validate` says which). */
const SITE_FAILED = 'el sitio no pudo iniciarse'

export function platformHealthRoutes(front: FastifyInstance, opts: PlatformHealthOptions): void {
  const allowed = addressMatcher(opts.metricsAllowed ?? DEFAULT_METRICS_ALLOWED)
  const local = addressMatcher(DEFAULT_METRICS_ALLOWED)
  const { metrics } = opts
  const storeError = (site: string) => (tipo: string) => metrics.storeErrors.inc({ tipo, sitio: site })

  const ask = (answer: (src: HealthSources, site: PlatformSite) => Promise<{ ok: boolean; body: unknown }>): Promise<SiteAnswer[]> =>
    mapAtMost(opts.sites, SITES_AT_ONCE, async site => {
      try {
        return { id: site.id, ...(await opts.withSources(site, src => answer(src, site))) }
      } catch {
        return { id: site.id, ok: false, body: { estado: SITE_FAILED } }
      }
    })
  const guard = (request: FastifyRequest, reply: FastifyReply, who: (ip: string) => boolean) => (who(request.ip) ? undefined : opts.notFound(reply))
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  front.get(HEALTH_PATH, async (request, reply) => {
    // The public check of a site is its own /salud through its domain; the platform's is for the machine and its monitors.
    const refused = guard(request, reply, ip => local(ip) || allowed(ip))
    if (refused) return refused
    // As a site's own /salud: whether it has pages to serve. Its forms and store are /salud/detalle's (a parse of
    // each site's forms here would cost a scrape of a thousand sites minutes of processor).
    const answers = await mapAtMost(opts.sites, SITES_AT_ONCE, async site => ({ id: site.id, ...publicHealth(await opts.releaseOf(site)) }))
    const ok = answers.every(a => a.ok)
    const sitios = Object.fromEntries(answers.map(a => [a.id, a.estado]))
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send({ estado: ok ? 'en servicio' : 'hay sitios sin servicio', sitios })
  })

  front.get(HEALTH_DETAIL_PATH, async (request, reply) => {
    const refused = guard(request, reply, ip => local(ip) || allowed(ip))
    if (refused) return refused
    const answers = await ask(async (src, site) => healthDetail(src, await readSiteState(src, storeError(site.id), false)))
    const ok = answers.every(a => a.ok)
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send({ estado: ok ? 'ok' : 'hay sitios con problemas', version: opts.version, sitios: Object.fromEntries(answers.map(a => [a.id, a.body])) })
  })

  front.get(METRICS_PATH, async (request, reply) => {
    const refused = guard(request, reply, allowed)
    if (refused) return refused
    const readings = await mapAtMost(opts.sites, SITES_AT_ONCE, site =>
      // A site whose forms have errors has no gauges: its /salud/detalle and the log say why.
      opts.withSources(site, src => gaugeReading(src, metrics, site.id)).catch(() => undefined),
    )
    return noStore(reply)
      .type(metrics.registry.contentType)
      .send(await metrics.exposition(readings.filter(r => r !== undefined)))
  })
}
