/**
 * Daily backups as jobs (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»): at RESPALDO_HORA each node's
 * timer sends one job per site for the Colombian day, keyed `<site>:<day>` on an exclusive queue, so the jobs of
 * several nodes' timers collapse into one while it waits or runs; whichever worker takes it makes the backup. The
 * day's row in `respaldos_diarios` (dailyClaim.ts) stays the once-per-day guarantee and the record: a job sent after
 * the day's backup finished finds the row with its outcome and skips; the retry of a job whose worker died takes
 * over the row its dead attempt left unfinished.
 */
import type { PgBoss } from 'pg-boss'
import { BACKUP_QUEUE } from './queue.ts'

export interface BackupJobData {
  sitio: string
  /** The Colombian day (AAAA-MM-DD) the backup is for. */
  dia: string
}

/** The job's key: one job per site and day waiting or running at a time. */
export const backupJobKey = (job: BackupJobData) => `${job.sitio}:${job.dia}`

/** Sends the day's backup job of every site; returns how many went in (the others were already waiting or running). */
export async function sendDailyBackups(boss: PgBoss, sites: readonly string[], day: string): Promise<number> {
  let sent = 0
  for (const sitio of sites) {
    const data: BackupJobData = { sitio, dia: day }
    if (await boss.send(BACKUP_QUEUE, data, { singletonKey: backupJobKey(data) })) sent++
  }
  return sent
}
