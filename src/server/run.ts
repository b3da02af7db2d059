import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { configFromEnv, exposureWarning, type ServerConfig } from './config.ts'

/** Longest a SIGTERM/SIGINT may take before the process exits anyway. */
export const SHUTDOWN_LIMIT_MS = 10_000

/** Builds and starts the server, and closes it cleanly on SIGINT/SIGTERM. Returns the address. */
export async function startServer(config: ServerConfig = configFromEnv()): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(config)
  const warning = exposureWarning(config.host, config.trustProxy)
  if (warning) app.log.warn(warning)
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  // The first lines an operator reads: which program, which site, where filings go, whether mail leaves, where it listens.
  app.log.info({ ...app.startupFacts(), direccion: url }, `servidor iniciado en ${url}`)
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: cerrando el servidor`)
    // Whatever happens, the process ends within a bounded time (a stuck connection or e-mail cannot hold it).
    setTimeout(() => {
      app.log.warn('el cierre tardó demasiado; se termina el proceso')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  return { app, url }
}
