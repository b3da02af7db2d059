/**
 * Sign-in attempts are counted in sliding windows BEFORE the password is checked (docs/decisions/office.md): checking a lock
 * first and counting the failure after the Argon2 verification let every request already in flight through (100
 * parallel guesses were all verified). So an attempt reserves its place in every window first; past a limit it is
 * refused without any verification until the window of the oldest counted attempt has passed. A reservation that
 * turns out to be a right password is given back (a success clears the account's count at that address, and its own
 * place in the other windows, but not the other failures of that address: one good password must not reset a
 * guessing run from the same address on other accounts). A reservation never settled counts as a failure.
 *
 * The windows (docs/decisions/office.md, «Sign-in throttling»): an account AT an address (5 in 15 minutes), so a
 * stranger's wrong passwords lock the account for the stranger's address only, never for its owner elsewhere; an
 * address over every account (20), so one address cannot guess through the staff list; and an account over every
 * address (25), the backstop against guessing spread over many addresses (reaching it takes five addresses).
 *
 * The counts live in the store (storeThrottle.ts): every server process sharing the database counts against one
 * limit, a restart gives nothing back, and the store makes the check-and-count one atomic step.
 */
export interface ThrottleRule {
  /** Attempts allowed in the window before the key is locked. */
  max: number
  windowMs: number
}

/** The three windows; see the header. */
export interface ThrottleRules {
  accountAtAddress: ThrottleRule
  address: ThrottleRule
  account: ThrottleRule
}

const FIFTEEN_MINUTES = 15 * 60_000

export const SIGN_IN_RULES: ThrottleRules = {
  accountAtAddress: { max: 5, windowMs: FIFTEEN_MINUTES },
  address: { max: 20, windowMs: FIFTEEN_MINUTES },
  account: { max: 25, windowMs: FIFTEEN_MINUTES },
}

/** Either the attempt may be verified (it is already counted) or it must wait. */
export type Reservation = { ok: true; id: string } | { ok: false; lockedMs: number }

export interface SignInThrottle {
  /** Counts the attempt in every window, or refuses it (nothing counted) while any of them is full. */
  reserve(correo: string, address: string): Promise<Reservation>
  /** The attempt was right: the account's count at this address is cleared and the attempt no longer counts elsewhere. */
  succeeded(correo: string, address: string, id: string): Promise<void>
  /** The attempt was not a guess (the password was right but a second factor is still to come, or policy refused it): it no longer counts. */
  release(correo: string, address: string, id: string): Promise<void>
}

/** E-mails are compared as the accounts are looked up: trimmed, any case. */
export function accountKey(correo: string): string {
  return correo.trim().toLowerCase()
}
