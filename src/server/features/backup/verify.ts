/**
 * `npm run respaldo -- --verificar <archivo>` and the check the server runs after each daily backup: the archive's
 * MAC is checked with the installation's key first (signature.ts), then the archive is unpacked into a temporary folder and held to its manifest: every file's size and SHA-256; the
 * database really opens and has the rows per table the manifest counted (SQLite: the copy is opened and
 * checked with `PRAGMA integrity_check`; PostgreSQL: the dump's table data is read as data, pgCopyText.ts, and
 * its rows counted table by table); and every attachment the database references is in the archive with
 * the SHA-256 the store recorded when it arrived.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import { ATTACHMENTS_DIR, MANIFEST_FILE, MANIFEST_FORMAT, sha256File, type BackupManifest } from './archive.ts'
import { decryptArchive, isEncryptedArchive } from './encryption.ts'
import { CopyTextError, readDumpRows } from './pgCopyText.ts'
import { authenticateArchive, type BackupKey } from './signature.ts'
import { describeSqlite, PG_DUMP_FILE, SQLITE_FILE, type AttachmentRef } from './snapshot.ts'

export interface Verification {
  ok: boolean
  /** Spanish descriptions of every difference found (empty when ok). */
  problems: string[]
  manifest?: BackupManifest
}

/** Files and folders of an unpacked backup hold personal data: the service's user only. */
export function restrictModes(dir: string): void {
  fs.chmodSync(dir, 0o700)
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) restrictModes(full)
    else fs.chmodSync(full, 0o600)
  }
}

/** A manifest path that stays inside the unpacked folder: relative, forward slashes, no `.`/`..`, plain names. */
function insidePath(ruta: unknown): ruta is string {
  if (typeof ruta !== 'string' || ruta === '' || ruta.includes('\\') || ruta.includes('\0') || path.posix.isAbsolute(ruta)) return false
  return ruta.split('/').every(part => part !== '' && part !== '.' && part !== '..')
}

/** The manifest's shape and every path in it; throws in Spanish. */
function checkManifest(manifest: BackupManifest, name: string): BackupManifest {
  if (manifest.formato !== MANIFEST_FORMAT) throw new Error(`${name}: formato de respaldo desconocido (${String(manifest.formato)}).`)
  if (!Array.isArray(manifest.archivos) || !Array.isArray(manifest.adjuntosFaltantes) || typeof manifest.tablas !== 'object' || manifest.tablas === null)
    throw new Error(`${name}: el manifiesto no tiene la forma esperada.`)
  const outside = manifest.archivos.find(f => !insidePath(f?.ruta))
  if (outside) throw new Error(`${name}: el manifiesto nombra un archivo fuera del respaldo (${String(outside.ruta).slice(0, 80)}).`)
  if (![SQLITE_FILE, PG_DUMP_FILE].includes(manifest.baseDeDatos)) throw new Error(`${name}: el manifiesto nombra una base de datos desconocida.`)
  return manifest
}

/**
 * Unpacks an archive into `into`, after its MAC has been checked with `key` (signature.ts): nothing of an archive
 * that is not authentic is decompressed. Only regular files and folders are unpacked (no links: a link could make a
 * later read leave the folder), and they are made private (0600 / 0700).
 */
export async function unpack(archive: string, into: string, key: BackupKey | undefined, identity?: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new Error(`No existe el archivo de respaldo ${archive}.`)
  if (!isEncryptedArchive(archive)) return unpackPlain(archive, into, key)
  // An age archive: decrypted next to `into` (same private place), then checked and unpacked like a plain one.
  fs.mkdirSync(into, { recursive: true, mode: 0o700 })
  const plain = path.join(into, '..', `${path.basename(into)}.descifrado.tar.gz`)
  try {
    decryptArchive(archive, identity, plain)
    return await unpackPlain(plain, into, key)
  } finally {
    fs.rmSync(plain, { force: true })
  }
}

async function unpackPlain(archive: string, into: string, key: BackupKey | undefined): Promise<BackupManifest> {
  const authentic = authenticateArchive(archive, key)
  fs.mkdirSync(into, { recursive: true, mode: 0o700 })
  const refused: string[] = []
  // tar refuses absolute paths and «..» by default: an archive cannot write outside `into`.
  const extract = tar.extract({
    cwd: into,
    strict: true,
    filter: (p, entry) => {
      const kind = 'type' in entry ? entry.type : undefined
      if (kind === 'File' || kind === 'Directory') return true
      refused.push(p)
      return false
    },
  })
  // Only the bytes the MAC covers are read.
  await pipeline(fs.createReadStream(archive, { start: 0, end: authentic - 1 }), extract)
  if (refused.length > 0) throw new Error(`${path.basename(archive)} contiene enlaces u otros objetos que no son archivos (${refused[0]}).`)
  restrictModes(into)
  const manifestFile = path.join(into, MANIFEST_FILE)
  if (!fs.existsSync(manifestFile)) throw new Error(`${path.basename(archive)} no es un respaldo de este programa (no tiene ${MANIFEST_FILE}).`)
  return checkManifest(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest, path.basename(archive))
}

