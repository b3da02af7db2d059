/**
 * Backups built into the server (docs/decisions/backups.md): every day at RESPALDO_HORA the running server writes a
 * backup to RESPALDO_DESTINO, verifies it (verify.ts), keeps the last RESPALDO_CONSERVAR, records the
 * outcome in DATA_DIR/respaldo-estado.json (what /salud/detalle reports) and writes one log line. A failed
 * backup is an error line, never a crash: the server keeps receiving filings. The plugin also marks the
 * server as running in DATA_DIR (presence.ts), which `npm run restaurar` checks.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import lockfile from 'proper-lockfile'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { type BackupStatus, readBackupStatus, writeBackupStatus } from '../health/index.ts'
import { createBackup, DEFAULT_KEEP } from './archive.ts'
import { claimDay, recordDay } from './dailyClaim.ts'
import { markServer } from './presence.ts'
import { ensureBackupKey } from './signature.ts'
import { msUntilNext, parseBackupHour } from './schedule.ts'
import { verifyBackup } from './verify.ts'

export interface BackupSchedule {
  /** RESPALDO_HORA, «HH:MM» in Colombian time. */
  hour: string
  /** RESPALDO_DESTINO (default ./respaldos). */
  destination: string
  /** RESPALDO_CONSERVAR (default 14). */
  keep?: number
  /** RESPALDO_DESTINATARIO_AGE: archives encrypted to this age public key (encryption.ts). */
  recipient?: string
}

export interface BackupPluginOptions {
  dataDir: string
  databaseUrl?: string
  /** The site of a platform whose rows (PostgreSQL) are copied; unset, the single site's. */
  siteId?: string
  releasesDir?: string
  programVersion: string
  /** Absent: no daily backup by this process (the tests; an operator who set RESPALDO_HORA=no). */
  schedule?: BackupSchedule
  /** The clock (AppOptions.now): the day claimed, the archive's name, the status's time. */
  now?: () => Date
  /**
   * The day's claim left unfinished by an attempt that died is taken over (a backup job's retry: the queue runs one
   * attempt of a site's day at a time, jobs/backupJobs.ts); without it such a claim makes this node skip.
   */
  takeOverUnfinished?: boolean
}

export interface BackupRun {
  ok: boolean
  verified: boolean
  file?: string
  /** What was recorded in DATA_DIR/respaldo-estado.json. */
  status: BackupStatus
}

/** Makes and verifies one backup; records it in DATA_DIR and the log. Never throws. */
export async function backupAndVerify(options: BackupPluginOptions & { schedule: BackupSchedule }, log: FastifyBaseLogger): Promise<BackupRun> {
  const now = options.now ?? (() => new Date())
  try {
    const made = await createBackup({
      dataDir: options.dataDir,
      databaseUrl: options.databaseUrl,
      siteId: options.siteId,
      releasesDir: options.releasesDir,
      destination: options.schedule.destination,
      keep: options.schedule.keep ?? DEFAULT_KEEP,
      programVersion: options.programVersion,
      now: now(),
      recipient: options.schedule.recipient,
      verify: verifyBackup,
    })
    const check = made.verification ?? (await verifyBackup(made.file, ensureBackupKey(options.dataDir)))
    const archivo = path.basename(made.file)
    const status: BackupStatus = {
      fin: now().toISOString(),
      ok: true,
      verificado: check.ok,
      archivo,
      ...(check.ok ? {} : { error: `verificación: ${check.problems.join('; ')}` }),
    }
    writeBackupStatus(options.dataDir, status)
    // Counts and file names only: no row content reaches the log.
    const facts = {
      archivo,
      radicaciones: made.manifest.tablas.radicaciones ?? 0,
      adjuntos: made.manifest.adjuntos,
      verificado: check.ok,
      eliminados: made.removed.length,
    }
    if (check.ok) log.info(facts, 'respaldo diario hecho y verificado')
    else log.error({ ...facts, problemas: check.problems }, 'respaldo diario hecho, pero su verificación falló')
    return { ok: true, verified: check.ok, file: made.file, status }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const status: BackupStatus = { fin: now().toISOString(), ok: false, verificado: false, error: message }
    try {
      writeBackupStatus(options.dataDir, status)
    } catch {
      // DATA_DIR unwritable: the log line below still tells.
    }
    log.error({ error: message }, 'EL RESPALDO DIARIO FALLÓ')
    return { ok: false, verified: false, status }
  }
}

