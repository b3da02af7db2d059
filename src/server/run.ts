import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { configFromEnv, type ServerConfig } from './config.ts'

/** Builds and starts the server, and closes it cleanly on SIGINT/SIGTERM. Returns the address. */
export async function startServer(config: ServerConfig = configFromEnv()): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp(config)
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: cerrando el servidor`)
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  return { app, url }
}
