/**
 * One server, many hosts (docs/decisions/platform.md): with a platform configuration (plataforma.yaml), one process serves
 * every site by the request's `Host`. Each site is a whole server of its own (`buildApp` with that site's manifest,
 * release, data folder and store), built on its first request; a front dispatches each request to the site that
 * owns the host, by handing the raw request to that site's router (`routing`, the handler Fastify gives a server
 * of one's own: its `serverFactory` option). Nothing is shared between sites but the process, the socket and the
 * log: not the store, the session cookies (browsers keep them per host anyway), the rate limits nor the caches.
 * A host that no site lists gets a plain 404, never another hospital's site; on the server itself, the platform's
 * own health and metrics (platformHealth.ts).
 */
import http from 'node:http'
import path from 'node:path'
import fs from 'node:fs'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import type { Platform, PlatformSite } from '../manifest/platform.ts'
import { DEFAULT_SITES_IN_MEMORY, siteAppCache } from './siteAppCache.ts'
import { buildApp } from './app.ts'
import type { AppOptions } from './appOptions.ts'
import { type BackupSchedule, dailyBackup } from './features/backup/index.ts'
import { msUntilNext, parseBackupHour } from './features/backup/schedule.ts'
import { loggerOptions, QuietRequestLog } from './logging.ts'
import { boundHeapGrowth, enterMemorySavingMode, memoryMode } from './memorySaving.ts'
import { operatorPageRoutes } from './operatorPage.ts'
import { platformHealthRoutes } from './platformHealth.ts'
import { siteRelease, thisProgram, withSiteSources } from './siteHealthSources.ts'
import { createMetrics, type ProcessMetrics } from './features/health/index.ts'
import { type PlatformJobs, startPlatformJobs } from './jobs/platformJobs.ts'
import { isPostgresUrl } from './store/postgres.ts'
import { DB_FILE } from './store/sqlite.ts'
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
export function siteAppOptions(base: AppOptions, site: PlatformSite, platformMetrics?: ProcessMetrics): AppOptions {
  return {
    ...base,
    siteId: site.id,
    manifestDir: site.manifestDir,
    // As the single site: its published release when there is a pointer, else its build output.
    releasesDir: site.releasesDir,
    clientDir: path.join(site.outDir, 'client'),
    dataDir: site.dataDir,
    // The front makes every site's daily backup (backUpSites), also for a site no request has reached since the start.
    backup: undefined,
    // One set of collectors for the process, whatever the number of sites: the site's series carry `sitio`.
    platformMetrics,
  }
}

/** A site's daily backup: the platform's hour, into `<RESPALDO_DESTINO>/sitios/<id>/`. */
export function siteBackupSchedule(base: BackupSchedule, site: PlatformSite): BackupSchedule {
  return { ...base, destination: path.join(base.destination, 'sitios', site.id) }
}

/**
 * The daily backup of every site, one after the other, whether or not its app was built since the start: a site
 * nobody visited after a restart still holds the data it received before. A site with no data yet (SQLite: no
 * database file) has nothing to copy. Each run is the site's own (dailyBackup: its lock, its status file, its log line).
 */
export async function backUpSites(base: AppOptions, schedule: BackupSchedule, sites: readonly PlatformSite[], log: FastifyBaseLogger): Promise<void> {
  for (const site of sites) {
    if (!base.databaseUrl && !fs.existsSync(path.join(site.dataDir, DB_FILE))) continue
    await backUpSite(base, schedule, site, log)
  }
}

/** One site's daily backup; `takeOverUnfinished` for a backup job (jobs/backupJobs.ts). */
function backUpSite(base: AppOptions, schedule: BackupSchedule, site: PlatformSite, log: FastifyBaseLogger, takeOverUnfinished = false) {
  return dailyBackup(
    {
      dataDir: site.dataDir,
      databaseUrl: base.databaseUrl,
      siteId: site.id,
      releasesDir: site.releasesDir,
      programVersion: programVersion(),
      schedule: siteBackupSchedule(schedule, site),
      now: base.now,
      takeOverUnfinished,
    },
    log.child({ sitio: site.id }),
  )
}

