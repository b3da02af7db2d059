/**
 * The platform operator's overview (docs/decisions/platform.md, «The operator's overview»): one row per site of
 * plataforma.yaml with its domains, the release it serves and its date, its last backup and whether it verified, its
 * open and overdue filings, and its health; and why a site stands out. `npm run sitio -- lista`, its CSV and the
 * operator's page all show these rows, so they cannot disagree.
 *
 * Everything is read from where the site's own server reads it (its releases pointer, the backup status file of its
 * data folder and, with PostgreSQL, the daily backups' record in the database, its store through a read-only connection), so the overview needs no running server and starts no
 * site's app: a platform of a thousand sites is read one site after another, a few at a time, each store closed
 * before the next opens. The overdue count is the gauges' (features/health: the one «vencida» rule of
 * src/filings/termStatus.ts); the health words are /salud/detalle's.
 */
import { mapAtMost } from './mapAtMost.ts'
import fs from 'node:fs'
import path from 'node:path'
import { colombiaDay } from '../filings/businessDays.ts'
import type { Platform, PlatformSite } from '../manifest/platform.ts'
import { type BackupStatus, countOpenAndOverdue, diskSufficient, freeMb, NO_RELEASE, type OpenAndOverdue, readBackupStatus } from './features/health/index.ts'
import { lastDailyRecord } from './features/backup/dailyClaim.ts'
import { POINTER_FILE, readPointer, RELEASE_INFO_FILE, servedRelease } from './releases.ts'
import { loadFilingForms } from './siteData.ts'
import { openFilingStore } from './store/open.ts'
import { DB_FILE } from './store/sqlite.ts'

/**
 * A backup older than this stands out: the daily backup runs every 24 hours, so past 26 one was missed. The same
 * limit as the `SinRespaldoReciente` alert (despliegue/prometheus/alertas.yml; a unit test holds the two together).
 */
export const BACKUP_MAX_AGE_HOURS = 26

export interface SiteOverview {
  id: string
  name: string
  domains: string[]
  /** The release served (as /salud/detalle names it) and when it was built; undefined when there is nothing to serve. */
  release?: { label: string; date?: string }
  /** The last backup's status file; undefined when the site never had one. */
  backup?: BackupStatus
  /** Open and overdue filings of every filing form; undefined when they could not be read (`health` says why). */
  filings?: OpenAndOverdue
  /** What keeps the site from receiving filings or serving pages, in Spanish; empty when it is healthy. */
  health: string[]
  /** Why the site stands out, in Spanish (backup, overdue filings, health); empty when nothing does. */
  attention: string[]
}

export interface OverviewOptions {
  /** DATABASE_URL: the sites' rows in PostgreSQL (each read through a connection of its own site). */
  databaseUrl?: string
  /** The clock (AppOptions.now): which filings are overdue, how old a backup is. */
  now?: () => Date
  /** SALUD_DISCO_MIN_MB, as the server's. */
  minFreeMb?: number
}

/** Sites read at once: enough to hide a database's latency, few enough for a stock `max_connections`. */
const SITES_AT_ONCE = 4

/** Every site's row, in plataforma.yaml's order. */
export async function platformOverview(platform: Platform, options: OverviewOptions = {}): Promise<SiteOverview[]> {
  const now = (options.now ?? (() => new Date()))()
  return mapAtMost(platform.sites, SITES_AT_ONCE, site => siteOverview(site, options, now))
}

async function siteOverview(site: PlatformSite, options: OverviewOptions, now: Date): Promise<SiteOverview> {
  const health: string[] = []
  const release = servedReleaseOf(site, health)
  if (!release) health.push(NO_RELEASE)
  const filings = await filingsOf(site, options, colombiaDay(now), health)
  if (!diskSufficient(freeMb(existingFolder(site.dataDir)), options.minFreeMb)) health.push('poco espacio libre en el disco de sus datos')
  const backup = await lastBackup(site, options)
  const attention = [backupProblem(backup, now), overdueProblem(filings), ...health].filter((p): p is string => p !== undefined)
  return {
    id: site.id,
    name: site.nombre,
    domains: site.dominios,
    ...(release && { release }),
    ...(backup && { backup }),
    ...(filings && { filings }),
    health,
    attention,
  }
}

/**
 * The site's last backup: its data folder's status file and, with PostgreSQL, the record of the node that made the
 * last daily one (features/backup/dailyClaim.ts), whichever ended later, so the overview is the same on every node.
 */