/** Rows of each table in a PostgreSQL dump (read as data, pgCopyText.ts), and the attachments its data names. */
async function describePgDump(
  dump: string,
  manifest: BackupManifest,
  workDir: string,
): Promise<{ counts: Record<string, number>; attachments: AttachmentRef[] }> {
  const tables = new Map(Object.keys(manifest.tablas).map(t => [t, null]))
  const counts: Record<string, number> = {}
  const attachments: AttachmentRef[] = []
  for (const block of await readDumpRows(dump, undefined, tables, workDir)) {
    counts[block.table] = (counts[block.table] ?? 0) + block.rows.length
    if (block.table !== 'adjuntos' && block.table !== 'historial') continue
    const fileCol = block.columns.indexOf('archivo')
    const shaCol = block.columns.indexOf(block.table === 'historial' ? 'archivo_sha256' : 'sha256')
    if (fileCol < 0) continue
    for (const row of block.rows) {
      const archivo = row[fileCol]
      if (archivo) attachments.push({ archivo, sha256: shaCol >= 0 ? (row[shaCol] ?? null) : null })
    }
  }
  return { counts, attachments }
}

/** Compares an unpacked archive in `dir` with its manifest; returns the problems found. */
export async function checkUnpacked(dir: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = []
  for (const f of manifest.archivos) {
    const file = path.join(dir, f.ruta)
    if (!fs.lstatSync(file, { throwIfNoEntry: false })?.isFile()) {
      problems.push(`falta ${f.ruta}`)
      continue
    }
    const size = fs.statSync(file).size
    if (size !== f.bytes || sha256File(file) !== f.sha256) problems.push(`${f.ruta} no coincide con el manifiesto (tamaño o suma SHA-256)`)
  }
  let found: { counts: Record<string, number>; attachments: AttachmentRef[] }
  if (manifest.almacenamiento === 'sqlite') {
    const file = path.join(dir, SQLITE_FILE)
    if (!fs.existsSync(file)) return [...problems, `falta la base de datos ${SQLITE_FILE}`]
    const db = new Database(file, { readonly: true, fileMustExist: true })
    try {
      const check = db.pragma('integrity_check', { simple: true })
      if (check !== 'ok') problems.push(`la base de datos copiada está dañada (${String(check)})`)
    } finally {
      db.close()
    }
    found = describeSqlite(file)
  } else {
    const dump = path.join(dir, PG_DUMP_FILE)
    if (!fs.existsSync(dump)) return [...problems, `falta la copia de PostgreSQL ${PG_DUMP_FILE}`]
    try {
      found = await describePgDump(dump, manifest, dir)
    } catch (error) {
      if (error instanceof CopyTextError) return [...problems, `la copia de PostgreSQL no es solo de datos: ${error.message}`]
      throw error
    }
  }
  for (const [table, expected] of Object.entries(manifest.tablas)) {
    const got = found.counts[table]
    if (got !== expected) problems.push(`tabla ${table}: ${got ?? 'ausente'} filas restauradas, el manifiesto dice ${expected}`)
  }
  const missing = new Set(manifest.adjuntosFaltantes)
  for (const a of found.attachments) {
    if (missing.has(a.archivo)) continue
    const file = path.join(dir, ATTACHMENTS_DIR, path.basename(a.archivo))
    if (!fs.existsSync(file)) problems.push(`falta el adjunto ${a.archivo}`)
    else if (a.sha256 && sha256File(file) !== a.sha256) problems.push(`el adjunto ${a.archivo} no coincide con la suma SHA-256 que guardó el almacenamiento`)
  }
  if (missing.size > 0) problems.push(`${missing.size} adjunto(s) ya faltaban en DATA_DIR cuando se hizo el respaldo`)
  return problems
}

/** Unpacks into a temporary folder, checks, and removes the folder. */
export async function verifyBackup(archive: string, key: BackupKey | undefined, tmpRoot = os.tmpdir(), identity?: string): Promise<Verification> {
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'verificacion-respaldo-'))
  try {
    const manifest = await unpack(archive, dir, key, identity)
    const problems = await checkUnpacked(dir, manifest)
    return { ok: problems.length === 0, problems, manifest }
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
