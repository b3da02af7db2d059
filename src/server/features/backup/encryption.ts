/**
 * Optional encryption of backup archives with `age` (Debian package `age`): to the public key in
 * RESPALDO_DESTINATARIO_AGE, so a copy that leaves the server (another disk, an off-site service) cannot be read
 * without the identity file the operator keeps elsewhere; the server itself never holds that identity. The
 * archive inside is the signed one (signature.ts): after decryption its MAC is checked as always.
 * See docs/decisions/backups.md, «Encrypted archives».
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** The first line of every age file (the age v1 format). */
const AGE_HEADER = 'age-encryption.org/v1\n'
export const AGE_SUFFIX = '.age'

export class BackupEncryptionError extends Error {}

export function isEncryptedArchive(file: string): boolean {
  const fd = fs.openSync(file, 'r')
  try {
    const head = Buffer.alloc(AGE_HEADER.length)
    const n = fs.readSync(fd, head, 0, head.length, 0)
    return n === head.length && head.toString('latin1') === AGE_HEADER
  } finally {
    fs.closeSync(fd)
  }
}

function runAge(args: string[]): void {
  try {
    execFileSync(process.env.AGE_BIN || 'age', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer }
    if (e.code === 'ENOENT') throw new BackupEncryptionError('falta el programa age: instálelo con «sudo apt-get install age».')
    throw new BackupEncryptionError(`age: ${e.stderr?.toString().trim() || e.message}`)
  }
}

/** Encrypts `plain` into `plain.age` (private mode) for the recipient (a public key: no secret on the command line). */
export function encryptArchive(plain: string, recipient: string): string {
  const out = `${plain}${AGE_SUFFIX}`
  runAge(['--encrypt', '--recipient', recipient.trim(), '--output', out, plain])
  fs.chmodSync(out, 0o600)
  return out
}

/** Decrypts an age archive with the identity file named by `--identidad` into `out` (private mode). */
export function decryptArchive(encrypted: string, identityFile: string | undefined, out: string): void {
  if (!identityFile)
    throw new BackupEncryptionError(
      'el respaldo está cifrado con age: indique el archivo de identidad (la clave privada que se guarda fuera del servidor) con --identidad <archivo>.',
    )
  if (!fs.existsSync(identityFile)) throw new BackupEncryptionError(`no existe el archivo de identidad ${identityFile}.`)
  fs.writeFileSync(out, '', { mode: 0o600 })
  runAge(['--decrypt', '--identity', identityFile, '--output', out, encrypted])
}
