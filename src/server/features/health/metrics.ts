/**
 * Prometheus metrics (prom-client, the standard Node client): filings accepted, refused and failed per form,
 * response times per route, store errors, plus the process's default metrics. One registry per server
 * instance (tests build several in one process; the library's global registry would mix them).
 * The operational gauges (backup, disk, database, release, open and overdue filings) are in gauges.ts.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import client from 'prom-client'

export interface ServerMetrics {
  registry: client.Registry
  filings: client.Counter<'formulario' | 'resultado'>
  duration: client.Histogram<'metodo' | 'ruta' | 'estado'>
  storeErrors: client.Counter<'tipo'>
}

/**
 * `site`: one site of a platform (siteHosts.ts). Its series carry `sitio="<id>"`, and the process's own metrics are
 * left to the platform's registry: every site runs in the one process, so they would repeat for each site.
 */
export function createMetrics(site?: string): ServerMetrics {
  const registry = new client.Registry()
  if (site) registry.setDefaultLabels({ sitio: site })
  else client.collectDefaultMetrics({ register: registry })
  return {
    registry,
    filings: new client.Counter({
      name: 'radicaciones_total',
      help: 'Radicaciones recibidas por formulario: aceptadas (con número), rechazadas (datos inválidos, límite) o fallidas (el servidor no pudo guardarlas: almacenamiento no disponible).',
      labelNames: ['formulario', 'resultado'],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'http_respuesta_segundos',
      help: 'Tiempo de respuesta por método, ruta (patrón, no la dirección pedida) y código de estado.',
      labelNames: ['metodo', 'ruta', 'estado'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    storeErrors: new client.Counter({
      name: 'almacenamiento_errores_total',
      help: 'Errores del almacenamiento de radicaciones (no disponible, bloqueado, sin escritura), por tipo.',
      labelNames: ['tipo'],
      registers: [registry],
    }),
  }
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
