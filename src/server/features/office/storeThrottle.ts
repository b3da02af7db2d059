import crypto from 'node:crypto'
import type { SharedStateStore } from '../../store/shared.ts'
import { accountKey, ACCOUNT_RULE, ADDRESS_RULE, type Reservation, type SignInThrottle, type ThrottleRule } from './throttle.ts'

/**
 * The sign-in throttle (throttle.ts) with its counts in the store (issue 23
 * #6): every server process sharing the database counts against one limit
 * per account and per address, and a restart does not give the counts back.
 * The store checks and counts in one atomic step (shared.ts reserveAttempt),
 * so attempts in flight on several processes cannot all pass the check.
 */
export class StoreSignInThrottle implements SignInThrottle {
  constructor(
    private readonly store: Pick<SharedStateStore, 'reserveAttempt' | 'forgetAttempts'>,
    private readonly accountRule: ThrottleRule = ACCOUNT_RULE,
    private readonly addressRule: ThrottleRule = ADDRESS_RULE,
    private readonly clock: () => number = Date.now,
  ) {}

  #keys(correo: string, address: string) {
    return { account: `cuenta:${accountKey(correo)}`, address: `direccion:${address}` }
  }

  async reserve(correo: string, address: string): Promise<Reservation> {
    const keys = this.#keys(correo, address)
    const id = crypto.randomUUID()
    const r = await this.store.reserveAttempt(
      [
        { clave: keys.account, ...this.accountRule },
        { clave: keys.address, ...this.addressRule },
      ],
      id,
      this.clock(),
    )
    return r.ok ? { ok: true, id } : r
  }

  async succeeded(correo: string, address: string, id: string): Promise<void> {
    const keys = this.#keys(correo, address)
    await this.store.forgetAttempts(keys.account)
    await this.store.forgetAttempts(keys.address, id)
  }

  async release(correo: string, address: string, id: string): Promise<void> {
    const keys = this.#keys(correo, address)
    await this.store.forgetAttempts(keys.account, id)
    await this.store.forgetAttempts(keys.address, id)
  }
}
