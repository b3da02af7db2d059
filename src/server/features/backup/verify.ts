/**
 * `npm run respaldo -- --verificar <archivo>` and the check the server runs after each daily backup: the
 * archive is unpacked into a temporary folder and held to its manifest: every file's size and SHA-256; the
 * database really opens and has the rows per table the manifest counted (SQLite: the copy is opened and
 * checked with `PRAGMA integrity_check`; PostgreSQL: `pg_restore` rebuilds the whole dump as SQL, whose
 * rows are counted table by table); and every attachment the database references is in the archive with
 * the SHA-256 the store recorded when it arrived.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { ATTACHMENTS_DIR, MANIFEST_FILE, sha256File, type BackupManifest } from './archive.ts'
import { describeSqlite, PG_DUMP_FILE, runPgTool, SQLITE_FILE, type AttachmentRef } from './snapshot.ts'

export interface Verification {
  ok: boolean
  /** Spanish descriptions of every difference found (empty when ok). */
  problems: string[]
  manifest?: BackupManifest
}

export async function unpack(archive: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new Error(`No existe el archivo de respaldo ${archive}.`)
  fs.mkdirSync(into, { recursive: true, mode: 0o700 })
  // tar refuses absolute paths and «..» by default: an archive cannot write outside `into`.
  await tar.extract({ file: archive, cwd: into, strict: true })
  const manifestFile = path.join(into, MANIFEST_FILE)
  if (!fs.existsSync(manifestFile)) throw new Error(`${path.basename(archive)} no es un respaldo de este programa (no tiene ${MANIFEST_FILE}).`)
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest
  if (manifest.formato !== 1) throw new Error(`${path.basename(archive)}: formato de respaldo desconocido (${String(manifest.formato)}).`)
  return manifest
}

/** Rows of each table in a plain SQL script written by pg_restore, and the attachments its data names. */
function describePgScript(script: string): { counts: Record<string, number>; attachments: AttachmentRef[] } {
  const counts: Record<string, number> = {}
  const attachments: AttachmentRef[] = []
  const lines = fs.readFileSync(script, 'utf8').split('\n')
  for (let i = 0; i < lines.length; i++) {
    const head = /^COPY (?:[a-z0-9_"]+\.)?"?([a-z0-9_]+)"? \(([^)]*)\) FROM stdin;$/.exec(lines[i]!)
    if (!head) continue
    const table = head[1]!
    const columns = head[2]!.split(',').map(c => c.trim().replace(/"/g, ''))
    const fileCol = columns.indexOf('archivo')
    const shaCol = columns.indexOf(table === 'historial' ? 'archivo_sha256' : 'sha256')
    let n = 0
    for (i++; i < lines.length && lines[i] !== '\\.'; i++) {
      n++
      if ((table === 'adjuntos' || table === 'historial') && fileCol >= 0) {
        const cells = lines[i]!.split('\t')
        const archivo = cells[fileCol]
        if (archivo && archivo !== '\\N') attachments.push({ archivo, sha256: shaCol >= 0 && cells[shaCol] !== '\\N' ? (cells[shaCol] ?? null) : null })
      }
    }
    counts[table] = n
  }
  return { counts, attachments }
}

/** Compares an unpacked archive in `dir` with its manifest; returns the problems found. */
export async function checkUnpacked(dir: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = []
  for (const f of manifest.archivos) {
    const file = path.join(dir, f.ruta)
    if (!fs.existsSync(file)) {
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
    const script = path.join(dir, 'restaurado.sql')
    await runPgTool('pg_restore', [`--file=${script}`, dump])
    found = describePgScript(script)
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
export async function verifyBackup(archive: string, tmpRoot = os.tmpdir()): Promise<Verification> {
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'verificacion-respaldo-'))
  try {
    const manifest = await unpack(archive, dir)
    const problems = await checkUnpacked(dir, manifest)
    return { ok: problems.length === 0, problems, manifest }
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
