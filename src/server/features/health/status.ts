/**
 * What the server knows about its own operation, for /salud/detalle and the log: the last e-mail's outcome
 * (kept in memory: it belongs to this process) and the last backup (a file in DATA_DIR, because backups are
 * also made by `npm run respaldo` from another process).
 */
import fs from 'node:fs'
import path from 'node:path'

export const BACKUP_STATUS_FILE = 'respaldo-estado.json'

export interface BackupStatus {
  /** When the last backup attempt ended (ISO 8601). */
  fin: string
  /** Whether it produced an archive. */
  ok: boolean
  /** Whether that archive was restored into a temporary place and matched (counts and checksums). */
  verificado: boolean
  /** Archive file name (no folder: the destination may be a path the public must not learn). */
  archivo?: string
  /** Spanish reason of a failure (no personal data: paths and database errors only). */
  error?: string
}

export function readBackupStatus(dataDir: string): BackupStatus | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(path.join(dataDir, BACKUP_STATUS_FILE), 'utf8')) as Partial<BackupStatus>
    if (typeof data.fin !== 'string' || typeof data.ok !== 'boolean') return undefined
    return { fin: data.fin, ok: data.ok, verificado: data.verificado === true, archivo: data.archivo, error: data.error }
  } catch {
    return undefined
  }
}

/** Written with a rename: a reader sees the old or the new status, never half of one. */
export function writeBackupStatus(dataDir: string, status: BackupStatus): void {
  const file = path.join(dataDir, BACKUP_STATUS_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  // A platform site on PostgreSQL may have no data folder yet (no attachment, no server start): its backup still records.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  fs.writeFileSync(tmp, `${JSON.stringify(status, null, 2)}\n`)
  fs.renameSync(tmp, file)
}

export interface MailStatus {
  configured: boolean
  last?: { at: string; sent: boolean }
}

/** The notifier reports each e-mail's outcome here (see notify.ts `onOutcome`). */
export function createMailStatus(configured: boolean): MailStatus & { record(sent: boolean): void } {
  const status: MailStatus & { record(sent: boolean): void } = {
    configured,
    record(sent) {
      status.last = { at: new Date().toISOString(), sent }
    },
  }
  return status
}
