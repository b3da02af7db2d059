import { randomUUID } from 'node:crypto'
import type { Constancia } from './constancia.ts'

const CONSTANCIA_TTL_MS = 30 * 60_000

/** Constancias waiting to be shown or printed, by a random token, for the account that registered them only. */
export class ConstanciaTokens {
  readonly #byToken = new Map<string, { cuentaId: number; constancia: Constancia; until: number }>()

  keep(cuentaId: number, constancia: Constancia, now: number): string {
    for (const [k, v] of this.#byToken) if (v.until < now) this.#byToken.delete(k)
    // Bounded: the oldest go first (a busy counter registers far fewer than this in 30 minutes).
    while (this.#byToken.size >= 1000) this.#byToken.delete(this.#byToken.keys().next().value!)
    const token = randomUUID()
    this.#byToken.set(token, { cuentaId, constancia, until: now + CONSTANCIA_TTL_MS })
    return token
  }

  take(token: string, cuentaId: number, now: number): Constancia | undefined {
    const entry = this.#byToken.get(token)
    return entry && entry.until >= now && entry.cuentaId === cuentaId ? entry.constancia : undefined
  }
}
