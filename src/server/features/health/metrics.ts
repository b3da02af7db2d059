/**
 * Prometheus metrics (prom-client, the standard Node client): filings accepted, refused and failed per form,
 * response times per route, store errors, the operational gauges of gauges.ts, plus the process's default metrics.
 * One registry per process: a single site's server makes its own; a platform's front makes one for every site, whose
 * servers count into it with `sitio` (docs/decisions/operations.md, «One set of collectors per process»). Never the
 * library's global registry: tests build several servers in one process.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import client from 'prom-client'
import { GAUGE_NAMES, type SiteReading, siteGauges } from './gauges.ts'

export interface ProcessMetrics {
  registry: client.Registry
  /** Whether series carry `sitio` (a platform's). */
  perSite: boolean
  filings: client.Counter<string>
  duration: client.Histogram<string>
  storeErrors: client.Counter<string>
  /**
   * The exposition with the gauges set to `readings` (scrapes take turns: each sets every gauge). With `site`,
   * only that site's series (a platform site's own /metricas), without the process's metrics.
   */
  exposition(readings: readonly SiteReading[], site?: string): Promise<string>
}

/** `perSite`: a platform's, once per process; its series carry `sitio`. */
export function createMetrics(perSite = false): ProcessMetrics {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry })
  const site = perSite ? ['sitio'] : []
  const gauges = siteGauges(registry, perSite)
  let turn: Promise<unknown> = Promise.resolve()
  const metrics: ProcessMetrics = {
    registry,
    perSite,
    filings: new client.Counter({
      name: 'radicaciones_total',
      help: 'Radicaciones recibidas por formulario: aceptadas (con número), rechazadas (datos inválidos, límite) o fallidas (el servidor no pudo guardarlas: almacenamiento no disponible).',
      labelNames: ['formulario', 'resultado', ...site],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'http_respuesta_segundos',
      help: 'Tiempo de respuesta por método, ruta (patrón, no la dirección pedida) y código de estado.',
      labelNames: ['metodo', 'ruta', 'estado', ...site],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    storeErrors: new client.Counter({
      name: 'almacenamiento_errores_total',
      help: 'Errores del almacenamiento de radicaciones (no disponible, bloqueado, sin escritura), por tipo.',
      labelNames: ['tipo', ...site],
      registers: [registry],
    }),
    exposition(readings, only) {
      const next = turn.then(async () => {
        gauges.show(readings)
        return only === undefined ? registry.metrics() : siteSeries(registry, only)
      })
      turn = next.catch(() => undefined)
      return next
    },
  }
  return metrics
}

const SITE_METRICS = new Set(['radicaciones_total', 'http_respuesta_segundos', 'almacenamiento_errores_total', ...GAUGE_NAMES])

/** One site's series of the platform's registry, as Prometheus text. */
async function siteSeries(registry: client.Registry, site: string): Promise<string> {
  const own = (await registry.getMetricsAsJSON())
    .filter(m => SITE_METRICS.has(m.name))
    .map(m => ({ ...m, values: m.values.filter(v => v.labels.sitio === site) }))
  return client.AggregatorRegistry.aggregate([own as client.MetricObjectWithValues<client.MetricValue<string>>[]]).metrics()
}

/** The labels a site's series add: its `sitio` on a platform, none for a single site. */
export function siteLabels(metrics: ProcessMetrics, site: string | undefined): Record<string, string> {
  return metrics.perSite && site ? { sitio: site } : {}
}

/** A filing's outcome as `radicaciones_total` counts it: 5xx means the server could not keep it (the alert's case). */
export function filingResult(status: number): 'aceptada' | 'rechazada' | 'fallida' {
  return status < 400 ? 'aceptada' : status < 500 ? 'rechazada' : 'fallida'
}

/** Loopback only, unless the operator lists addresses or subnets (METRICAS_PERMITIDAS=10.0.0.5,10.1.0.0/16). */
export const DEFAULT_METRICS_ALLOWED = '127.0.0.1,::1'

/** A comma-separated list of addresses and CIDR subnets → a matcher. Throws in Spanish on a malformed entry. */
export function addressMatcher(list: string): (address: string) => boolean {
  const blocks = new BlockList()
  for (const raw of list
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)) {
    const [address, prefix] = raw.split('/')
    const type = isIPv4(address!) ? 'ipv4' : isIPv6(address!) ? 'ipv6' : undefined
    if (!type) throw new Error(`METRICAS_PERMITIDAS: «${raw}» no es una dirección IP ni una subred.`)
    if (prefix === undefined) blocks.addAddress(address!, type)
    else {
      const bits = Number(prefix)
      if (!Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv4' ? 32 : 128)) throw new Error(`METRICAS_PERMITIDAS: «${raw}» no es una subred válida.`)
      blocks.addSubnet(address!, bits, type)
    }
  }
  return address => {
    // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
    if (isIPv4(plain)) return blocks.check(plain, 'ipv4')
    if (isIPv6(plain)) return blocks.check(plain, 'ipv6')
    return false
  }
}