/**
 * On PostgreSQL, the process's worker and sender on the job queue (jobs/platformJobs.ts): publications, and the daily
 * backups as jobs any node takes. Undefined on SQLite (one machine: the timer makes the backups, as always).
 */
export function platformJobs(base: AppOptions, sites: readonly PlatformSite[], log: FastifyBaseLogger): Promise<PlatformJobs | undefined> {
  const url = base.databaseUrl
  if (!url || !isPostgresUrl(url)) return Promise.resolve(undefined)
  const schedule = base.backup
  return startPlatformJobs({
    databaseUrl: url,
    concurrency: base.jobConcurrency ?? 1,
    sites,
    log,
    ...(schedule && {
      backUp: async site => {
        await backUpSite(base, schedule, site, log, true)
      },
    }),
  })
}

function plainAnswer(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' })
  res.end(text)
}

/**
 * Every site's daily backup, from the start (not from each site's first request), one run after the other.
 * `stop` cancels the next run and waits for one under way (its archive is renamed only when complete either way).
 */
function scheduleSiteBackups(base: AppOptions, sites: readonly PlatformSite[], log: FastifyBaseLogger, jobs?: PlatformJobs): { stop(): Promise<void> } {
  const schedule = base.backup
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const arm = (hourMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      // With the queue, the node sends the day's jobs (any node's worker makes each backup); without, it makes them.
      const run = jobs
        ? jobs
            .sendBackups((base.now ?? (() => new Date()))())
            .catch((error: unknown) =>
              log.error({ error: error instanceof Error ? error.message : String(error) }, 'respaldo diario: no se pudieron enviar los trabajos a la cola'),
            )
        : backUpSites(base, schedule!, sites, log)
      running = run.finally(() => {
        running = undefined
        arm(hourMs)
      })
    }, msUntilNext(hourMs))
    // The schedule alone must not keep the process alive.
    timer.unref()
  }
  if (schedule) arm(parseBackupHour(schedule.hour))
  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}

/** What the front runs beside serving: the daily backups' timer and, on PostgreSQL, the job queue's worker. */
async function backgroundWork(base: AppOptions, sites: readonly PlatformSite[], log: FastifyBaseLogger): Promise<{ stop(): Promise<void> }> {
  const jobs = await platformJobs(base, sites, log)
  const backups = scheduleSiteBackups(base, sites, log, jobs)
  return {
    async stop() {
      await backups.stop()
      await jobs?.stop()
    },
  }
}

/**
 * Each site's server, built on its first request, at most `sitesInMemory` of them (siteAppCache.ts). A site that
 * cannot start is told in the log and tried again on its next request; the others are not touched.
 */
function siteApps(base: AppOptions, sites: readonly PlatformSite[], frontLog: FastifyBaseLogger, metrics: ProcessMetrics) {
  // Sites open and close all day here: their garbage is collected before the heap has grown by half (memorySaving.ts);
  // an operator short of memory also has the memory of those closed go back to the system, at a cost in speed
  // (PLATAFORMA_AHORRO_MEMORIA=si).
  boundHeapGrowth()
  if (base.memorySaving) enterMemorySavingMode()
  const byId = new Map(sites.map(s => [s.id, s]))
  return siteAppCache<FastifyInstance>({
    capacity: base.sitesInMemory ?? DEFAULT_SITES_IN_MEMORY,
    start: async id => {
      const site = byId.get(id)!
      const log = frontLog.child({ sitio: id })
      const built = await buildApp({ ...siteAppOptions(base, site, metrics), loggerInstance: log })
      await built.ready()
      log.info({ ...built.startupFacts() }, `sitio «${id}» listo`)
      return built
    },
    onError: (id, stage, error) =>
      frontLog.error(
        `${stage === 'start' ? 'NO SE PUDO INICIAR' : 'NO SE PUDO CERRAR'} EL SITIO «${id}»: ${error instanceof Error ? error.message : String(error)}`,
      ),
  })
}

