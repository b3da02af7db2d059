/**
 * A platform server's part of the job queue (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»): on PostgreSQL,
 * the process runs a worker (TRABAJOS_SIMULTANEOS jobs of each queue at once, 0: none) and its backup timer sends the
 * day's backup jobs instead of making the backups itself. A database whose queue was never installed (`npm run -s
 * bd:preparar` not run since the update) keeps the timer making the backups here, and says so in the log.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PlatformSite } from '../../manifest/platform.ts'
import { colombiaDay } from '../../filings/businessDays.ts'
import type { BackupJobData } from './backupJobs.ts'
import { sendDailyBackups } from './backupJobs.ts'
import { BACKUP_QUEUE, openQueue } from './queue.ts'
import { registerJobHandlers } from './worker.ts'

export interface PlatformJobs {
  /** Sends every site's backup job for the day of `now` (the node's timer at RESPALDO_HORA). */
  sendBackups(now: Date): Promise<void>
  stop(): Promise<void>
}

export interface PlatformJobOptions {
  databaseUrl: string
  concurrency: number
  sites: readonly PlatformSite[]
  log: FastifyBaseLogger
  /** Makes one site's daily backup (siteHosts.ts); undefined: this node takes no backup jobs (RESPALDO_HORA=no). */
  backUp?: (site: PlatformSite, job: BackupJobData) => Promise<void>
}

/** The queue's part of the server, or undefined when the database has no queue installed (told in the log). */
export async function startPlatformJobs(options: PlatformJobOptions): Promise<PlatformJobs | undefined> {
  const { log, sites } = options
  const byId = new Map(sites.map(s => [s.id, s]))
  // One queue connection set for sending and working; its supervisor runs only where a worker does.
  const boss = openQueue(options.databaseUrl, options.concurrency > 0)
  try {
    await boss.start()
    if (!(await boss.getQueue(BACKUP_QUEUE))) throw new Error('la cola no tiene sus colas creadas')
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined)
    log.error(
      { error: error instanceof Error ? error.message : String(error) },
      'COLA DE TRABAJOS NO DISPONIBLE: ejecute «npm run -s bd:preparar» con la cuenta dueña; mientras tanto este nodo hace los respaldos diarios por su cuenta y no toma publicaciones',
    )
    return undefined
  }
  const backUp = options.backUp
  boss.on('error', error => log.warn({ error: error.message }, 'cola de trabajos: error de fondo (se reintenta)'))
  if (options.concurrency > 0)
    await registerJobHandlers(boss, {
      concurrency: options.concurrency,
      log,
      ...(backUp && {
        backUp: async (job: BackupJobData) => {
          const site = byId.get(job.sitio)
          // A site this node does not list (its plataforma.yaml is behind another's): a failure, retried elsewhere.
          if (!site) throw new Error(`este nodo no tiene el sitio «${job.sitio}» en su plataforma.yaml`)
          await backUp(site, job)
        },
      }),
    })
  return {
    async sendBackups(now) {
      const day = colombiaDay(now)
      const sent = await sendDailyBackups(
        boss,
        sites.map(s => s.id),
        day,
      )
      log.info({ dia: day, enviados: sent, sitios: sites.length }, 'respaldo diario: trabajos enviados a la cola')
    },
    async stop() {
      // Jobs under way finish first (at most ten seconds: the server's own shutdown limit), or are retried elsewhere.
      await boss.stop({ graceful: true, timeout: 9_000 }).catch(() => undefined)
    },
  }
}
