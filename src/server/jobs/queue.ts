/**
 * The platform's job queue on PostgreSQL (pg-boss; docs/decisions/platform.md, «Jobs on a PostgreSQL queue»): site
 * publications and daily backups are jobs that any node's worker may take. A worker proves it is alive with a
 * heartbeat every few seconds while it holds a job; when it stops (the process killed, the machine gone), any other
 * worker's supervisor fails that attempt and the job goes back to the queue, to be retried at most JOB_ATTEMPTS times
 * in all. The queue's tables live in their own schema (`trabajos`), created and migrated by the owner's role
 * (`npm run -s bd:preparar`); the server's role only reads and writes their rows (grantQueueRights).
 */
import { PgBoss, type Queue } from 'pg-boss'
import type pg from 'pg'

/** The schema of the queue's tables, apart from the site tables in `public`. */
export const JOBS_SCHEMA = 'trabajos'

/** A site's publication: `npm run publicar -- --sitio <id>` run by a worker (publishJob.ts). */
export const PUBLISH_QUEUE = 'publicar-sitio'
/** A site's daily backup (backupJobs.ts). */
export const BACKUP_QUEUE = 'respaldo-diario'

/** Attempts a job gets in all (the first and its retries) before it fails for good. */
export const JOB_ATTEMPTS = 3
/**
 * How often a worker must say it still holds a job, in seconds (pg-boss's minimum, 10): a job whose worker went
 * silent this long is failed and retried by whichever worker's supervisor looks next.
 */
export const HEARTBEAT_SECONDS = 10
/** How often each worker's supervisor looks for silent or expired jobs, in seconds. */
export const SUPERVISE_SECONDS = 5
/** How often an idle worker asks for a job, in seconds (LISTEN/NOTIFY usually wakes it sooner). */
export const POLL_SECONDS = 2
/**
 * The documented bound between a worker's death and another worker starting the job again: a heartbeat missed
 * (HEARTBEAT_SECONDS) plus a supervisor pass (SUPERVISE_SECONDS) plus an idle worker's poll (POLL_SECONDS), with room.
 */
export const RETRY_WITHIN_SECONDS = 30
/** Connections the queue keeps per process: 4 nodes × (20 pool + 1 presence + 2 queue) = 92 < 100 (sharedPool.ts). */
export const QUEUE_CONNECTIONS = 2

/**
 * Each queue's policy. `exclusive`: at most one job per key (the site, or the site and day) waiting or running, so
 * two `publicar --todos` or two nodes' backup timers never run one site's job twice at once. A live worker whose job
 * runs past `expireInSeconds` (a hung build, a hung dump) has it failed and retried too.
 */
export const QUEUES: Record<string, Omit<Queue, 'name'>> = {
  [PUBLISH_QUEUE]: { policy: 'exclusive', retryLimit: JOB_ATTEMPTS - 1, retryDelay: 0, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 30 * 60 },
  [BACKUP_QUEUE]: { policy: 'exclusive', retryLimit: JOB_ATTEMPTS - 1, retryDelay: 60, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 2 * 60 * 60 },
}

/**
 * The queue as the server's role uses it: no DDL (no schema creation, no migration, no index rebuild, which need
 * the owner), the supervisor on when `supervise` (workers) and off for a process that only sends and waits.
 */
export function openQueue(databaseUrl: string, supervise: boolean): PgBoss {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    max: QUEUE_CONNECTIONS,
    application_name: 'radicacion-trabajos',
    migrate: false,
    createSchema: false,
    supervise,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    schedule: false,
    reindex: false,
    monitorVacuum: false,
    persistWarnings: false,
  })
  // pg-boss reports its background errors (a lost connection, a failed supervisor pass) as events; without a
  // listener an 'error' event would end the process. They are retried on the next pass.
  boss.on('error', () => undefined)
  return boss
}

/**
 * Creates or migrates the queue's schema and its queues as the owner (`npm run -s bd:preparar`), then grants the
 * server's role what the queue needs of it: USAGE on the schema, the rows of its tables, its sequences and functions.
 * No CREATE and no ownership: the server cannot change the tables (the rights of docs/decisions/store.md).
 */
export async function prepareQueue(ownerUrl: string, client: pg.ClientBase, runtimeRole: string): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: JOBS_SCHEMA, max: 1, supervise: false, schedule: false, registerInstance: false })
  boss.on('error', () => undefined)
  await boss.start()
  try {
    for (const [name, options] of Object.entries(QUEUES)) {
      if (await boss.getQueue(name)) await boss.updateQueue(name, withoutFixed(options))
      else await boss.createQueue(name, options)
    }
  } finally {
    await boss.stop({ graceful: false })
  }
  await grantQueueRights(client, runtimeRole)
}

/** Options a queue keeps from its creation (pg-boss refuses to change them). */
function withoutFixed(options: Omit<Queue, 'name'>) {
  const { policy: _policy, heartbeatSeconds, ...rest } = options
  return { ...rest, heartbeatSeconds }
}

/** The server role's rights on the queue's schema (run by the owner; the role name was checked by grantRuntimeRole). */
export async function grantQueueRights(client: pg.ClientBase, role: string): Promise<void> {
  for (const statement of [
    `GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${role}`,
    `REVOKE CREATE ON SCHEMA ${JOBS_SCHEMA} FROM ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOBS_SCHEMA} TO ${role}`,
    `REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA ${JOBS_SCHEMA} FROM ${role}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${JOBS_SCHEMA} TO ${role}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${JOBS_SCHEMA} TO ${role}`,
  ])
    await client.query(statement)
}
