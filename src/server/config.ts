import path from 'node:path'
import type { AppOptions } from './app.ts'
import { releasesDirFromEnv } from './releases.ts'

export interface ServerConfig extends AppOptions {
  port: number
  host: string
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

/** Environment → server settings. Every variable is optional. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const trust = env.TRUST_PROXY
  return {
    port: positiveInt(env.PORT, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    clientDir: clientDirFromEnv(env),
    releasesDir: releasesDirFromEnv(env),
    manifestDir: env.MANIFEST_DIR ? path.resolve(env.MANIFEST_DIR) : undefined,
    rateLimitMax: positiveInt(env.RATE_LIMIT_MAX, 'RATE_LIMIT_MAX', 20),
    smtpUrl: env.SMTP_URL || undefined,
    notifyTo: env.NOTIFY_TO || undefined,
    notifyFrom: env.NOTIFY_FROM || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trust === undefined || trust === '' ? false : trust === 'true' ? true : trust,
  }
}
