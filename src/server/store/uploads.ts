import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FileContentStore } from './store.ts'

/**
 * Uploaded files live in DATA_DIR/adjuntos, which nothing serves. They are
 * written to DATA_DIR/adjuntos/.tmp under a random name while they arrive,
 * then renamed to `<uuid>.pdf` once the request is valid. The name the
 * visitor's computer gave the file is kept only as a label in the database.
 */
export const UPLOADS_DIR = 'adjuntos'
const TMP_DIR = '.tmp'

export interface ReceivedFile {
  tmpPath: string
  size: number
  sha256: string
  /** First bytes of the content, to check what it really is. */
  head: Buffer
  /** True when the content went over the limit (the rest was discarded). */
  tooLarge: boolean
}

export class FileTooLargeError extends Error {}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, UPLOADS_DIR)
}

function fsyncDir(dir: string): void {
  let fd: number | undefined
  try {
    fd = fs.openSync(dir, 'r')
    fs.fsyncSync(fd)
  } catch {
    // Some file systems do not allow fsync on a directory; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

export function prepareUploads(dataDir: string): void {
  fs.mkdirSync(path.join(uploadsDir(dataDir), TMP_DIR), { recursive: true })
}

/**
 * Streams a file part to a temporary file, hashing as it goes. Stops reading
 * once maxBytes is exceeded (tooLarge): the caller refuses the request and
 * closes the connection instead of receiving the rest.
 */
export async function receiveToTemp(dataDir: string, stream: Readable, maxBytes: number): Promise<ReceivedFile> {
  const tmpPath = path.join(uploadsDir(dataDir), TMP_DIR, `${crypto.randomUUID()}.part`)
  const hash = crypto.createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  let tooLarge = false
  const fd = fs.openSync(tmpPath, 'wx', 0o600)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) {
        tooLarge = true
        break
      }
      if (headLength < 8) {
        headChunks.push(chunk.subarray(0, 8 - headLength))
        headLength += Math.min(chunk.length, 8 - headLength)
      }
      hash.update(chunk)
      let offset = 0
      while (offset < chunk.length) offset += fs.writeSync(fd, chunk, offset)
    }
    if (!tooLarge) fs.fsyncSync(fd)
  } catch (error) {
    fs.closeSync(fd)
    fs.rmSync(tmpPath, { force: true })
    throw error
  }
  fs.closeSync(fd)
  if (tooLarge) fs.rmSync(tmpPath, { force: true })
  return { tmpPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks), tooLarge }
}

/** Moves a received file to its final random name; returns the name relative to the uploads folder. */
export function keepUpload(dataDir: string, file: ReceivedFile, extension = '.pdf'): string {
  const name = `${crypto.randomUUID()}${extension}`
  const dir = uploadsDir(dataDir)
  fs.renameSync(file.tmpPath, path.join(dir, name))
  fsyncDir(dir)
  return name
}

/** Kept uploads' bytes to the database (PostgreSQL; nothing on SQLite), before the filing or answer naming them commits. */
export async function saveKeptContents(store: FileContentStore, dataDir: string, names: readonly string[]): Promise<void> {
  for (const name of names) await store.saveFileContent(name, fs.readFileSync(path.join(uploadsDir(dataDir), path.basename(name))))
}

/** Removes kept uploads whose filing or answer did not commit: their files and, on PostgreSQL, their bytes (best effort). */
export async function removeKeptAll(store: FileContentStore, dataDir: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    removeKept(dataDir, name)
    await store.dropFileContent(name).catch(() => undefined)
  }
}

/**
 * A stored upload to send: its bytes from the database when it holds them (PostgreSQL: whichever node received it),
 * else this node's file; undefined when neither has it.
 */
export async function storedUpload(store: FileContentStore, dataDir: string, name: string): Promise<Buffer | fs.ReadStream | undefined> {
  const bytes = await store.fileContent(name)
  if (bytes) return bytes
  const file = path.join(uploadsDir(dataDir), path.basename(name))
  return fs.existsSync(file) ? fs.createReadStream(file) : undefined
}

export function discardUpload(file: ReceivedFile | undefined): void {
  if (file) fs.rmSync(file.tmpPath, { force: true })
}

export function removeKept(dataDir: string, name: string): void {
  fs.rmSync(path.join(uploadsDir(dataDir), path.basename(name)), { force: true })
}

/**
 * How old an unreferenced file must be before the start-up sweep removes it.
 * Another server process sharing DATA_DIR may be receiving an upload right
 * now (its temporary file), or have kept it and not yet committed its
 * filing: those files are younger than any upload may take (uploadTimeoutMs,
 * 5 minutes by default), so an hour leaves them alone.
 */
export const SWEEP_MIN_AGE_MS = 60 * 60_000

/**
 * On start: temporary files are leftovers of interrupted uploads, and a kept
 * file that no filing references comes from a crash between the rename and
 * the commit. Neither was ever acknowledged, so both are removed — once they
 * are older than minAgeMs, so that an upload in flight in another process
 * (several processes sharing DATA_DIR, or a restart while one arrives) is
 * not deleted under it.
 */
export function sweepUploads(dataDir: string, referenced: Set<string>, now = Date.now(), minAgeMs = SWEEP_MIN_AGE_MS): number {
  let removed = 0
  const oldEnough = (file: string): boolean => {
    try {
      return now - fs.statSync(file).mtimeMs >= minAgeMs
    } catch {
      return false // gone meanwhile (its upload finished or was discarded)
    }
  }
  const tmp = path.join(uploadsDir(dataDir), TMP_DIR)
  for (const name of fs.readdirSync(tmp)) {
    const file = path.join(tmp, name)
    if (!oldEnough(file)) continue
    fs.rmSync(file, { force: true, recursive: true })
    removed++
  }
  for (const entry of fs.readdirSync(uploadsDir(dataDir), { withFileTypes: true })) {
    const file = path.join(uploadsDir(dataDir), entry.name)
    if (entry.isFile() && !referenced.has(entry.name) && oldEnough(file)) {
      fs.rmSync(file, { force: true })
      removed++
    }
  }
  return removed
}

/** A file name from a visitor, reduced to a harmless label: no folders, no control characters, at most 200 characters. */
export function safeLabel(filename: string | undefined, fallback = 'documento.pdf'): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    // Bidirectional controls would make «fdp.exe» read «exe.pdf» (docs/decisions/store.md).
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200)
  return cleaned || fallback
}
