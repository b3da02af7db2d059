import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyBaseLogger } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import fastifyHelmet from '@fastify/helmet'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import { contentPlugin } from './features/content/index.ts'
import { filingsPlugin } from './features/filings/index.ts'
import { createMailStatus, healthPlugin, type MailStatus } from './features/health/index.ts'
import { officePlugin } from './features/office/index.ts'
import { installBodyTimeout } from './http/bodyTimeout.ts'
import { buildSharedValidator } from './http/sharedValidators.ts'
import { apiError, installErrorHandler } from './http/errors.ts'
import { describeStore, loggerOptions, QuietRequestLog } from './logging.ts'
import { createNativeFormPages, type NativeFormPages } from './nativePages.ts'
import { createNotifier, type Notifier } from './notify.ts'
import type { AppOptions } from './appOptions.ts'
import { StoreSignInThrottle } from './features/office/storeThrottle.ts'
import { addressKeys } from './addressKeys.ts'
import { sharedRateLimitStore } from './rateLimitStore.ts'
import { pointedCode, releaseLabel, servedRelease, type SiteRoot } from './releases.ts'
import { openSiteRoot } from './releaseFollow.ts'
import { reportPlugin } from './features/report/index.ts'
import { searchPlugin } from './features/search/index.ts'
import { receiptPdfPlugin } from './features/receiptPdf/index.ts'
import { trackingPlugin } from './features/tracking/index.ts'
import { embedOrigins, helmetOptions, installAssetFraming, installPermissionsPolicy, installXsrf } from './security.ts'
import { loadSiteData, type SiteData } from './siteData.ts'
import { openFilingStore } from './store/open.ts'
import { DB_FILE, StoreCorruptedError } from './store/sqlite.ts'
import type { FilingStore } from './store/store.ts'
import { backupPlugin } from './features/backup/index.ts'
import { reconnectingStore, StoreUnreachableError, unavailableStore } from './store/unavailable.ts'
import { prepareUploads, sweepUploads, SWEEP_MIN_AGE_MS } from './store/uploads.ts'
import { programCommit, programVersion } from './version.ts'

/** JSON bodies above this size are refused with 413 (a PQRSD is a few KB). */
export const BODY_LIMIT = 64 * 1024

export type { AppOptions }

declare module 'fastify' {
  interface FastifyInstance {
    /** The filings' store (tests read it; features get it as an option). */
    store: FilingStore
    /** Every route the server registered (method and URL), so tests can hold each one to the server's rules. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>
    /** What the start-up log line says (run.ts adds the address once listening). */
    startupFacts(): Record<string, string>
  }
}

/** A hop count becomes proxy-addr's "trust the n nearest hops" function; an address list stays as is. */
function trustProxySetting(value: string | number | false | undefined): string | ((address: string, hop: number) => boolean) | false {
  if (value === undefined || value === false) return false
  if (typeof value === 'number') return (_address, hop) => hop < value
  return value
}

/**
 * The store, or when it cannot be opened a stand-in that refuses filings with 503 while the site keeps serving:
 * PostgreSQL down or still starting (a reboot) is retried; a damaged SQLite file waits for a restore (docs/decisions/server-structure.md).
 */
async function openStore(options: AppOptions, dataDir: string, site: SiteData, log: FastifyBaseLogger): Promise<{ store: FilingStore; ok: boolean }> {
  const open = () =>
    openFilingStore({
      dataDir,
      plan: site.plan,
      databaseUrl: options.databaseUrl,
      busyGiveUpMs: options.storeBusyGiveUpMs,
      refuseOwner: !options.allowDatabaseOwner,
      siteId: options.siteId,
    })
  try {
    return { store: await open(), ok: true }
  } catch (error) {
    if (error instanceof StoreUnreachableError) {
      log.error(`NO SE RECIBEN RADICACIONES POR AHORA: ${error.message}. Se reintenta la conexión.`)
      const store = reconnectingStore(open, error.message, { onOpen: () => log.info('PostgreSQL disponible: se reciben radicaciones de nuevo.') })
      return { store, ok: false }
    }
    if (error instanceof StoreCorruptedError) {
      log.error(`NO SE RECIBEN RADICACIONES: ${error.message}`)
      return { store: unavailableStore(error.message), ok: false }
    }
    throw error
  }
}

/** Every route the server registers, for the tests that hold each one to the server's rules. */
function recordRoutes(app: FastifyInstance): void {
  const registeredRoutes: Array<{ method: string; url: string }> = []
  app.addHook('onRoute', route => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url })
  })
  app.decorate('registeredRoutes', registeredRoutes)
}

