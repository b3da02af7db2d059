import { createHash, randomInt } from 'node:crypto'

/**
 * Verification codes of filings (docs/decisions/server-structure.md). Ten characters from an alphabet
 * without look-alikes (no 0/O, 1/I/L, 5/S, 8/B), so it can be read aloud over
 * the phone; about 47 bits, and lookups are rate-limited per address. The
 * store keeps only the SHA-256 of the normalized code: a leaked database does
 * not open the tracking of anyone's filing.
 */
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY234679'
const LENGTH = 10

/** A new code, grouped in two halves for reading aloud: `K7MCP-Q9RT2`. */
export function newVerificationCode(): string {
  let out = ''
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)]
  return `${out.slice(0, 5)}-${out.slice(5)}`
}

/** What the citizen typed, compared without case, spaces or dashes. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '')
}

export function hashCode(code: string): string {
  return createHash('sha256').update(normalizeCode(code), 'utf8').digest('hex')
}