async function lastBackup(site: PlatformSite, options: OverviewOptions): Promise<BackupStatus | undefined> {
  const local = readBackupStatus(site.dataDir)
  if (!options.databaseUrl) return local
  // An unreadable record leaves the local status (the filings' count then says why the database cannot be read).
  const recorded = await lastDailyRecord(options.databaseUrl, site.id).catch(() => undefined)
  if (!recorded) return local
  const { nodo: _node, ...status } = recorded
  return !local || Date.parse(status.fin) >= Date.parse(local.fin) ? status : local
}

/** Why the last backup stands out (missing, failed, not verified, too old), or undefined when it is in order. */
export function backupProblem(backup: BackupStatus | undefined, now: Date): string | undefined {
  if (!backup) return 'nunca se ha hecho un respaldo'
  if (!backup.ok) return 'el último respaldo falló'
  if (!backup.verificado) return 'el último respaldo no se pudo verificar'
  const hours = (now.getTime() - Date.parse(backup.fin)) / 3_600_000
  if (!(hours <= BACKUP_MAX_AGE_HOURS)) return `el último respaldo tiene más de ${BACKUP_MAX_AGE_HOURS} horas`
  return undefined
}

function overdueProblem(filings: OpenAndOverdue | undefined): string | undefined {
  if (!filings?.overdue) return undefined
  return filings.overdue === 1 ? '1 radicación vencida' : `${filings.overdue} radicaciones vencidas`
}

/** The release the site's server serves now (its pointer, else its build folder) and its build date. */
function servedReleaseOf(site: PlatformSite, health: string[]): SiteOverview['release'] {
  let pointer: ReturnType<typeof readPointer>
  try {
    pointer = readPointer(site.releasesDir)
  } catch {
    // The server keeps serving its last good release; whoever runs the platform must fix the pointer.
    health.push(`no se puede leer ${POINTER_FILE} de sus publicaciones`)
    return undefined
  }
  const clientDir = pointer ? path.resolve(site.releasesDir, pointer.actual) : path.join(site.outDir, 'client')
  const label = servedRelease(site.releasesDir, clientDir)
  if (!label) return undefined
  const date = (pointer && builtAt(path.dirname(clientDir))) || fs.statSync(path.join(clientDir, 'index.html')).mtime.toISOString()
  return { label, date }
}

/** The release's build date from its publicacion.json; undefined when it has none (the copy of an unpublished build). */
function builtAt(releaseDir: string): string | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_INFO_FILE), 'utf8')) as { fecha?: unknown }
    return typeof info.fecha === 'string' && info.fecha !== '' ? info.fecha : undefined
  } catch {
    return undefined
  }
}

/** Open and overdue filings on `today`, through a read-only store of the site; a problem goes to `health`. */
async function filingsOf(site: PlatformSite, options: OverviewOptions, today: string, health: string[]): Promise<OpenAndOverdue | undefined> {
  let setup: ReturnType<typeof loadFilingForms> | undefined
  try {
    setup = loadFilingForms(site.manifestDir)
  } catch {
    setup = undefined
  }
  const lookups = setup?.lookups
  // Without its forms or their lookups the site's server does not start (siteData.ts): nothing to count with.
  if (!setup || !lookups) {
    health.push('sus formularios tienen errores (npm run validate)')
    return undefined
  }
  // A site that never received anything on SQLite has no file yet: nothing open, nothing overdue.
  if (!options.databaseUrl && !fs.existsSync(path.join(site.dataDir, DB_FILE))) return { open: 0, overdue: 0 }
  try {
    const store = await openFilingStore({ dataDir: site.dataDir, plan: setup.plan, readonly: true, databaseUrl: options.databaseUrl, siteId: site.id })
    try {
      const forms = setup.filings.filter(f => f.clase === 'radicacion')
      const perForm = await countOpenAndOverdue(store, forms, lookups, today)
      return [...perForm.values()].reduce((sum, c) => ({ open: sum.open + c.open, overdue: sum.overdue + c.overdue }), { open: 0, overdue: 0 })
    } finally {
      await store.close()
    }
  } catch {
    // A fixed reason: a driver's message may name the database server or a file path (as /salud/detalle).
    health.push('no se pueden leer sus radicaciones')
    return undefined
  }
}

/** The folder itself or its nearest existing parent: the disk a site's data will go to before it has any. */
function existingFolder(dir: string): string {
  let d = dir
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d)
  return d
}

/** The summary line: how many sites, and which stand out and why. */
export function overviewSummary(rows: readonly SiteOverview[]): string {
  const marked = rows.filter(r => r.attention.length > 0)
  const total = rows.length === 1 ? '1 sitio' : `${rows.length} sitios`
  if (marked.length === 0) return `${total}; ninguno requiere atención.`
  const which = marked.map(r => `${r.id} (${r.attention.join('; ')})`).join(', ')
  return `${total}; ${marked.length === 1 ? '1 requiere' : `${marked.length} requieren`} atención: ${which}.`
}
