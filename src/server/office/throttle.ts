/**
 * Failed sign-ins are counted per account and per client address in a
 * sliding window; past the limit, that key is locked until the window of its
 * oldest counted failure has passed. A success clears the account's count
 * (not the address's: one good password must not reset a guessing run from
 * the same address on other accounts). In memory: one server process per
 * data folder (see decisions), and a restart only gives back one window.
 */
export interface ThrottleRule {
  /** Failures allowed in the window before the key is locked. */
  max: number
  windowMs: number
}

export const ACCOUNT_RULE: ThrottleRule = { max: 5, windowMs: 15 * 60_000 }
export const ADDRESS_RULE: ThrottleRule = { max: 20, windowMs: 15 * 60_000 }

class Window {
  private readonly failures = new Map<string, number[]>()
  constructor(private readonly rule: ThrottleRule) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.rule.windowMs)
    if (list.length) this.failures.set(key, list)
    else this.failures.delete(key)
    return list
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  lockedFor(key: string, now: number): number {
    const list = this.recent(key, now)
    if (list.length < this.rule.max) return 0
    return list[list.length - this.rule.max]! + this.rule.windowMs - now
  }

  fail(key: string, now: number): void {
    const list = this.recent(key, now)
    list.push(now)
    this.failures.set(key, list)
  }

  clear(key: string): void {
    this.failures.delete(key)
  }
}

export class LoginThrottle {
  private readonly accounts: Window
  private readonly addresses: Window

  constructor(
    accountRule: ThrottleRule = ACCOUNT_RULE,
    addressRule: ThrottleRule = ADDRESS_RULE,
    private readonly clock: () => number = Date.now,
  ) {
    this.accounts = new Window(accountRule)
    this.addresses = new Window(addressRule)
  }

  /** Milliseconds the attempt must wait (0: it may try). Checked before the password, so a locked key costs no hashing. */
  lockedFor(correo: string, address: string): number {
    const now = this.clock()
    return Math.max(this.accounts.lockedFor(correo.trim().toLowerCase(), now), this.addresses.lockedFor(address, now))
  }

  failed(correo: string, address: string): void {
    const now = this.clock()
    this.accounts.fail(correo.trim().toLowerCase(), now)
    this.addresses.fail(address, now)
  }

  succeeded(correo: string): void {
    this.accounts.clear(correo.trim().toLowerCase())
  }
}
