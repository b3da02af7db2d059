/**
 * `npm run restaurar -- <archivo>`: brings a backup back into the configured store. Nothing of the archive is read
 * before its MAC checks out with the installation's key, or the one named by `--clave` (signature.ts). Refused while a server
 * uses DATA_DIR (presence.ts) or, on PostgreSQL, while anything else is connected to the database. Never
 * mixes old and new files: the archive is unpacked and checked against its manifest inside DATA_DIR first
 * (same disk, so the swap is a rename), then the current database file and attachments are moved aside to
 * DATA_DIR/.antes-de-restaurar-<fecha> and the restored ones renamed in. On PostgreSQL the dump is restored
 * in one transaction (`pg_restore --single-transaction`, only the kinds of entries this program's schema has): all of it
 * or nothing, refused on a database that holds a platform's sites (wholeRestore.ts). A platform's site on PostgreSQL gets
 * its own rows back and no other site's are touched (siteRestore.ts), refused while that site's connections are open.
 * Nothing is lost and no number is reused (laterFilings.ts): the PostgreSQL database is dumped into the same folder
 * first (SQLite's file is moved there), the number series keep the higher of the backup's and the current last numbers,
 * and the filings received after the backup are listed in a CSV there.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { readPointer, releaseFolder, writePointer } from '../../releases.ts'
import { siteHolders } from '../../store/sitePresence.ts'
import { ATTACHMENTS_DIR, POINTER_DIR, POINTER_NAME, type BackupManifest } from './archive.ts'
import { CopyTextError, expectedEntries } from './pgCopyText.ts'
import { runningServers } from './presence.ts'
import {
  type Counter,
  droppedFilings,
  keepPostgresAside,
  postgresState,
  raisePostgresAfterRestore,
  raisePostgresCounters,
  raiseSqliteCounters,
  readSqliteState,
  type StoreState,
  writeDroppedList,
} from './laterFilings.ts'
import { type BackupKey, installationKey, KEY_FILE } from './signature.ts'
import { otherSitesHoldingRows } from './wholeRestore.ts'
import { restoreSiteRows, SiteRestoreRefusedError } from './siteRestore.ts'
import { PG_DUMP_FILE, runPgTool, splitPassword, SQLITE_FILE } from './snapshot.ts'
import { checkUnpacked, unpack } from './verify.ts'

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestoreRefusedError'
  }
}

export interface RestoreOptions {
  dataDir: string
  databaseUrl?: string
  releasesDir?: string
  /** A platform's site (PostgreSQL: only its rows are replaced, siteRestore.ts; SQLite: its data folder is `dataDir`). */
  siteId?: string
  /** The key the backup was made with (signature.ts); undefined: there is none here, and the restore is refused. */
  key: BackupKey | undefined
  /** `--identidad`: the age identity file that decrypts an encrypted archive (encryption.ts). */
  identity?: string
}

/** What became of the release pointer: rebuilt for the backup's release, or left alone (and why). */
export type PointerOutcome = 'restored' | 'none-in-backup' | 'not-on-disk'

export interface RestoreResult {
  manifest: BackupManifest
  /** Where the replaced files were moved (absent when there was nothing to replace). */
  aside?: string
  /** The copy of the database as it was before (SQLite's file moved aside, or PostgreSQL's pg_dump), inside `aside`. */
  databaseAside?: string
  /** Numbers of the filings the store held that the backup does not (received after it): listed in `droppedList`. */
  dropped: string[]
  /** The CSV (mode 0600, inside `aside`) with what staff need to register the dropped filings again. */
  droppedList?: string
  /** Whether the release pointer now names the backup's release (that release must be among the releases on disk). */
  pointer: PointerOutcome
}

export const SERVER_RUNNING = (servers: string[]) =>
  `No se restauró nada: un servidor está usando esta carpeta de datos (${servers.join('; ')}). ` +
  'Detenga el servicio (Linux: sudo systemctl stop sitio-hospital; Windows: detenga el servicio «sitio-hospital») y ejecute de nuevo npm run restaurar.'