/** The front's HTTP server: a request whose `Host` names a site goes to that site's server, any other to `handler`. */
function hostsRouter(
  handler: http.RequestListener,
  byHost: ReadonlyMap<string, PlatformSite>,
  apps: () => ReturnType<typeof siteApps>,
  closing: () => boolean,
  requestTimeout: number,
): http.Server {
  const server = http.createServer((req, res) => {
    const site = byHost.get(hostName(req.headers.host))
    if (!site) return handler(req, res)
    if (closing()) return plainAnswer(res, 503, SITE_STARTING_FAILED)
    // The site stays in memory until this answer is sent (or the client leaves). Fastify itself adds up to the
    // default ten 'close' listeners to a streamed answer: this one is counted on top, not warned about as a leak.
    const { app, release } = apps().acquire(site.id)
    res.setMaxListeners(res.getMaxListeners() + 1)
    res.once('close', release)
    app.then(
      started => started.routing(req, res),
      () => plainAnswer(res, 503, SITE_STARTING_FAILED),
    )
  })
  // What Fastify sets on a server it creates itself (app.ts createFastify): a body may not take longer than an upload.
  server.requestTimeout = requestTimeout
  return server
}

/**
 * The front server: listens, logs, closes every site's server when it closes. Its own routes answer only what no
 * site took (an unknown host): a plain 404.
 */
export async function buildHostsServer(base: AppOptions, platform: Platform): Promise<FastifyInstance> {
  const byHost = new Map<string, PlatformSite>()
  for (const site of platform.sites) for (const domain of site.dominios) byHost.set(domain, site)
  let closing = false
  const requestTimeout = (base.uploadTimeoutMs ?? 300_000) + 10_000

  const front: FastifyInstance = Fastify({
    logger: loggerOptions({ level: base.logLevel, file: base.logFile, keepDays: base.logKeepDays, stream: base.logStream }),
    logController: new QuietRequestLog(),
    serverFactory: handler =>
      hostsRouter(
        handler,
        byHost,
        () => apps,
        () => closing,
        requestTimeout,
      ),
  })
  const metrics = createMetrics(true)
  const program = thisProgram()
  const apps = siteApps(base, platform.sites, front.log, metrics)
  const background = await backgroundWork(base, platform.sites, front.log)

  const unknownHost = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(UNKNOWN_HOST_TEXT)
  front.setNotFoundHandler((_request, reply) => unknownHost(reply))
  // /salud, /salud/detalle and /metricas of the whole platform, on the server itself (platformHealth.ts).
  platformHealthRoutes(front, {
    sites: platform.sites,
    // A site in memory through its server (which alone knows its last e-mail); any other from its folders: none started.
    releaseOf: site =>
      apps.useIfInMemory(site.id, async app => app.healthSources.release())?.catch(() => siteRelease(site)) ?? Promise.resolve(siteRelease(site)),
    withSources: (site, use) => apps.useIfInMemory(site.id, app => use(app.healthSources)) ?? withSiteSources(base, program, site, use),
    metrics,
    metricsAllowed: base.metricsAllowed,
    version: program.version,
    notFound: unknownHost,
  })
  // The operator's overview of every site, on the server itself, with an operator account (operatorPage.ts).
  operatorPageRoutes(front, {
    platform,
    dataDir: base.dataDir,
    databaseUrl: base.databaseUrl,
    minFreeMb: base.minFreeMb,
    metricsAllowed: base.metricsAllowed,
    now: base.now,
    notFound: unknownHost,
  })
  front.addHook('onClose', async () => {
    closing = true
    await background.stop()
    await apps.closeAll()
  })
  front.decorate('startupFacts', () => ({
    version: programVersion(),
    plataforma: platform.file,
    sitios: platform.sites.map(s => `${s.id} (${s.dominios.join(', ')})`).join('; '),
    memoria: memoryMode(),
  }))
  return front
}
