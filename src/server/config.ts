import path from 'node:path'
import type { AppOptions } from './appOptions.ts'
import { releasesDirFromEnv } from './releases.ts'
import type { BackupSchedule } from './features/backup/index.ts'
import { parseBackupHour } from './features/backup/schedule.ts'
import { DEFAULT_SITES_IN_MEMORY } from './siteAppCache.ts'
import { jobConcurrencyFromEnv } from './jobs/concurrency.ts'

export interface ServerConfig extends AppOptions {
  port: number
  host: string
  /** SERVICIO_SUPERVISADO=1: a supervisor (systemd, the Windows service) restarts the process when it exits. */
  supervised?: boolean
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} debe ser un número entero (recibido «${value}»).`)
  return n
}

/** Folder of the pre-rendered site: BUILD_OUT_DIR (default dist) + /client, as the build writes it. */
export function clientDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.BUILD_OUT_DIR ?? 'dist', 'client')
}

/**
 * TRUST_PROXY → who may state the client's address in X-Forwarded-For.
 * An address, a subnet or a list (`127.0.0.1`, `10.0.0.0/8,::1`) trusts only
 * those proxies; a number trusts that many hops. `true` is read as one proxy
 * (the nearest): trusting every hop would let anyone pick their own address
 * by sending X-Forwarded-For and escape the rate limit (docs/decisions/server-structure.md).
 */
export function trustProxyFromEnv(value: string | undefined): string | number | false {
  const v = (value ?? '').trim()
  if (v === '' || v === 'false' || v === '0') return false
  if (v === 'true') return 1
  if (/^[0-9]+$/.test(v)) return Number(v)
  return v
}

/** 127.0.0.0/8, ::1 (also written as an IPv4-mapped address) and the name localhost: reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

/**
 * The warning printed at start when the server listens where other machines
 * reach it and no proxy is trusted (docs/decisions/server-structure.md): then X-Forwarded-Proto is
 * ignored, so the office cookie is never marked Secure behind an HTTPS proxy,
 * and every client seems to be the proxy (one rate limit and one sign-in lock
 * for everybody). Undefined when there is nothing to warn about.
 */
export function exposureWarning(host: string, trustProxy: string | number | false | undefined): string | undefined {
  if (isLoopbackHost(host) || (trustProxy !== undefined && trustProxy !== false)) return undefined
  return (
    `ATENCIÓN: el servidor escucha en ${host}, una dirección que otros equipos alcanzan, y TRUST_PROXY no está definido. ` +
    'Si un proxy (Caddy, nginx) atiende HTTPS delante de este servidor, defina TRUST_PROXY con la dirección del proxy: sin ella la cookie de la oficina no se marca Secure ' +
    'y todas las solicitudes parecen venir del proxy (un solo límite de envíos y de intentos de ingreso para todos). ' +
    'Si no hay proxy, haga que el servidor escuche solo en 127.0.0.1 (HOST) y publique el sitio por HTTPS a través de uno.'
  )
}

/**
 * PLATAFORMA_AHORRO_MEMORIA: «si» (or «sí», as a Spanish keyboard writes it) turns V8's memory-saving mode on; unset,
 * empty or «no» leaves it off. Anything else stops the start: a mistyped «yes» must not leave the operator believing
 * the mode is on.
 */
function memorySavingFromEnv(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase()
  if (v === '' || v === 'no') return false
  if (v === 'si' || v === 'sí') return true
  throw new Error(`PLATAFORMA_AHORRO_MEMORIA admite «si» o «no» (recibido «${value}»).`)
}

function office2fa(value: string | undefined): 'admin' | undefined {
  if (value === undefined || value === '' || value === 'no') return undefined
  if (value === 'admin') return 'admin'
  throw new Error(`OFICINA_2FA admite «admin» (recibido «${value}»).`)
}

/**
 * RESPALDO_HORA (default 02:00, Colombian time; «no» turns the server's own daily backup off),
 * RESPALDO_DESTINO (default DATA_DIR/respaldos: the service may always write there; put it on another disk),
 * RESPALDO_CONSERVAR (default 14 archives), RESPALDO_DESTINATARIO_AGE (an age public key: archives encrypted to it).
 */
export function backupScheduleFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSchedule | undefined {
  const hour = (env.RESPALDO_HORA ?? '').trim() || '02:00'
  if (hour === 'no') return undefined
  parseBackupHour(hour)
  return {
    hour,
    destination: backupDestinationFromEnv(env),
    keep: positiveInt(env.RESPALDO_CONSERVAR, 'RESPALDO_CONSERVAR', 14) || 1,
    recipient: env.RESPALDO_DESTINATARIO_AGE?.trim() || undefined,
  }
}

export function backupDestinationFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.RESPALDO_DESTINO || path.join(env.DATA_DIR || './data', 'respaldos'))
}

/** Environment → server settings. Every variable is optional. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt(env.PORT, 'PORT', 3000),
    supervised: env.SERVICIO_SUPERVISADO === '1',
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: clientDirFromEnv(env),
    releasesDir: releasesDirFromEnv(env),
    followDatabaseReleases: env.PUBLICACIONES_SEGUIR_BASE !== 'no',
    manifestDir: env.MANIFEST_DIR ? path.resolve(env.MANIFEST_DIR) : undefined,
    rateLimitMax: positiveInt(env.RATE_LIMIT_MAX, 'RATE_LIMIT_MAX', 20),
    trackingRateLimitMax: env.CONSULTA_RATE_LIMIT_MAX ? positiveInt(env.CONSULTA_RATE_LIMIT_MAX, 'CONSULTA_RATE_LIMIT_MAX', 10) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    notifyTo: env.NOTIFY_TO || undefined,
    notifyFrom: env.NOTIFY_FROM || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    logFile: env.LOG_FILE || undefined,
    logKeepDays: env.LOG_DIAS ? positiveInt(env.LOG_DIAS, 'LOG_DIAS', 30) : undefined,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    office2fa: office2fa(env.OFICINA_2FA),
    allowDatabaseOwner: env.DATABASE_ALLOW_OWNER === '1' || env.DATABASE_ALLOW_OWNER === 'true',
    metricsAllowed: env.METRICAS_PERMITIDAS || undefined,
    memorySaving: memorySavingFromEnv(env.PLATAFORMA_AHORRO_MEMORIA),
    sitesInMemory: env.SITIOS_EN_MEMORIA ? positiveInt(env.SITIOS_EN_MEMORIA, 'SITIOS_EN_MEMORIA', DEFAULT_SITES_IN_MEMORY) : undefined,
    backup: backupScheduleFromEnv(env),
    jobConcurrency: jobConcurrencyFromEnv(env),
    minFreeMb: env.SALUD_DISCO_MIN_MB ? positiveInt(env.SALUD_DISCO_MIN_MB, 'SALUD_DISCO_MIN_MB', 200) : undefined,
  }
}
