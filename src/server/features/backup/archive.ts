/**
 * One backup = one `respaldo-<fecha>.tar.gz` holding everything needed to bring filings back: the database
 * copy (filings, office answers, staff accounts, the audit trail: all live in the store), the attachments it
 * references, the release pointer, and `manifiesto.json` with the row counts per table and the size and
 * SHA-256 of every file. The archive is written under a temporary name and given its final name when complete, so a
 * half-written archive never carries the final name (nor counts as one of the kept ones).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import * as tar from 'tar'
import { attachmentsFromDatabase } from './attachmentsFromDatabase.ts'
import { AGE_SUFFIX, encryptArchive } from './encryption.ts'
import { type BackupKey, ensureBackupKey, signArchive } from './signature.ts'
import { copyPostgres, copySqlite, type AttachmentRef, type Engine } from './snapshot.ts'

export const MANIFEST_FILE = 'manifiesto.json'
export const ATTACHMENTS_DIR = 'adjuntos'
export const POINTER_DIR = 'publicaciones'
export const POINTER_NAME = 'actual.json'
/** A finished archive; `.age` when encrypted (encryption.ts). */
export const ARCHIVE_PATTERN = /^respaldo-\d{8}-\d{6}Z(-\d+)?\.tar\.gz(\.age)?$/
export const DEFAULT_KEEP = 14

export interface ManifestFile {
  ruta: string
  bytes: number
  sha256: string
}

/** 2: the archive carries its MAC (signature.ts) and the manifest names its site. */
export const MANIFEST_FORMAT = 2

export interface BackupManifest {
  formato: typeof MANIFEST_FORMAT
  creado: string
  programa: string
  almacenamiento: Engine
  /** The platform's site the copy is of (`--sitio`); null for a single installation. A restore for no site, or another, refuses it. */
  sitio: string | null
  /** Name of the database copy inside the archive. */
  baseDeDatos: string
  /** Rows per table at the moment of the copy. */
  tablas: Record<string, number>
  /** Attachments the copy references and the archive holds. */
  adjuntos: number
  /** Attachments the copy references that were not on disk (a loss that happened before the backup: reported, never hidden). */
  adjuntosFaltantes: string[]
  /** Release served when the copy was made (the folder the pointer names), if publications are used. */
  publicacion: string | null
  archivos: ManifestFile[]
}

export interface BackupOptions {
  dataDir: string
  databaseUrl?: string
  /** PostgreSQL on a platform: the site whose rows are copied (siteTenancy.ts); unset, the single site's. */
  siteId?: string
  /** Folder of `npm run publicar`'s releases (its pointer is kept in the archive). */
  releasesDir?: string
  destination: string
  /** Archives kept in the destination (the oldest beyond are removed). */
  keep?: number
  programVersion: string
  now?: Date
  /** The key the archive is signed with; by default the installation's (DATA_DIR/respaldo.clave, made if missing). */
  key?: BackupKey
  /** RESPALDO_DESTINATARIO_AGE: the age public key the archive is encrypted to (encryption.ts); unset, not encrypted. */
  recipient?: string
  /** The verification (verify.ts `verifyBackup`) run on the signed archive before it is encrypted. */
  verify?: (archive: string, key: BackupKey) => Promise<ArchiveCheck>
}

/** What a verification (verify.ts `verifyBackup`) answers, as much as the callers read. */
export interface ArchiveCheck {
  ok: boolean
  problems: string[]
}

export interface BackupResult {
  file: string
  manifest: BackupManifest
  removed: string[]
  /** An encrypted archive is verified before encryption (the server has no identity to open it afterwards). */
  verification?: ArchiveCheck
}

export function sha256File(file: string): string {
  const hash = crypto.createHash('sha256')
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(1 << 16)
    for (let n = fs.readSync(fd, buf); n > 0; n = fs.readSync(fd, buf)) hash.update(buf.subarray(0, n))
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest('hex')
}

/**
 * Gives the finished archive its final name: a hard link fails when the name exists, so two backups finishing
 * in the same second (two servers, or a manual one during the daily one) never overwrite each other.
 */
function publish(partial: string, now: Date, destination: string, suffix = ''): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z')
  for (let i = 1; ; i++) {
    const file = path.join(destination, i === 1 ? `respaldo-${stamp}.tar.gz${suffix}` : `respaldo-${stamp}-${i}.tar.gz${suffix}`)
    try {
      fs.linkSync(partial, file)
      return file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
      // A file system without hard links (FAT/exFAT disks, some network shares): a rename, checked first.
      if (fs.existsSync(file)) continue
      fs.renameSync(partial, file)
      return file
    }
  }
}

