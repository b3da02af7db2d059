/**
 * State every server process must see the same (docs/decisions/store.md): with
 * several processes behind one balancer, counts kept in each process's
 * memory gave N× the limits, and a receipt reload that reached another
 * process lost the verification code. Kept in the store instead, so one
 * database (the SQLite file, or PostgreSQL for several processes) holds it.
 * Every engine implements it; tests/api/store.test.ts runs it against each.
 */

/**
 * The start of the fixed window `now` falls in: a multiple of `windowMs`. A counter row keeps this, not the time of
 * the request that opened it, so its time cannot be matched to a filing's `recibido_en` (anonymous denuncias).
 */
export function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs)
}

/**
 * Tables of short-lived limiter rows (request counts, sign-in attempts): they live an hour at most, hold keys of
 * client addresses and restore nothing worth having, so backups leave their rows out (features/backup/snapshot.ts).
 */
export const LIMITER_TABLES = ['limites_solicitudes', 'intentos_acceso'] as const

/** Requests counted under one key in the current window, this one included, and ms until the window ends. */
export interface RequestCount {
  current: number
  ttl: number
}

/** One key of the sign-in throttle (an account or a client address) and its limit. */
export interface AttemptRule {
  clave: string
  /** Attempts allowed in the window; the next one is refused until the oldest counted leaves it. */
  max: number
  windowMs: number
}

export type AttemptReservation = { ok: true } | { ok: false; lockedMs: number }

/** A no-script receipt waiting for its confirmation page: the number in clear, the rest sealed (receiptTokens.ts). */
export interface PendingReceipt {
  radicado: string
  sellado: string
}

export interface SharedStateStore {
  /**
   * Counts one request under `clave` in fixed windows of `windowMs`, aligned
   * to multiples of `windowMs` since 1970 (windowStart): the row keeps the
   * window's start, never a request's own millisecond. Not durable against a
   * power cut on SQLite (a counter, not a record): it must cost a filing little.
   */
  countRequest(clave: string, windowMs: number, now?: number): Promise<RequestCount>

  /**
   * Counts the attempt `intento` under the key of every rule, in one atomic
   * step with the check (several processes at once see one count): refused,
   * with nothing counted, while any key already has `max` attempts in its window.
   */
  reserveAttempt(rules: readonly AttemptRule[], intento: string, now?: number): Promise<AttemptReservation>

  /** Removes one counted attempt of a key or, without `intento`, all of them. */
  forgetAttempts(clave: string, intento?: string): Promise<void>

  /** Keeps a receipt under the hash of its token until `venceEn` (ms since 1970); expired ones are removed on the way. */
  keepReceipt(tokenHash: string, receipt: PendingReceipt, venceEn: number): Promise<void>

  /** The receipt kept under this token hash, unless expired. */
  findReceipt(tokenHash: string, now?: number): Promise<PendingReceipt | undefined>
}

/** Milliseconds until a key with these attempt times (oldest first, all inside the window) may try again; 0 when it may now. */
export function lockedFor(times: readonly number[], rule: AttemptRule, now: number): number {
  if (times.length < rule.max) return 0
  return times[times.length - rule.max]! + rule.windowMs - now
}
