/**
 * One server, many hosts (issue 28, item 3): with a platform configuration (plataforma.yaml), one process serves
 * every site by the request's `Host`. Each site is a whole server of its own (`buildApp` with that site's manifest,
 * release, data folder and store), built on its first request; a front dispatches each request to the site that
 * owns the host, by handing the raw request to that site's router (`routing`, the handler Fastify gives a server
 * of one's own: its `serverFactory` option). Nothing is shared between sites but the process, the socket and the
 * log: not the store, the session cookies (browsers keep them per host anyway), the rate limits nor the caches.
 * A host that no site lists gets a plain 404, never another hospital's site.
 */
import http from 'node:http'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Platform, PlatformSite } from '../manifest/platform.ts'
import { buildApp } from './app.ts'
import type { AppOptions } from './appOptions.ts'
import { loggerOptions, QuietRequestLog } from './logging.ts'
import { programVersion } from './version.ts'

/** What an unknown host reads: no site's page, no hint of which sites there are. */
export const UNKNOWN_HOST_TEXT = 'No hay ningún sitio publicado con esta dirección.\n'
const SITE_STARTING_FAILED = 'El sitio no está disponible en este momento. Intente de nuevo en unos minutos.\n'

/** The host name of a `Host` header, in lower case, without port nor a final dot (`[::1]:3000` → `::1`). */
export function hostName(header: string | undefined): string {
  const h = (header ?? '').trim().toLowerCase()
  const name = h.startsWith('[') ? h.slice(1, h.indexOf(']')) : h.replace(/:\d*$/, '')
  return name.replace(/\.$/, '')
}

/** A site's server options: the platform's settings, with the site's own folders (platform.ts says where they are). */
export function siteAppOptions(base: AppOptions, site: PlatformSite): AppOptions {
  return {
    ...base,
    siteId: site.id,
    manifestDir: site.manifestDir,
    // As the single site: its published release when there is a pointer, else its build output.
    releasesDir: site.releasesDir,
    clientDir: path.join(site.outDir, 'client'),
    dataDir: site.dataDir,
    backup: base.backup && { ...base.backup, destination: path.join(base.backup.destination, 'sitios', site.id) },
  }
}

function plainAnswer(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
  res.end(text)
}

/**
 * The front server: listens, logs, closes every site's server when it closes. Its own routes answer only what no
 * site took (an unknown host): a plain 404.
 */
export async function buildHostsServer(base: AppOptions, platform: Platform): Promise<FastifyInstance> {
  const byHost = new Map<string, PlatformSite>()
  for (const site of platform.sites) for (const domain of site.dominios) byHost.set(domain, site)
  const apps = new Map<string, Promise<FastifyInstance>>()
  let closing = false
  const requestTimeout = (base.uploadTimeoutMs ?? 300_000) + 10_000

  const front: FastifyInstance = Fastify({
    logger: loggerOptions({ level: base.logLevel, file: base.logFile, keepDays: base.logKeepDays, stream: base.logStream }),
    logController: new QuietRequestLog(),
    serverFactory: handler => {
      const server = http.createServer((req, res) => {
        const site = byHost.get(hostName(req.headers.host))
        if (!site) return handler(req, res)
        if (closing) return plainAnswer(res, 503, SITE_STARTING_FAILED)
        siteApp(site).then(
          app => app.routing(req, res),
          () => plainAnswer(res, 503, SITE_STARTING_FAILED),
        )
      })
      // What Fastify sets on a server it creates itself (app.ts createFastify): a body may not take longer than an upload.
      server.requestTimeout = requestTimeout
      return server
    },
  })

  /** The site's server, built on its first request (a platform of many sites holds in memory only those in use). */
  function siteApp(site: PlatformSite): Promise<FastifyInstance> {
    let app = apps.get(site.id)
    if (!app) {
      const log = front.log.child({ sitio: site.id })
      app = buildApp({ ...siteAppOptions(base, site), loggerInstance: log }).then(async built => {
        await built.ready()
        log.info({ ...built.startupFacts() }, `sitio «${site.id}» listo`)
        return built
      })
      apps.set(site.id, app)
      // A site that cannot start is told in the log and tried again on its next request; the others are not touched.
      app.catch(error => {
        log.error(`NO SE PUDO INICIAR EL SITIO «${site.id}»: ${error instanceof Error ? error.message : String(error)}`)
        if (apps.get(site.id) === app) apps.delete(site.id)
      })
    }
    return app
  }

  front.setNotFoundHandler((_request, reply) => {
    reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(UNKNOWN_HOST_TEXT)
  })
  front.addHook('onClose', async () => {
    closing = true
    await Promise.all([...apps.values()].map(app => app.then(a => a.close()).catch(() => undefined)))
  })
  front.decorate('startupFacts', () => ({
    version: programVersion(),
    plataforma: platform.file,
    sitios: platform.sites.map(s => `${s.id} (${s.dominios.join(', ')})`).join('; '),
  }))
  return front
}