/** A backup finished this recently (by another server sharing DATA_DIR, or by hand) makes the daily one unnecessary. */
export const RECENT_BACKUP_MS = 60 * 60_000

/**
 * The daily run. Server processes sharing DATA_DIR all have the same RESPALDO_HORA: one makes the backup (a lock in
 * DATA_DIR, taken over if its holder died), the others see it held, or see the backup just made in the status file,
 * and skip. With PostgreSQL, nodes on other machines (their own DATA_DIR) share only the database: the site's day is
 * claimed there first (dailyClaim.ts), and a node that finds it claimed skips.
 */
export async function dailyBackup(options: BackupPluginOptions & { schedule: BackupSchedule }, log: FastifyBaseLogger): Promise<BackupRun | undefined> {
  const target = path.join(options.dataDir, 'respaldo-diario.lock')
  const now = (options.now ?? (() => new Date()))()
  let release: () => Promise<void>
  try {
    // A platform site on PostgreSQL may have no data folder yet (nothing received on this node): its lock still holds.
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    fs.closeSync(fs.openSync(target, 'a'))
    release = await lockfile.lock(target, { realpath: false, stale: 60_000, update: 10_000 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      log.info('respaldo diario: otro servidor que comparte DATA_DIR lo está haciendo')
      return undefined
    }
    // No lock possible (DATA_DIR unwritable…): try anyway; a failure is reported like any other.
    return claimedBackup(options, colombiaDay(now), now, log)
  }
  try {
    const last = readBackupStatus(options.dataDir)
    if (last?.ok && now.getTime() - Date.parse(last.fin) < RECENT_BACKUP_MS) {
      log.info({ archivo: last.archivo }, 'respaldo diario: ya hay uno de hace menos de una hora')
      return undefined
    }
    return await claimedBackup(options, colombiaDay(now), now, log)
  } finally {
    await release().catch(() => undefined)
  }
}

/**
 * With PostgreSQL, the backup of a day this node claimed, its outcome recorded on the claim; undefined when another
 * node had claimed it. A claim that cannot be made (database unreachable) does not stop the attempt: the backup then
 * fails and says so, or succeeds; two archives of one day are better than none.
 */
async function claimedBackup(options: BackupPluginOptions & { schedule: BackupSchedule }, day: string, now: Date, log: FastifyBaseLogger) {
  const url = options.databaseUrl
  if (!url) return backupAndVerify(options, log)
  let claimed: boolean | undefined
  try {
    claimed = await claimDay(url, options.siteId, day, now, options.takeOverUnfinished === true)
  } catch (error) {
    log.error({ error: error instanceof Error ? error.message : String(error) }, 'respaldo diario: no se pudo reservar el día en la base de datos')
  }
  if (claimed === false) {
    log.info({ dia: day }, 'respaldo diario: otro nodo ya lo hizo o lo está haciendo hoy')
    return undefined
  }
  const run = await backupAndVerify(options, log)
  if (claimed)
    await recordDay(url, options.siteId, day, run.status).catch((error: unknown) =>
      log.error({ error: error instanceof Error ? error.message : String(error) }, 'respaldo diario: no se pudo anotar el resultado en la base de datos'),
    )
  return run
}

export async function backupPlugin(app: FastifyInstance, options: BackupPluginOptions): Promise<void> {
  const presence = markServer(options.dataDir)
  // The key that signs this installation's backups is made at the first start (the guide: keep a copy apart).
  ensureBackupKey(options.dataDir)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let closed = false
  const schedule = options.schedule
  if (schedule) {
    const hourMs = parseBackupHour(schedule.hour)
    const arm = () => {
      if (closed) return
      timer = setTimeout(() => {
        running = dailyBackup({ ...options, schedule }, app.log).finally(() => {
          running = undefined
          arm()
        })
      }, msUntilNext(hourMs))
      // The schedule alone must not keep the process alive.
      timer.unref()
    }
    arm()
    app.log.debug({ hora: schedule.hour }, 'respaldo diario programado')
  }
  app.addHook('onClose', async () => {
    closed = true
    if (timer) clearTimeout(timer)
    // A backup under way finishes (its archive is renamed only when complete either way).
    await running
    presence.stop()
  })
}
