/**
 * The rate limits' key for a client address, without the address (docs/decisions/security.md, «Rate limits that keep
 * no address»): an HMAC-SHA-256 of the address under a secret of the day. An anonymous denuncia's sender must not be
 * findable from what the store keeps: a plain `radicar|<ip>` row, living as long as its window, tied the filing to
 * its address. The secret is random, one per UTC day, in a file of DATA_DIR (0600, folder 0700) that no backup
 * copies; every server process sharing DATA_DIR (and so the database) reads the same one, so they still count one
 * limit. The previous days' files are deleted when a new day's is made: once a day is over not even the server can
 * tell which address a key was. The cost: at the change of day every address starts a fresh window.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileOnce } from './writeFileOnce.ts'

/** Folder of DATA_DIR holding the day's secret (`<AAAA-MM-DD>.clave`). */
export const ADDRESS_SECRET_DIR = 'secreto-limites'
const DAY_MS = 86_400_000
const SECRET_BYTES = 32
const SECRET_FILE = /^\d{4}-\d{2}-\d{2}\.clave$/

export interface AddressKeys {
  /** The key that stands for `address` today: 22 base64url characters (128 bits of the HMAC). */
  keyOf(address: string, now?: number): string
}

/** The day's secret: read, or made once (writeFileOnce: a process that loses the race reads the winner's). */
function daySecret(dir: string, day: number): Buffer {
  const name = `${new Date(day * DAY_MS).toISOString().slice(0, 10)}.clave`
  const file = path.join(dir, name)
  if (!fs.existsSync(file)) {
    writeFileOnce(file, crypto.randomBytes(SECRET_BYTES))
    // The days before are over: their secrets go, so their keys can no longer be matched to an address.
    for (const old of fs.readdirSync(dir)) if (SECRET_FILE.test(old) && old < name) fs.rmSync(path.join(dir, old), { force: true })
  }
  const secret = fs.readFileSync(file)
  if (secret.length !== SECRET_BYTES) throw new Error(`${file}: el secreto del día no tiene ${SECRET_BYTES} bytes`)
  return secret
}

/**
 * The keys of one data folder. When the secret cannot be read or written (a read-only or full disk), the process
 * keeps a random secret of its own for the day: its limits then count in this process only, never on the address.
 */
export function addressKeys(dataDir: string, onLocalSecret: (error: Error) => void = () => undefined): AddressKeys {
  const dir = path.join(dataDir, ADDRESS_SECRET_DIR)
  let cached: { day: number; secret: Buffer } | undefined
  const secretOf = (day: number): Buffer => {
    if (cached?.day === day) return cached.secret
    let secret: Buffer
    try {
      secret = daySecret(dir, day)
    } catch (error) {
      onLocalSecret(error as Error)
      secret = crypto.randomBytes(SECRET_BYTES)
    }
    cached = { day, secret }
    return secret
  }
  return {
    keyOf: (address, now = Date.now()) =>
      crypto
        .createHmac('sha256', secretOf(Math.floor(now / DAY_MS)))
        .update(address)
        .digest('base64url')
        .slice(0, 22),
  }
}
