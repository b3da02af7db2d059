/**
 * `--clave <archivo>` of `respaldo --verificar` and `restaurar`: the key a backup was made with, when it is not this
 * installation's (another installation's backup, or a restore on a new machine from the copy kept apart). The key is
 * read from a file, never taken from the command line (where `ps` and the shell's history would show it).
 */
import path from 'node:path'
import { type BackupKey, installationKey, readKeyFile } from './signature.ts'

/** `--clave` and `--identidad` of the command (commandLine.ts) → the key and the age identity; throws in Spanish. */
export function keyFromOptions(values: { clave?: string; identidad?: string }, dataDir: string): { key: BackupKey | undefined; identity?: string } {
  if (values.clave === '') throw new Error('--clave necesita el archivo de la clave (nunca la clave misma).')
  // `--identidad <archivo>`: the age identity that decrypts an encrypted archive (encryption.ts), also a file.
  if (values.identidad === '') throw new Error('--identidad necesita el archivo de identidad de age (nunca la clave misma).')
  const key = values.clave === undefined ? installationKey(dataDir) : readKeyFile(path.resolve(values.clave))
  return { key, ...(values.identidad !== undefined && { identity: path.resolve(values.identidad) }) }
}

/** The options `respaldo --verificar` and `restaurar` read with commandLine.ts. */
export const KEY_OPTIONS = { clave: { type: 'string' }, identidad: { type: 'string' } } as const