/** Fastify with the server's limits and logger. */
function createFastify(options: AppOptions, uploadTimeoutMs: number): FastifyInstance {
  return Fastify({
    bodyLimit: BODY_LIMIT,
    // Backstop for any request (Node's own default is off in Fastify): a body may not take longer than an upload.
    requestTimeout: uploadTimeoutMs + 10_000,
    routerOptions: { ignoreTrailingSlash: true },
    // Route schemas compiled once for the process, not once per server: a platform opens sites all day (sharedValidators.ts).
    schemaController: { compilersFactory: { buildValidator: buildSharedValidator } },
    trustProxy: trustProxySetting(options.trustProxy),
    // While it closes (a restart for an update) a request on a kept-alive connection is served, with
    // `Connection: close`, not answered Fastify's English 503: the store stays open until the server has closed.
    return503OnClosing: false,
    // One site of several (siteHosts.ts): its lines go to the one process log, each marked with the site.
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: loggerOptions({ level: options.logLevel, file: options.logFile, keepDays: options.logKeepDays, stream: options.logStream }) }),
    logController: new QuietRequestLog(),
  })
}

/** What the features are built from: the site's data, the store, the uploads folder swept, the mailer. */
interface Parts {
  dataDir: string
  uploadTimeoutMs: number
  siteRoot: SiteRoot
  clientDir: string
  site: SiteData
  store: FilingStore
  notifier: Notifier
  mailStatus: MailStatus
}

/** Reads the site, opens the store and the uploads folder (leftover uploads swept), and creates the mailer. */
async function openParts(app: FastifyInstance, options: AppOptions, uploadTimeoutMs: number): Promise<Parts> {
  const dataDir = path.resolve(options.dataDir)
  const siteRoot = await openSiteRoot(options, app.log, close => app.addHook('onClose', close))
  const clientDir = siteRoot.current()
  const site = loadSiteData(options.manifestDir, clientDir)
  for (const w of site.warnings) app.log.warn(`manifiesto: ${w}`)
  const { store, ok: storeOk } = await openStore(options, dataDir, site, app.log)
  prepareUploads(dataDir)
  // Never sweep against a store that cannot say which files it references: that would delete every attachment.
  if (storeOk) {
    // Only files older than any upload may take: another process sharing DATA_DIR may be receiving one now.
    const swept = sweepUploads(dataDir, await store.attachmentFiles(), Date.now(), Math.max(SWEEP_MIN_AGE_MS, 2 * uploadTimeoutMs))
    if (swept > 0) app.log.info({ archivos: swept }, 'adjuntos temporales eliminados')
  }
  const mailStatus = createMailStatus(!!options.smtpUrl)
  const notifier = createNotifier(options.smtpUrl, options.notifyTo, app.log, options.notifyFrom, mailStatus.record)
  return { dataDir, uploadTimeoutMs, siteRoot, clientDir, site, store, notifier, mailStatus }
}

/** The store on the instance, the shutdown (mail, then store) and the start-up log line's facts. */
function decorate(app: FastifyInstance, options: AppOptions, { store, notifier, dataDir, siteRoot }: Parts): void {
  app.decorate('store', store)
  app.addHook('onClose', async () => {
    // An SMTP server that never answers may not hold the shutdown (docs/decisions/server-structure.md): wait a bounded time.
    await Promise.race([notifier.flush(), new Promise(resolve => setTimeout(resolve, options.shutdownMailWaitMs ?? 5_000).unref())])
    notifier.close()
    await store.close()
  })
  app.decorate('startupFacts', () => ({
    version: programVersion(),
    publicacion: releaseLabel(options.releasesDir, siteRoot.current()),
    almacenamiento: describeStore(dataDir, options.databaseUrl, DB_FILE),
    correo: options.smtpUrl
      ? options.notifyTo
        ? 'configurado (avisos a la oficina y a la ciudadanía)'
        : 'configurado (solo avisos a la ciudadanía)'
      : 'sin configurar (SMTP_URL)',
  }))
  recordRoutes(app)
}

/** What every route shares: errors in Spanish, body timeouts, cookies, security headers, compression, bodies, rate limits. */
async function registerShared(app: FastifyInstance, options: AppOptions, { site, store, dataDir, uploadTimeoutMs }: Parts): Promise<void> {
  installErrorHandler(app)
  installBodyTimeout(app, options.bodyTimeoutMs ?? 30_000, uploadTimeoutMs)
  await app.register(fastifyCookie)
  const frames = embedOrigins(site.embedUrls)
  await app.register(fastifyHelmet, helmetOptions(frames))
  installPermissionsPolicy(app, frames)
  installAssetFraming(app)
  // Compress answers (HTML, JS, CSS, JSON); never decompress request bodies (zip bombs).
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false, encodings: ['br', 'gzip'] })
  await app.register(fastifyMultipart, { throwFileSizeLimit: false })
  // Url-encoded bodies: only the forms posted without script use them (the routes refuse them otherwise).
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT })
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the store, so every server process sharing the database applies one limit (docs/decisions/server-structure.md).
    // Keyed by a daily-secret HMAC of the address (addressKeys.ts): no counter row holds an address.
    store: sharedRateLimitStore(
      store,
      addressKeys(dataDir, error =>
        app.log.warn({ err: { name: error.name, message: error.message } }, 'secreto de los límites solo en memoria de este proceso'),
      ),
    ),
    errorResponseBuilder: () => apiError('rateLimited'),
  })
  installXsrf(app)
}

