/**
 * Backups are authenticated (docs/decisions/backups.md, «Authenticity»): every archive ends with an HMAC-SHA256 of
 * all its bytes, made with a key that lives with the installation (DATA_DIR/respaldo.clave, mode 0600), never in the
 * archive. The verification and the restore check it BEFORE anything in the archive is decompressed or read, so an
 * archive edited by anyone without the key (its database, its manifest, its checksums) is refused as a whole.
 *
 * Where the MAC goes: a second, empty gzip member appended to the `.tar.gz`, whose header comment holds the key's
 * fingerprint and the MAC (RFC 1952 allows several members; gunzip, tar and Windows' tar.exe read the archive as
 * before and the member adds no bytes to the tar stream). The MAC covers every byte before that member.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileOnce } from '../../writeFileOnce.ts'

/** The installation's key, in the data folder (the guide says to keep a copy apart: without it no backup verifies). */
export const KEY_FILE = 'respaldo.clave'
const KEY_BYTES = 32
const PREFIX = 'respaldo-hmac-sha256'
/** Fingerprint (16 hex) and MAC (64 hex), in the trailer's comment: `respaldo-hmac-sha256:<huella>:<mac>`. */
const COMMENT_LENGTH = PREFIX.length + 1 + 16 + 1 + 64
// gzip header (10 bytes, FCOMMENT flag), the comment and its NUL, an empty final deflate block (03 00), CRC32 and size (0).
export const TRAILER_LENGTH = 10 + COMMENT_LENGTH + 1 + 2 + 8
const GZIP_HEAD = Buffer.from([0x1f, 0x8b, 0x08, 0x10, 0, 0, 0, 0, 0x00, 0xff])
const GZIP_TAIL = Buffer.from([0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])

export class BackupKeyError extends Error {}

export interface BackupKey {
  key: Buffer
  /** A short public fingerprint of the key (not the key): tells «another installation» from «modified». */
  fingerprint: string
  file: string
}

function fingerprintOf(key: Buffer): string {
  return crypto.createHmac('sha256', key).update('huella de la clave de respaldos').digest('hex').slice(0, 16)
}

/** Reads a key file (64 hex characters); throws in Spanish. */
export function readKeyFile(file: string): BackupKey {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8').trim()
  } catch {
    throw new BackupKeyError(`no se pudo leer la clave de respaldos ${file}.`)
  }
  if (!/^[0-9a-f]{64}$/.test(text)) throw new BackupKeyError(`${file} no es una clave de respaldos (64 caracteres hexadecimales).`)
  const key = Buffer.from(text, 'hex')
  return { key, fingerprint: fingerprintOf(key), file }
}

/** The installation's key, made (0600) when there is none yet: at the server's first start and by the first backup. */
export function ensureBackupKey(dataDir: string): BackupKey {
  const file = path.join(dataDir, KEY_FILE)
  // Two processes starting at once on one folder get the same key: it appears whole, once (writeFileOnce).
  if (!fs.existsSync(file)) writeFileOnce(file, `${crypto.randomBytes(KEY_BYTES).toString('hex')}\n`)
  return readKeyFile(file)
}

/** The installation's key when it exists (a verification or a restore never makes one: a new key verifies nothing). */
export function installationKey(dataDir: string): BackupKey | undefined {
  const file = path.join(dataDir, KEY_FILE)
  return fs.existsSync(file) ? readKeyFile(file) : undefined
}

function macOf(key: Buffer, file: string, length: number): Buffer {
  const mac = crypto.createHmac('sha256', key)
  const fd = fs.openSync(file, 'r')
  try {
    const buf = Buffer.alloc(1 << 16)
    for (let pos = 0; pos < length; ) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - pos), pos)
      if (n <= 0) break
      mac.update(buf.subarray(0, n))
      pos += n
    }
  } finally {
    fs.closeSync(fd)
  }
  return mac.digest()
}

/** Appends the trailer with the MAC of the whole file as it is now. */
export function signArchive(file: string, key: BackupKey): void {
  const mac = macOf(key.key, file, fs.statSync(file).size)
  const comment = Buffer.from(`${PREFIX}:${key.fingerprint}:${mac.toString('hex')}\0`, 'latin1')
  fs.appendFileSync(file, Buffer.concat([GZIP_HEAD, comment, GZIP_TAIL]))
}

/**
 * Checks the trailer of `file` against `key`; returns how many leading bytes it authenticates (all that may be
 * read). Throws a Spanish explanation otherwise. Reads nothing of the archive but its bytes for the MAC.
 */
export function authenticateArchive(file: string, key: BackupKey | undefined): number {
  const name = path.basename(file)
  const size = fs.statSync(file).size
  const trailer = Buffer.alloc(TRAILER_LENGTH)
  if (size > TRAILER_LENGTH) {
    const fd = fs.openSync(file, 'r')
    try {
      fs.readSync(fd, trailer, 0, TRAILER_LENGTH, size - TRAILER_LENGTH)
    } finally {
      fs.closeSync(fd)
    }
  }
  const comment = trailer.subarray(10, 10 + COMMENT_LENGTH).toString('latin1')
  const match = /^respaldo-hmac-sha256:([0-9a-f]{16}):([0-9a-f]{64})$/.exec(comment)
  if (size <= TRAILER_LENGTH || !trailer.subarray(0, 10).equals(GZIP_HEAD) || !match)
    throw new BackupKeyError(`${name} no tiene la firma de los respaldos de este programa: no se abrió.`)
  if (!key)
    throw new BackupKeyError(
      `no hay clave de respaldos en esta instalación (${KEY_FILE} en la carpeta de datos): indique la clave con la que se hizo ${name} con --clave <archivo>.`,
    )
  if (match[1] !== key.fingerprint)
    throw new BackupKeyError(
      `${name} se firmó con otra clave (la de otra instalación, o fue modificado): indique la clave de la instalación que lo hizo con --clave <archivo>.`,
    )
  const expected = macOf(key.key, file, size - TRAILER_LENGTH)
  if (!crypto.timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')))
    throw new BackupKeyError(`${name} fue modificado después de hecho (su firma no coincide con su contenido): no se abrió.`)
  return size - TRAILER_LENGTH
}
