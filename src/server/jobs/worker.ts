/**
 * A node's worker on the platform's job queue (queue.ts): takes publish and backup jobs, `concurrency` at a time per
 * queue (TRABAJOS_SIMULTANEOS, default 1: a site's build is one busy process, and the node also serves requests).
 * Every platform server on PostgreSQL runs one (siteHosts.ts); `npm run trabajador` runs one alone.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import { BACKUP_QUEUE, HEARTBEAT_SECONDS, openQueue, POLL_SECONDS, PUBLISH_QUEUE } from './queue.ts'
import { canPublish, type PublishJobData, type PublishJobOutput, runPublishCommand } from './publishJob.ts'
import type { BackupJobData } from './backupJobs.ts'

export interface WorkerOptions {
  concurrency: number
  log: FastifyBaseLogger
  /** A site's publication (default: the publish command in a child process, publishJob.ts). */
  publish?: (site: string) => Promise<PublishJobOutput>
  /** A site's daily backup; without it this worker takes no backup jobs. */
  backUp?: (job: BackupJobData) => Promise<void>
}

const pollOptions = (concurrency: number) => ({
  localConcurrency: concurrency,
  pollingIntervalSeconds: POLL_SECONDS,
  heartbeatRefreshSeconds: HEARTBEAT_SECONDS / 2,
})

/** Registers the worker's handlers on a started queue opened with its supervisor (openQueue(url, true)). */
export async function registerJobHandlers(boss: PgBoss, options: WorkerOptions): Promise<void> {
  const { log } = options
  const publish = options.publish ?? (canPublish() ? (site: string) => runPublishCommand(site) : undefined)
  if (publish) await registerPublish(boss, options.concurrency, publish, log)
  else log.info('trabajos: este nodo no toma publicaciones (instalado desde un paquete, sin herramientas de compilación)')
  const backUp = options.backUp
  if (backUp)
    await boss.work<BackupJobData>(BACKUP_QUEUE, pollOptions(options.concurrency), async ([job]) => {
      await backUp(job!.data)
    })
}

async function registerPublish(boss: PgBoss, concurrency: number, publish: (site: string) => Promise<PublishJobOutput>, log: FastifyBaseLogger) {
  await boss.work<PublishJobData, PublishJobOutput>(PUBLISH_QUEUE, pollOptions(concurrency), async ([job]) => {
    const { sitio } = job!.data
    log.info({ sitio, trabajo: job!.id }, 'trabajo: publicar el sitio')
    try {
      const out = await publish(sitio)
      log.info({ sitio, trabajo: job!.id }, 'trabajo: sitio publicado')
      return out
    } catch (error) {
      log.error({ sitio, trabajo: job!.id }, 'trabajo: la publicación falló')
      throw error
    }
  })
}

/** A worker alone (`npm run trabajador`): its own queue connection, stopped by `stop` (jobs under way finish first). */
export async function startJobWorker(databaseUrl: string, options: WorkerOptions): Promise<{ stop(timeoutMs?: number): Promise<void> }> {
  const boss = openQueue(databaseUrl, true)
  boss.on('error', error => options.log.warn({ error: error.message }, 'cola de trabajos: error de fondo (se reintenta)'))
  await boss.start()
  await registerJobHandlers(boss, options)
  return {
    async stop(timeoutMs = 10_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs })
    },
  }
}
