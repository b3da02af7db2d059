import crypto from 'node:crypto'
import type { SharedStateStore } from '../../store/shared.ts'
import { accountKey, type Reservation, SIGN_IN_RULES, type SignInThrottle, type ThrottleRules } from './throttle.ts'

/**
 * The sign-in throttle (throttle.ts: its windows and why) with its counts in the store (docs/decisions/office.md): every server
 * process sharing the database counts against one limit, and a restart does not give the counts back. The store
 * checks and counts in one atomic step (shared.ts reserveAttempt), so attempts in flight on several processes cannot
 * all pass the check.
 */
export class StoreSignInThrottle implements SignInThrottle {
  constructor(
    private readonly store: Pick<SharedStateStore, 'reserveAttempt' | 'forgetAttempts'>,
    private readonly rules: ThrottleRules = SIGN_IN_RULES,
    private readonly clock: () => number = Date.now,
  ) {}

  #keys(correo: string, address: string) {
    const account = accountKey(correo)
    return { accountAtAddress: `cuenta:${account}|direccion:${address}`, address: `direccion:${address}`, account: `cuenta:${account}` }
  }

  async reserve(correo: string, address: string): Promise<Reservation> {
    const keys = this.#keys(correo, address)
    const id = crypto.randomUUID()
    const r = await this.store.reserveAttempt(
      [
        { clave: keys.accountAtAddress, ...this.rules.accountAtAddress },
        { clave: keys.address, ...this.rules.address },
        { clave: keys.account, ...this.rules.account },
      ],
      id,
      this.clock(),
    )
    return r.ok ? { ok: true, id } : r
  }

  async succeeded(correo: string, address: string, id: string): Promise<void> {
    const keys = this.#keys(correo, address)
    await this.store.forgetAttempts(keys.accountAtAddress)
    await this.store.forgetAttempts(keys.address, id)
    await this.store.forgetAttempts(keys.account, id)
  }

  async release(correo: string, address: string, id: string): Promise<void> {
    const keys = this.#keys(correo, address)
    for (const key of [keys.accountAtAddress, keys.address, keys.account]) await this.store.forgetAttempts(key, id)
  }
}
