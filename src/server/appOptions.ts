import type { FastifyBaseLogger } from 'fastify'
import type { SessionPolicy } from './features/office/session.ts'
import type { BackupSchedule } from './features/backup/index.ts'
import type { ProcessMetrics } from './features/health/index.ts'

/** What the server is started with (config.ts reads it from the environment; tests set it directly). */
export interface AppOptions {
  /**
   * The site this server is, on a platform (siteHosts.ts): PostgreSQL rows are that site's only (row-level
   * security keyed by it). Unset: the single site (`DEFAULT_SITE`).
   */
  siteId?: string
  /** SITIOS_EN_MEMORIA: on a platform, how many sites' servers one process keeps started (siteAppCache.ts). */
  sitesInMemory?: number
  /** TRABAJOS_SIMULTANEOS: on a platform with PostgreSQL, jobs of each queue this process's worker runs at once (0: none). */
  jobConcurrency?: number
  /** One site of a platform: the process's metrics, which its series go into with `sitio` (features/health/metrics.ts). */
  platformMetrics?: ProcessMetrics
  /** The process's logger, shared by the sites of a platform (each gets a child marked with its id). */
  loggerInstance?: FastifyBaseLogger
  /** Folder of the SQLite file and the uploads (default ./data). */
  dataDir: string
  /**
   * DATABASE_URL (`postgres://…`): the filings, the office and its sessions live in PostgreSQL,
   * shared by every server process; the uploads stay in dataDir, which those processes must share.
   */
  databaseUrl?: string
  /** The pre-rendered site (dist/client). */
  clientDir: string
  /** Folder of `npm run publicar`'s builds; when it holds a pointer, the site is served from the build it names. */
  releasesDir?: string
  /** With DATABASE_URL and releasesDir: how often, at most, the database's pointer is looked at (default releaseFollow.ts RELEASE_CHECK_MS; tests shorten it). */
  releaseCheckMs?: number
  /** A platform process: V8's memory-saving mode (memorySaving.ts), PLATAFORMA_AHORRO_MEMORIA=si; off by default. */
  memorySaving?: boolean
  /** PUBLICACIONES_SEGUIR_BASE=no: serve this disk's releases without following the database's pointer (a server started aside to check new code). */
  followDatabaseReleases?: boolean
  /** Manifest folder; default from MANIFEST_DIR or ./manifest. */
  manifestDir?: string
  /** POSTs allowed per client address and window (default 20 per minute). */
  rateLimitMax?: number
  rateLimitWindowMs?: number
  /** SMTP URL and office address for new-filing e-mails; both needed to send. */
  smtpUrl?: string
  notifyTo?: string
  notifyFrom?: string
  logLevel?: string
  /** LOG_FILE: the log goes to this file, rotated daily (see logging.ts). */
  logFile?: string
  /** LOG_DIAS: rotated log files kept. */
  logKeepDays?: number
  /** The log's destination instead of standard output (without logFile): `npm run dev` keeps it out of the staff's terminal. */
  logStream?: { write(line: string): void }
  /**
   * Fastify trustProxy: the reverse proxy's address(es) or the number of proxies in front
   * (see config.ts: TRUST_PROXY=true means one proxy, never "trust every X-Forwarded-For").
   */
  trustProxy?: string | number | false
  /** Staff session lifetimes (tests shorten them). */
  officeSession?: Partial<SessionPolicy>
  /** GETs of the no-script confirmation page per address and minute (default 30). */
  lookupRateLimitMax?: number
  /** Tracking lookups (/api/consulta, /pqrsd/consulta) per address and window; default the smaller of 10 and rateLimitMax. */
  trackingRateLimitMax?: number
  /** Window of the tracking limit (default 10 minutes). */
  trackingRateLimitWindowMs?: number
  /** Time to receive a whole JSON or url-encoded body (default 30 s). */
  bodyTimeoutMs?: number
  /** Time to receive a whole upload, sized for 10 MB on a slow line (default 300 s: about 280 kbit/s). */
  uploadTimeoutMs?: number
  /** Longest wait for pending office e-mails when the server stops (default 5 s). */
  shutdownMailWaitMs?: number
  /** SQLite: longest wait of a filing for another process's lock (default sqlite.ts BUSY_GIVE_UP_MS; tests shorten it). */
  storeBusyGiveUpMs?: number
  /** OFICINA_2FA=admin: admin accounts must sign in with their second factor. */
  office2fa?: 'admin'
  /** DATABASE_ALLOW_OWNER=1: start even when DATABASE_URL's role owns the tables or is a superuser (see store/pgRoles.ts). */
  allowDatabaseOwner?: boolean
  /** METRICAS_PERMITIDAS: addresses and subnets allowed to read /metricas (default loopback). */
  metricsAllowed?: string
  /** SALUD_DISCO_MIN_MB: below this free space in DATA_DIR, /salud/detalle answers 503. */
  minFreeMb?: number
  /** RESPALDO_HORA, RESPALDO_DESTINO, RESPALDO_CONSERVAR: the server's own daily backup (absent: none). */
  backup?: BackupSchedule
  /**
   * The clock every dated decision reads: a filing's receipt and number, its term, «vencida», tracking, the
   * report's period (default the system clock). Tests set it to the day they assert about; production never does.
   */
  now?: () => Date
}
