import type { FastifyInstance } from 'fastify'
import { loadPlatform } from '../manifest/platform.ts'
import { formatProblem } from '../manifest/problem.ts'
import { buildApp } from './app.ts'
import { configFromEnv, exposureWarning, type ServerConfig } from './config.ts'
import { pointedCode } from './releases.ts'
import { buildHostsServer } from './siteHosts.ts'

/** Longest a SIGTERM/SIGINT may take before the process exits anyway. */
export const SHUTDOWN_LIMIT_MS = 10_000
/**
 * Exit status that asks the supervisor for a restart because `npm run actualizar` switched to new code
 * (systemd: RestartForceExitStatus=75 and SuccessExitStatus=75 in despliegue/sitio-hospital.service).
 */
export const RESTART_FOR_UPDATE_EXIT = 75
/** How often the pointer is checked for new code (a stat and, when it changed, a small JSON read). */
const CODE_CHECK_MS = 2_000

/**
 * The server: one site (no platform configuration, as always), or every site of plataforma.yaml by its host
 * (siteHosts.ts). A configuration with errors stops the start, with its file:line:col.
 */
async function buildServer(config: ServerConfig): Promise<FastifyInstance> {
  const { platform, problems } = loadPlatform()
  if (problems.length > 0) throw new Error(`la configuración de la plataforma tiene errores:\n${problems.map(formatProblem).join('\n')}`)
  return platform ? buildHostsServer(config, platform) : buildApp(config)
}

/** Builds and starts the server, and closes it cleanly on SIGINT/SIGTERM. Returns the address. */
export async function startServer(config: ServerConfig = configFromEnv()): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildServer(config)
  const warning = exposureWarning(config.host, config.trustProxy)
  if (warning) app.log.warn(warning)
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  // The first lines an operator reads: which program, which site, where filings go, whether mail leaves, where it listens.
  app.log.info({ ...app.startupFacts(), direccion: url }, `servidor iniciado en ${url}`)
  let closing = false
  const stop = (signal: string, exitCode = 0) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: cerrando el servidor`)
    // Whatever happens, the process ends within a bounded time (a stuck connection or e-mail cannot hold it).
    setTimeout(() => {
      app.log.warn('el cierre tardó demasiado; se termina el proceso')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    app.close().then(
      () => process.exit(exitCode),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  if (config.releasesDir) watchCode(app, config.releasesDir, !!config.supervised, () => stop('código nuevo', RESTART_FOR_UPDATE_EXIT))
  return { app, url }
}

/**
 * `npm run actualizar` names the commit the service must run in the release pointer once the new code passed
 * its health check. This process loaded its code when it started: under a supervisor it ends (finishing the
 * requests in progress) so that the supervisor starts the new code; run by hand it only says so.
 */
function watchCode(app: FastifyInstance, releasesDir: string, supervised: boolean, restart: () => void): void {
  const started = pointedCode(releasesDir)
  let told = false
  const timer = setInterval(() => {
    const now = pointedCode(releasesDir)
    if (!now || now === started) return
    if (supervised) {
      clearInterval(timer)
      app.log.info({ codigo: now }, 'npm run actualizar instaló código nuevo: el servidor se reinicia para usarlo')
      restart()
    } else if (!told) {
      told = true
      app.log.warn({ codigo: now }, 'npm run actualizar instaló código nuevo: reinicie el servidor para usarlo (SERVICIO_SUPERVISADO no está definido)')
    }
  }, CODE_CHECK_MS)
  timer.unref()
  // Hooks cannot be added once the server listens: the HTTP server's own close event ends the checks.
  app.server.once('close', () => clearInterval(timer))
}
