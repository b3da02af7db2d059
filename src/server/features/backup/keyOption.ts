/**
 * `--clave <archivo>` of `respaldo --verificar` and `restaurar`: the key a backup was made with, when it is not this
 * installation's (another installation's backup, or a restore on a new machine from the copy kept apart). The key is
 * read from a file, never taken from the command line (where `ps` and the shell's history would show it).
 */
import path from 'node:path'
import { type BackupKey, installationKey, readKeyFile } from './signature.ts'

export function takeKeyOption(args: readonly string[], dataDir: string): { rest: string[]; key: BackupKey | undefined; identity?: string } {
  const rest: string[] = []
  let keyFile: string | undefined
  let identity: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    // `--identidad <archivo>`: the age identity that decrypts an encrypted archive (encryption.ts), also a file.
    if (arg === '--identidad') identity = args[++i] ?? ''
    else if (arg.startsWith('--identidad=')) identity = arg.slice('--identidad='.length)
    else if (arg === '--clave') keyFile = args[++i] ?? ''
    else if (arg.startsWith('--clave=')) keyFile = arg.slice('--clave='.length)
    else rest.push(arg)
  }
  if (keyFile === '') throw new Error('--clave necesita el archivo de la clave (nunca la clave misma).')
  if (identity === '') throw new Error('--identidad necesita el archivo de identidad de age (nunca la clave misma).')
  const key = keyFile === undefined ? installationKey(dataDir) : readKeyFile(path.resolve(keyFile))
  return { rest, key, ...(identity !== undefined && { identity: path.resolve(identity) }) }
}
