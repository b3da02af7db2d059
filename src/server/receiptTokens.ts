import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Receipt } from '../forms/receipt.ts'
import type { FilingStore } from './store/store.ts'

/** How long a reload of the no-script confirmation page shows the code again. */
export const RECEIPT_TTL_MS = 30 * 60_000

const b64 = (b: Buffer) => b.toString('base64url')

/** The sealing key is derived from the token: the store keeps only the token's hash, so its rows alone do not open. */
function keyOf(token: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', token, Buffer.alloc(0), 'recibo-sin-javascript', 32))
}

export function receiptTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** AES-256-GCM: iv, tag and ciphertext, in base64url. */
export function sealReceipt(token: string, receipt: Receipt): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(Buffer.from(token, 'base64url')), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(receipt), 'utf8'), cipher.final()])
  return [b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.')
}

export function openReceipt(token: string, sealed: string): Receipt | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map(p => Buffer.from(p, 'base64url'))
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(Buffer.from(token, 'base64url')), iv!)
    decipher.setAuthTag(tag!)
    return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as Receipt
  } catch {
    return undefined
  }
}

/**
 * Receipts waiting for their no-script confirmation page (Post/Redirect/Get),
 * under a random token in the redirect address, for RECEIPT_TTL_MS: a reload
 * shows the code again. Kept in the store (docs/decisions/receipt-pdf.md), so the reload may
 * reach any server process behind the balancer. The verification code is
 * never stored in clear (store.ts): the receipt is sealed with a key derived
 * from the token, which only the citizen's address holds.
 *
 * The filing is already stored when its receipt is kept: a store that fails
 * right then must not turn that success into an error (docs/decisions/receipt-pdf.md), so the
 * receipt is kept in this process's memory instead (a reload reaching another
 * process then shows the number without the code).
 */
export class ReceiptTokens {
  readonly #local = new Map<string, { receipt: Receipt; until: number }>()

  constructor(
    private readonly store: FilingStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async keep(receipt: Receipt, now = Date.now()): Promise<string> {
    const token = b64(crypto.randomBytes(32))
    try {
      await this.store.keepReceipt(receiptTokenHash(token), { radicado: receipt.id, sellado: sealReceipt(token, receipt) }, now + RECEIPT_TTL_MS)
    } catch (error) {
      this.log.warn({ radicado: receipt.id, err: { name: (error as Error).name } }, 'recibo sin JavaScript guardado solo en este proceso')
      for (const [k, v] of this.#local) if (v.until < now) this.#local.delete(k)
      this.#local.set(token, { receipt, until: now + RECEIPT_TTL_MS })
    }
    return token
  }

  /** The receipt of this token, only for the number it was made for. */
  async take(token: string | undefined, id: string, now = Date.now()): Promise<Receipt | undefined> {
    if (!token) return undefined
    const local = this.#local.get(token)
    if (local) return local.until >= now && local.receipt.id === id ? local.receipt : undefined
    const kept = await this.store.findReceipt(receiptTokenHash(token), now)
    if (!kept || kept.radicado !== id) return undefined
    const receipt = openReceipt(token, kept.sellado)
    return receipt?.id === id ? receipt : undefined
  }
}
