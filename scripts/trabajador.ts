/**
 * `npm run trabajador`: a worker of the platform's job queue alone, without serving (src/server/jobs/worker.ts): it
 * takes site publications (and, with RESPALDO_HORA, nothing else: daily backups are taken by the servers, which know
 * their sites' data folders). Needs DATABASE_URL on PostgreSQL and plataforma.yaml; TRABAJOS_SIMULTANEOS (1) jobs at once.
 * Ends on SIGINT/SIGTERM after the jobs under way (at most ten seconds; a job cut short is retried by another worker).
 */
import pino from 'pino'
import { jobConcurrencyFromEnv } from '../src/server/jobs/concurrency.ts'
import { startJobWorker } from '../src/server/jobs/worker.ts'
import { isPostgresUrl } from '../src/server/store/postgres.ts'

const databaseUrl = process.env.DATABASE_URL ?? ''
if (!isPostgresUrl(databaseUrl)) {
  console.error('npm run trabajador es para una plataforma con PostgreSQL: defina DATABASE_URL (postgres://…) como la del servidor.')
  process.exit(2)
}
let concurrency = 1
try {
  concurrency = Math.max(1, jobConcurrencyFromEnv())
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const log = pino({ level: process.env.LOG_LEVEL || 'info' })
const worker = await startJobWorker(databaseUrl, { concurrency, log })
log.info({ simultaneos: concurrency }, 'trabajador en marcha: toma las publicaciones de la cola')
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log.info(`${signal}: el trabajador termina los trabajos en curso`)
    worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
