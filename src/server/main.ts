/**
 * Entry point: `node --import tsx src/server/main.ts`.
 * Environment: PORT (3000), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (unset: SQLite in DATA_DIR;
 * postgres://… : PostgreSQL), BUILD_OUT_DIR (dist),
 * SMTP_URL + NOTIFY_TO (optional e-mail to the office), RATE_LIMIT_MAX (20 POSTs per minute
 * and address), LOG_LEVEL (info), TRUST_PROXY (off), MANIFEST_DIR (./manifest).
 */
import { configFromEnv } from './config.ts'
import { releasesDirFromEnv } from './releases.ts'
import { recordStartFailure } from './startFailure.ts'

try {
  // The settings first (a wrong one fails before the server's modules load), then the server, imported here and not
  // at the top: a module that cannot load (a package missing after a failed npm ci) is a failed start too, and
  // leaves its note for `npm run actualizar` (startFailure.ts).
  const config = configFromEnv()
  const { startServer } = await import('./run.ts')
  // The start-up log line says the address (run.ts): standard output carries only JSON lines.
  await startServer(config)
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  recordStartFailure(releasesDirFromEnv(), reason)
  console.error(`No fue posible iniciar el servidor: ${reason}`)
  process.exit(1)
}
