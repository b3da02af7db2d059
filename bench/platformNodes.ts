/**
 * The platform bench's PostgreSQL and several-node parts (docs/decisions/platform.md, «Several nodes behind Caddy»):
 * `BENCH_BASE=postgres` runs the one-server figures on a PostgreSQL cluster of its own (tests/helpers/platformNodes.ts,
 * startPlatformDatabase: the guide's roles and site key) instead of each site's SQLite file; `BENCH_NODOS=3` then
 * starts that many server nodes behind Caddy (the shipped despliegue/Caddyfile-nodos), each with its own data folder,
 * sharing only the database, and loads them through Caddy: spread over the sites a node keeps in memory, to one site,
 * and spread with one node killed (SIGKILL) halfway, counting what failed. The built pages are the bench's own folders
 * on this machine's disk, as a platform's build on each node would give them.
 */
import path from 'node:path'
import type { OwnPlatformDatabase } from '../tests/helpers/platformNodes.ts'
import { startPlatformDatabase, startPlatformNodes } from '../tests/helpers/platformNodes.ts'
import { askHost } from '../tests/helpers/hostRequest.ts'
import { SITE_KEY_VARIABLE } from '../src/server/store/siteProof.ts'

export type BenchEngine = 'sqlite' | 'postgres'

/** What the nodes' figures read of a load's summary (bench/platform.ts LoadSummary). */
interface LoadFigures {
  reqPerSec: number
  p99Ms: number
  non2xx: number
  errors: number
}

export type NodesLoad = (
  port: number,
  hosts: string[],
  tokens: string[],
  routes: string[],
  seconds: number,
  tolerateErrors?: boolean,
) => Promise<{ pages: LoadFigures; filings: LoadFigures }>

/** BENCH_BASE and BENCH_NODOS, checked: several nodes share only PostgreSQL. */
export function benchEngine(env: NodeJS.ProcessEnv = process.env): { engine: BenchEngine; nodes: number } {
  const engine = (env.BENCH_BASE ?? 'sqlite') as BenchEngine
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_BASE must be sqlite or postgres (got ${env.BENCH_BASE})`)
  const nodes = Number(env.BENCH_NODOS ?? 1)
  if (!Number.isInteger(nodes) || nodes < 1) throw new Error(`BENCH_NODOS must be a whole number ≥ 1 (got ${env.BENCH_NODOS})`)
  if (nodes > 1 && engine !== 'postgres') throw new Error('BENCH_NODOS > 1 needs BENCH_BASE=postgres: several nodes share only PostgreSQL')
  return { engine, nodes }
}

/** The database the servers use (PostgreSQL: a cluster of the bench's own, started here), as their environment. */
export async function benchDatabase(engine: BenchEngine): Promise<{ env: NodeJS.ProcessEnv; database?: OwnPlatformDatabase; stop(): void }> {
  if (engine === 'sqlite') return { env: {}, stop: () => undefined }
  const database = await startPlatformDatabase()
  return { env: { DATABASE_URL: database.serverUrl, [SITE_KEY_VARIABLE]: database.siteKey }, database, stop: () => database.stop() }
}

/**
 * `count` nodes behind Caddy, every one of the first `kept` sites visited once on each node (its app started there,
 * as a node that has served a while), then the loads through Caddy. Returns the figures.
 */
export async function benchNodes(o: {
  dir: string
  platformFile: string
  database: OwnPlatformDatabase
  count: number
  hosts: string[]
  tokens: string[]
  routes: string[]
  kept: number
  seconds: number
  load: NodesLoad
  figure(name: string, value: number, unit: string): void
}): Promise<Record<string, unknown>> {
  console.log(`Platform: ${o.count} nodes behind Caddy, sharing only PostgreSQL…`)
  const nodes = await startPlatformNodes({
    platformFile: o.platformFile,
    databaseUrl: o.database.serverUrl,
    siteKey: o.database.siteKey,
    workDir: path.join(o.dir, 'nodos'),
    count: o.count,
    env: { RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'error' },
  })
  try {
    for (const node of nodes.nodes) for (const host of o.hosts.slice(0, o.kept)) await askHost(node.port, host, 'GET', '/api/tipo-solicitud')
    const spread = await o.load(nodes.proxyPort, o.hosts.slice(0, o.kept), o.tokens.slice(0, o.kept), o.routes, o.seconds)
    const oneSite = await o.load(nodes.proxyPort, o.hosts.slice(0, 1), o.tokens.slice(0, 1), o.routes, o.seconds)
    // One node killed halfway through each load (pages, then filings: the second kill takes the next node).
    const victims = nodes.nodes.slice(1)
    const kill = () => setTimeout(() => void victims.shift()?.kill('SIGKILL'), (o.seconds * 1000) / 2)
    const timers = [kill(), setTimeout(kill, o.seconds * 1000)]
    const withKill = await o.load(nodes.proxyPort, o.hosts.slice(0, o.kept), o.tokens.slice(0, o.kept), o.routes, o.seconds, true)
    for (const t of timers) clearTimeout(t)
    for (const [label, r] of [
      [`GET a random page of one of ${o.kept} sites, through Caddy`, spread.pages],
      [`POST /api/pqrs to one of ${o.kept} sites, through Caddy`, spread.filings],
      ['the same GETs, all to the first site, through Caddy', oneSite.pages],
      ['the same POSTs, all to the first site, through Caddy', oneSite.filings],
      ['the spread GETs with a node killed halfway', withKill.pages],
      ['the spread POSTs with another node killed halfway', withKill.filings],
    ] as const) {
      o.figure(`platform ${o.count} nodes: ${label}, p99 (10 connections)`, r.p99Ms, 'ms')
      o.figure(`platform ${o.count} nodes: ${label}, requests/s`, r.reqPerSec, '/s')
    }
    o.figure(`platform ${o.count} nodes: GETs answered with an error while a node was killed`, withKill.pages.non2xx + withKill.pages.errors, '')
    o.figure(`platform ${o.count} nodes: POSTs answered with an error while a node was killed`, withKill.filings.non2xx + withKill.filings.errors, '')
    return { nodes: o.count, sites: o.kept, spread, oneSite, withKill }
  } finally {
    await nodes.stop()
  }
}