/** The features that run the service: health, backup, filings and the office. */
async function registerServiceFeatures(app: FastifyInstance, options: AppOptions, parts: Parts, noScriptPages: NativeFormPages): Promise<void> {
  const { dataDir, site, store, siteRoot, notifier } = parts
  const rateLimit = { max: options.rateLimitMax ?? 20, timeWindow: options.rateLimitWindowMs ?? 60_000 }
  await app.register(healthPlugin, {
    dataDir,
    store,
    filingEndpoints: new Map(site.filings.map(f => [f.endpoint, f.form.id])),
    forms: site.filings.filter(f => f.clase === 'radicacion'),
    lookups: site.lookups,
    now: options.now,
    release: () => servedRelease(options.releasesDir, siteRoot.current()),
    siteId: options.siteId,
    metrics: options.platformMetrics,
    version: programVersion(),
    code: (options.releasesDir ? pointedCode(options.releasesDir) : undefined) ?? programCommit(),
    mail: parts.mailStatus,
    metricsAllowed: options.metricsAllowed,
    minFreeMb: options.minFreeMb,
  })
  await app.register(backupPlugin, {
    dataDir,
    databaseUrl: options.databaseUrl,
    siteId: options.siteId,
    releasesDir: options.releasesDir,
    programVersion: programVersion(),
    schedule: options.backup,
    now: options.now,
  })
  await app.register(filingsPlugin, {
    site,
    store,
    notifier,
    dataDir,
    pages: noScriptPages,
    rateLimit,
    lookupRateLimit: { max: options.lookupRateLimitMax ?? 30, timeWindow: 60_000 },
    now: options.now,
  })
  await app.register(officePlugin, {
    site,
    store,
    filingStore: store,
    dataDir,
    clientDir: parts.clientDir,
    session: options.officeSession,
    twoFactor: options.office2fa,
    // Counted in the store: one limit for every server process sharing the database (docs/decisions/server-structure.md).
    throttle: new StoreSignInThrottle(store),
    rateLimit,
    notifier,
    shutdownMailWaitMs: options.shutdownMailWaitMs,
    now: options.now,
  })
}

/** The features citizens read with: tracking, the receipt's PDF, search, the report, and last the site itself. */
async function registerReadingFeatures(app: FastifyInstance, options: AppOptions, parts: Parts, noScriptPages: NativeFormPages): Promise<void> {
  const { dataDir, site, store, siteRoot } = parts
  // Stricter than the filings': a code is guessed only by trying many (docs/decisions/server-structure.md).
  const trackingLimit = {
    max: options.trackingRateLimitMax ?? Math.min(10, options.rateLimitMax ?? 20),
    timeWindow: options.trackingRateLimitWindowMs ?? 10 * 60_000,
  }
  await app.register(trackingPlugin, { site, store, dataDir, root: siteRoot, rateLimit: trackingLimit, noScriptPages, now: options.now })
  // The receipt's «Descargar constancia (PDF)» (docs/decisions/server-structure.md): number + code, the tracking lookups' limit.
  await app.register(receiptPdfPlugin, { site, store, rateLimit: trackingLimit })
  await app.register(searchPlugin, { prefix: '/buscar', site, root: siteRoot })
  await app.register(reportPlugin, { site, root: siteRoot, store, now: options.now })
  // Last: the site's pages and files answer whatever no feature took, and the 404 page.
  await app.register(contentPlugin, { site, root: siteRoot })
}

/** The whole server (site + API) as a Fastify instance, not yet listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 300_000
  const app = createFastify(options, uploadTimeoutMs)
  const parts = await openParts(app, options, uploadTimeoutMs)
  decorate(app, options, parts)
  await registerShared(app, options, parts)
  // The features, each an encapsulated plugin (src/server/features/<feature>/).
  const noScriptPages = createNativeFormPages(parts.site, parts.clientDir, () => parts.siteRoot.current())
  await registerServiceFeatures(app, options, parts, noScriptPages)
  await registerReadingFeatures(app, options, parts, noScriptPages)
  return app
}