/** A name from the store, reduced to a plain file name: a row must not make the backup read outside DATA_DIR/adjuntos. */
function plainName(name: string): string | undefined {
  return name && path.basename(name) === name && name !== '.' && name !== '..' ? name : undefined
}

function copyAttachments(dataDir: string, stagingDir: string, refs: AttachmentRef[]): { copied: number; missing: string[] } {
  const target = path.join(stagingDir, ATTACHMENTS_DIR)
  fs.mkdirSync(target, { recursive: true })
  let copied = 0
  const missing: string[] = []
  for (const ref of refs) {
    const name = plainName(ref.archivo)
    const source = name && path.join(dataDir, ATTACHMENTS_DIR, name)
    if (!name || !source || !fs.existsSync(source)) {
      missing.push(ref.archivo)
      continue
    }
    fs.copyFileSync(source, path.join(target, name))
    copied++
  }
  return { copied, missing }
}

function listFiles(root: string, dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? listFiles(root, full) : [path.relative(root, full).split(path.sep).join('/')]
  })
}

/** The archives in a destination, oldest first (their names sort by time). */
export function listArchives(destination: string): string[] {
  if (!fs.existsSync(destination)) return []
  return fs
    .readdirSync(destination)
    .filter(n => ARCHIVE_PATTERN.test(n))
    .sort()
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date()
  const destination = path.resolve(options.destination)
  fs.mkdirSync(destination, { recursive: true, mode: 0o700 })
  // Staging next to the archive: the same disk, and the same protection (the copy holds personal data).
  const staging = fs.mkdtempSync(path.join(destination, '.respaldo-en-curso-'))
  // Inside the run's own staging folder: concurrent runs never share it.
  const partial = path.join(staging, '.respaldo.tar.gz.parcial')
  try {
    const copy = options.databaseUrl ? await copyPostgres(options.databaseUrl, staging, options.siteId) : await copySqlite(options.dataDir, staging)
    const local = copyAttachments(options.dataDir, staging, copy.attachments)
    const missing = options.databaseUrl
      ? await attachmentsFromDatabase(options.databaseUrl, options.siteId, path.join(staging, ATTACHMENTS_DIR), local.missing)
      : local.missing
    const copied = local.copied + local.missing.length - missing.length
    let publicacion: string | null = null
    const pointer = options.releasesDir && path.join(options.releasesDir, POINTER_NAME)
    if (pointer && fs.existsSync(pointer)) {
      fs.mkdirSync(path.join(staging, POINTER_DIR))
      fs.copyFileSync(pointer, path.join(staging, POINTER_DIR, POINTER_NAME))
      try {
        publicacion = String((JSON.parse(fs.readFileSync(pointer, 'utf8')) as { actual?: unknown }).actual ?? '') || null
      } catch {
        publicacion = null
      }
    }
    const archivos = listFiles(staging).map(ruta => {
      const file = path.join(staging, ruta)
      return { ruta, bytes: fs.statSync(file).size, sha256: sha256File(file) }
    })
    const manifest: BackupManifest = {
      formato: MANIFEST_FORMAT,
      creado: now.toISOString(),
      programa: options.programVersion,
      almacenamiento: copy.engine,
      sitio: options.siteId ?? null,
      baseDeDatos: copy.file,
      tablas: copy.counts,
      adjuntos: copied,
      adjuntosFaltantes: missing,
      publicacion,
      archivos,
    }
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, ...archivos.map(a => a.ruta)])
    fs.chmodSync(partial, 0o600)
    const key = options.key ?? ensureBackupKey(options.dataDir)
    signArchive(partial, key)
    if (options.recipient) {
      // Checked while still plain, in the private staging folder; only the encrypted archive gets a name.
      const verification = await options.verify?.(partial, key)
      const file = publish(encryptArchive(partial, options.recipient), now, destination, AGE_SUFFIX)
      return { file, manifest, removed: prune(destination, options.keep ?? DEFAULT_KEEP), verification }
    }
    const file = publish(partial, now, destination)
    return { file, manifest, removed: prune(destination, options.keep ?? DEFAULT_KEEP) }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/** Removes the oldest archives beyond `keep` (never the newest one). */
export function prune(destination: string, keep: number): string[] {
  const all = listArchives(destination)
  const excess = all.slice(0, Math.max(0, all.length - Math.max(1, keep)))
  for (const n of excess) fs.rmSync(path.join(destination, n), { force: true })
  return excess
}