async function refuseIfInUse(options: RestoreOptions): Promise<void> {
  const servers = runningServers(options.dataDir)
  if (servers.length > 0) throw new RestoreRefusedError(SERVER_RUNNING(servers))
  if (!options.databaseUrl) return
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  try {
    // A platform's site: the processes serving it (each holds its presence, sitePresence.ts); the other sites keep
    // serving. Else any other connection at all.
    const n = options.siteId
      ? await siteHolders(client, options.siteId)
      : Number(
          (await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'))
            .rows[0]!.n,
        )
    if (n > 0) {
      throw new RestoreRefusedError(
        options.siteId
          ? `No se restauró nada: hay ${n} conexión(es) abiertas del sitio «${options.siteId}» a la base de datos de PostgreSQL (un servidor que lo sirve, quizá en otro equipo, o una exportación). Detenga los servidores de la plataforma que lo sirven y ejecute de nuevo npm run restaurar.`
          : `No se restauró nada: hay ${n} conexión(es) abiertas a la base de datos de PostgreSQL (¿un servidor en otro equipo?). Detenga todos los servidores que la usan y ejecute de nuevo npm run restaurar.`,
      )
    }
  } finally {
    await client.end()
  }
}

/** A whole restore replaces every table: refused, before anything is read, where the database holds a platform's sites. */
async function refuseWholeOverSites(options: RestoreOptions): Promise<void> {
  if (!options.databaseUrl || options.siteId) return
  const others = await otherSitesHoldingRows(options.databaseUrl)
  if (others.length > 0)
    throw new RestoreRefusedError(
      `No se restauró nada: la base de datos de DATABASE_URL tiene filas de los sitios ${others.map(o => `«${o}»`).join(', ')} de una plataforma; una restauración completa las borraría. Restaure cada sitio con --sitio <id>.`,
    )
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
}

/** Moves `from` into `asideDir` if it exists; returns whether it did. */
function moveAside(from: string, asideDir: string): boolean {
  if (!fs.existsSync(from)) return false
  fs.mkdirSync(asideDir, { recursive: true, mode: 0o700 })
  fs.renameSync(from, path.join(asideDir, path.basename(from)))
  return true
}

export async function restoreBackup(archive: string, options: RestoreOptions, now = new Date()): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir)
  if (!fs.existsSync(archive)) throw new RestoreRefusedError(`No se restauró nada: no existe el archivo de respaldo ${path.resolve(archive)}.`)
  await refuseWholeOverSites(options)
  await refuseIfInUse(options)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const staging = path.join(dataDir, `.restauracion-${stamp(now)}`)
  try {
    const manifest = await unpackChecked(path.resolve(archive), staging, options)
    // Checked again right before anything changes: a server may have started while the archive was unpacked.
    await refuseIfInUse(options)

    const aside = path.join(dataDir, `.antes-de-restaurar-${stamp(now)}`)
    const before = options.databaseUrl ? await postgresState(options.databaseUrl, options.siteId) : readSqliteState(path.join(dataDir, SQLITE_FILE))
    const databaseAside = await keepPostgresAside(options.databaseUrl, options.siteId, before, aside)
    const swapped = await swapDatabase(manifest, staging, dataDir, aside, options, before.counters)
    const movedAside = swapAttachments(staging, dataDir, aside) || swapped.movedAside || databaseAside !== undefined
    const dropped = droppedFilings(before, swapped.after)
    const droppedList = dropped.length > 0 ? writeDroppedList(aside, dropped) : undefined
    const pointer = restorePointer(manifest, staging, options)
    adoptKey(dataDir, options.key)
    return {
      manifest,
      aside: movedAside ? aside : undefined,
      databaseAside: databaseAside ?? (swapped.movedAside ? path.join(aside, SQLITE_FILE) : undefined),
      dropped: dropped.map(f => f.radicado),
      droppedList,
      pointer,
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * A data folder without a key (a new machine restored from the copy kept apart) keeps the key the backup was
 * verified with: the copy of the key the operator holds stays the one that opens this installation's backups.
 */
function adoptKey(dataDir: string, key: BackupKey | undefined): void {
  if (!key || installationKey(dataDir)) return
  fs.writeFileSync(path.join(dataDir, KEY_FILE), `${key.key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 })
}

/** Unpacks the archive into `staging`; refuses one of the other store or one that does not match its manifest. */
async function unpackChecked(archive: string, staging: string, options: RestoreOptions): Promise<BackupManifest> {
  const manifest = await unpack(archive, staging, options.key, options.identity)
  if (manifest.sitio !== null && manifest.sitio !== options.siteId)
    throw new RestoreRefusedError(
      options.siteId
        ? `No se restauró nada: el respaldo es del sitio «${manifest.sitio}», no del sitio «${options.siteId}».`
        : `No se restauró nada: el respaldo es del sitio «${manifest.sitio}» de una plataforma; restáurelo con --sitio ${manifest.sitio}.`,
    )
  const wanted = options.databaseUrl ? 'postgresql' : 'sqlite'
  if (manifest.almacenamiento !== wanted) {
    throw new RestoreRefusedError(
      `No se restauró nada: el respaldo es de ${manifest.almacenamiento === 'sqlite' ? 'SQLite' : 'PostgreSQL'} y este servidor está configurado para ${wanted === 'sqlite' ? 'SQLite (sin DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`,
    )
  }
  const problems = await checkUnpacked(staging, manifest)
  if (problems.length > 0) throw new RestoreRefusedError(`No se restauró nada: el respaldo no coincide con su manifiesto: ${problems.join('; ')}.`)
  return manifest
}

interface Swapped {
  /** Whether the database's files were moved aside (SQLite). */
  movedAside: boolean
  /** The restored store's counters and filings. */
  after: StoreState
}

/**
 * Puts the database back: PostgreSQL in one transaction, SQLite's file renamed in; the current counters are kept
 * wherever higher than the backup's (in the same transaction, or in the file before it is renamed in; a whole
 * PostgreSQL restore right after pg_restore's transaction).
 */
async function swapDatabase(
  manifest: BackupManifest,
  staging: string,
  dataDir: string,
  aside: string,
  options: RestoreOptions,
  counters: Counter[],
): Promise<Swapped> {
  if (manifest.almacenamiento === 'postgresql' && options.siteId) {
    try {
      await restoreSiteRows(path.join(staging, PG_DUMP_FILE), options.databaseUrl!, options.siteId, staging, client => raisePostgresCounters(client, counters))
    } catch (error) {
      if (error instanceof SiteRestoreRefusedError) throw new RestoreRefusedError(`No se restauró nada: ${error.message}`)
      throw error
    }
    return { movedAside: false, after: await postgresState(options.databaseUrl!, options.siteId) }
  }
  if (manifest.almacenamiento === 'postgresql') {
    const { url, password } = splitPassword(options.databaseUrl!)
    const listFile = path.join(staging, 'contenido.lista')
    try {
      await expectedEntries(path.join(staging, PG_DUMP_FILE), listFile, password)
    } catch (error) {
      if (error instanceof CopyTextError) throw new RestoreRefusedError(`No se restauró nada: ${error.message}.`)
      throw error
    }
    // One transaction: a failure leaves the database as it was. Owners and rights are the target's (npm run bd:preparar gives them).
    await runPgTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--use-list=${listFile}`,
        `--dbname=${url}`,
        path.join(staging, PG_DUMP_FILE),
      ],
      password,
    )
    return { movedAside: false, after: await raisePostgresAfterRestore(options.databaseUrl!, undefined, counters) }
  }
  const restored = path.join(staging, SQLITE_FILE)
  raiseSqliteCounters(restored, counters)
  const after = readSqliteState(restored)
  let movedAside = false
  for (const suffix of ['', '-wal', '-shm', '-journal']) movedAside = moveAside(path.join(dataDir, SQLITE_FILE + suffix), aside) || movedAside
  fs.renameSync(restored, path.join(dataDir, SQLITE_FILE))
  return { movedAside, after }
}

/** Moves the current attachments aside and the restored ones in; returns whether anything was moved aside. */
function swapAttachments(staging: string, dataDir: string, aside: string): boolean {
  const movedAside = moveAside(path.join(dataDir, ATTACHMENTS_DIR), aside)
  const restoredAttachments = path.join(staging, ATTACHMENTS_DIR)
  if (fs.existsSync(restoredAttachments)) fs.renameSync(restoredAttachments, path.join(dataDir, ATTACHMENTS_DIR))
  else fs.mkdirSync(path.join(dataDir, ATTACHMENTS_DIR), { mode: 0o700 })
  return movedAside
}

/**
 * The release pointer is rebuilt, never copied: the backup's release (its manifest, consistent with the pointer it
 * carries) must be one of the releases on disk, inside the releases folder; a fresh pointer names it, the release
 * served until now becomes the previous one, and the code commit (`npm run actualizar`) stays the current one.
 */
function restorePointer(manifest: BackupManifest, staging: string, options: RestoreOptions): PointerOutcome {
  const archived = path.join(staging, POINTER_DIR, POINTER_NAME)
  if (!options.releasesDir || !manifest.publicacion || !fs.lstatSync(archived, { throwIfNoEntry: false })?.isFile()) return 'none-in-backup'
  let named: unknown
  try {
    named = (JSON.parse(fs.readFileSync(archived, 'utf8')) as { actual?: unknown }).actual
  } catch {
    named = undefined
  }
  if (named !== manifest.publicacion) return 'none-in-backup'
  if (!releaseFolder(options.releasesDir, manifest.publicacion)) return 'not-on-disk'
  let current: ReturnType<typeof readPointer>
  try {
    current = readPointer(options.releasesDir)
  } catch {
    current = undefined
  }
  writePointer(options.releasesDir, {
    actual: manifest.publicacion,
    ...(current && current.actual !== manifest.publicacion ? { anterior: current.actual } : {}),
    ...(current?.codigo ? { codigo: current.codigo } : {}),
  })
  return 'restored'
}
