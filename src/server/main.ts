/**
 * Entry point: `node --import tsx src/server/main.ts`.
 * Environment: PORT (3000), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (unset: SQLite in DATA_DIR;
 * postgres://… : PostgreSQL), BUILD_OUT_DIR (dist),
 * SMTP_URL + NOTIFY_TO (optional e-mail to the office), RATE_LIMIT_MAX (20 POSTs per minute
 * and address), LOG_LEVEL (info), TRUST_PROXY (off), MANIFEST_DIR (./manifest).
 */
import { startServer } from './run.ts'

try {
  // The start-up log line says the address (run.ts): standard output carries only JSON lines.
  await startServer()
} catch (error) {
  console.error(`No fue posible iniciar el servidor: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
