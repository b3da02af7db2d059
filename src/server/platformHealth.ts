/**
 * A platform's own /salud, /salud/detalle and /metricas (siteHosts.ts): what the front answers on the server itself
 * (or from METRICAS_PERMITIDAS) when the request's `Host` names no site — `curl http://127.0.0.1:3000/salud` on the
 * machine, and Prometheus scraping one target for every hospital. Each site's own answer, with its `Host`, stays as
 * a single site's. Every site is asked (and so prepared, if no visit had prepared it yet): a site nobody visited
 * since the restart still needs its backups and its database watched. Anyone else gets the unknown host's 404.
 * See docs/decisions/operations.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import client from 'prom-client'
import type { PlatformSite } from '../manifest/platform.ts'
import { mapAtMost } from './mapAtMost.ts'
import { addressMatcher, DEFAULT_METRICS_ALLOWED, HEALTH_DETAIL_PATH, HEALTH_PATH, METRICS_PATH } from './features/health/index.ts'

export interface PlatformHealthOptions {
  sites: readonly PlatformSite[]
  /** Runs `use` with the site's server (started if not in memory, kept in memory while `use` runs: siteAppCache.ts). */
  withApp<T>(site: PlatformSite, use: (app: FastifyInstance) => Promise<T>): Promise<T>
  metricsAllowed?: string
  version: string
  /** What an address that may not ask gets: the unknown host's answer. */
  notFound(reply: FastifyReply): FastifyReply
}

interface SiteAnswer {
  id: string
  status: number
  body: unknown
}

/** Sites asked at once (mapAtMost.ts). */
const SITES_AT_ONCE = 4

/** Said for a site whose server could not start (the log says why: «NO SE PUDO INICIAR EL SITIO …»). */
const SITE_FAILED = 'el sitio no pudo iniciarse'

export function platformHealthRoutes(front: FastifyInstance, opts: PlatformHealthOptions): void {
  const allowed = addressMatcher(opts.metricsAllowed ?? DEFAULT_METRICS_ALLOWED)
  const local = addressMatcher(DEFAULT_METRICS_ALLOWED)
  // The process's own metrics, once: the sites' registries leave them out (health/metrics.ts).
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry })

  const ask = (url: string): Promise<SiteAnswer[]> =>
    mapAtMost(opts.sites, SITES_AT_ONCE, async site => {
      try {
        const res = await opts.withApp(site, app => app.inject({ method: 'GET', url }))
        return { id: site.id, status: res.statusCode, body: res.json() as unknown }
      } catch {
        return { id: site.id, status: 503, body: { estado: SITE_FAILED } }
      }
    })
  const guard = (request: FastifyRequest, reply: FastifyReply, who: (ip: string) => boolean) => (who(request.ip) ? undefined : opts.notFound(reply))
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  front.get(HEALTH_PATH, async (request, reply) => {
    // The public check of a site is its own /salud through its domain; the platform's is for the machine and its monitors.
    const refused = guard(request, reply, ip => local(ip) || allowed(ip))
    if (refused) return refused
    const answers = await ask(HEALTH_PATH)
    const ok = answers.every(a => a.status === 200)
    const sitios = Object.fromEntries(answers.map(a => [a.id, (a.body as { estado?: string }).estado ?? SITE_FAILED]))
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send({ estado: ok ? 'en servicio' : 'hay sitios sin servicio', sitios })
  })

  front.get(HEALTH_DETAIL_PATH, async (request, reply) => {
    const refused = guard(request, reply, ip => local(ip) || allowed(ip))
    if (refused) return refused
    const answers = await ask(HEALTH_DETAIL_PATH)
    const ok = answers.every(a => a.status === 200)
    return noStore(reply)
      .code(ok ? 200 : 503)
      .send({ estado: ok ? 'ok' : 'hay sitios con problemas', version: opts.version, sitios: Object.fromEntries(answers.map(a => [a.id, a.body])) })
  })

  front.get(METRICS_PATH, async (request, reply) => {
    const refused = guard(request, reply, allowed)
    if (refused) return refused
    return noStore(reply)
      .type(registry.contentType)
      .send(await allMetrics(registry, opts))
  })
}

/** The process's metrics and every site's, in one exposition. */
async function allMetrics(registry: client.Registry, opts: PlatformHealthOptions): Promise<string> {
  const perSite = await mapAtMost(opts.sites, SITES_AT_ONCE, async site => {
    try {
      return await opts.withApp(site, app => app.metrics.registry.getMetricsAsJSON())
    } catch {
      // A site that cannot start has no series: its /salud/detalle and the log say why.
      return []
    }
  })
  // Each site's series carry `sitio`, so merging never adds two sites' values together.
  return client.AggregatorRegistry.aggregate([await registry.getMetricsAsJSON(), ...perSite]).metrics()
}
