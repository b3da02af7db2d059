import crypto from 'node:crypto'

/**
 * Sign-in attempts are counted per account and per client address in a
 * sliding window, BEFORE the password is checked (issue 23 #3): checking a
 * lock first and counting the failure after the Argon2 verification let every
 * request already in flight through (100 parallel guesses were all verified).
 * So an attempt reserves its place in both windows first; past the limit it is
 * refused without any verification until the window of the oldest counted
 * attempt has passed. A reservation that turns out to be a right password is
 * given back (a success clears the account's count, and its own place in the
 * address's window, but not the other failures of that address: one good
 * password must not reset a guessing run from the same address on other
 * accounts). A reservation never settled counts as a failure (fail closed).
 *
 * The route sees only {@link SignInThrottle}, so the counts can move into the
 * store (several server processes, issue 23 #6) without touching the route;
 * a store version must make the check-and-count one atomic step.
 */
export interface ThrottleRule {
  /** Attempts allowed in the window before the key is locked. */
  max: number
  windowMs: number
}

export const ACCOUNT_RULE: ThrottleRule = { max: 5, windowMs: 15 * 60_000 }
export const ADDRESS_RULE: ThrottleRule = { max: 20, windowMs: 15 * 60_000 }

/** Either the attempt may be verified (it is already counted) or it must wait. */
export type Reservation = { ok: true; id: string } | { ok: false; lockedMs: number }

export interface SignInThrottle {
  /** Counts the attempt against the account and the address, or refuses it (nothing counted) while either is locked. */
  reserve(correo: string, address: string): Promise<Reservation>
  /** The attempt was right: the account's count is cleared and the attempt no longer counts against the address. */
  succeeded(correo: string, address: string, id: string): Promise<void>
  /** The attempt was not a guess (the password was right but a second factor is still to come, or policy refused it): it no longer counts. */
  release(correo: string, address: string, id: string): Promise<void>
}

/** E-mails are compared as the accounts are looked up: trimmed, any case. */
export function accountKey(correo: string): string {
  return correo.trim().toLowerCase()
}

interface Entry {
  id: string
  at: number
}

class Window {
  private readonly entries = new Map<string, Entry[]>()
  constructor(private readonly rule: ThrottleRule) {}

  private recent(key: string, now: number): Entry[] {
    const list = (this.entries.get(key) ?? []).filter(e => now - e.at < this.rule.windowMs)
    if (list.length) this.entries.set(key, list)
    else this.entries.delete(key)
    return list
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  lockedFor(key: string, now: number): number {
    const list = this.recent(key, now)
    if (list.length < this.rule.max) return 0
    return list[list.length - this.rule.max]!.at + this.rule.windowMs - now
  }

  add(key: string, entry: Entry): void {
    const list = this.entries.get(key) ?? []
    list.push(entry)
    this.entries.set(key, list)
  }

  remove(key: string, id: string): void {
    const list = (this.entries.get(key) ?? []).filter(e => e.id !== id)
    if (list.length) this.entries.set(key, list)
    else this.entries.delete(key)
  }

  clear(key: string): void {
    this.entries.delete(key)
  }
}

/** The throttle of one server process (the default with SQLite: one process per data folder). */
export class MemorySignInThrottle implements SignInThrottle {
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

  // Synchronous inside: check and count happen with no await between them, so no other request can slip in.
  async reserve(correo: string, address: string): Promise<Reservation> {
    const now = this.clock()
    const account = accountKey(correo)
    const lockedMs = Math.max(this.accounts.lockedFor(account, now), this.addresses.lockedFor(address, now))
    if (lockedMs > 0) return { ok: false, lockedMs }
    const entry = { id: crypto.randomUUID(), at: now }
    this.accounts.add(account, entry)
    this.addresses.add(address, entry)
    return { ok: true, id: entry.id }
  }

  async succeeded(correo: string, address: string, id: string): Promise<void> {
    this.accounts.clear(accountKey(correo))
    this.addresses.remove(address, id)
  }

  async release(correo: string, address: string, id: string): Promise<void> {
    this.accounts.remove(accountKey(correo), id)
    this.addresses.remove(address, id)
  }
}
