import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { AddressKeys } from './addressKeys.ts'
import { windowStart } from './store/shared.ts'
import { StoreBusyError } from './store/sqlite.ts'
import type { FilingStore } from './store/store.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/**
 * @fastify/rate-limit's store interface over our store (docs/decisions/security.md): every
 * server process sharing the database counts in one place, so N processes
 * behind a balancer apply one limit, not N. Each `app.rateLimit()` names its
 * budget with `groupId` (the filings', the office's, the lookups'), which
 * becomes part of the key, as separate in-memory stores kept them apart.
 *
 * A foreign lock on the SQLite file (StoreBusyError) must not refuse every
 * request of the site for its length: while it lasts, requests are counted
 * in this process's memory. Any other failure (PostgreSQL away) is the
 * request's error: 503 in Spanish, as the filing itself would get.
 *
 * The client's address never reaches the store (nor this process's fallback counts): the key is its HMAC under the
 * day's secret (addressKeys.ts), and a window starts at its bucket's boundary, never at a request's millisecond
 * (store/shared.ts windowStart), so no counter row holds what could tie an anonymous filing to its sender.
 */
export function sharedRateLimitStore(store: FilingStore, keys: AddressKeys): FastifyRateLimitStoreCtor {
  const local = new Map<string, { current: number; since: number }>()
  const countLocally = (key: string, windowMs: number) => {
    const now = Date.now()
    const since = windowStart(now, windowMs)
    const entry = local.get(key)
    const fresh = !entry || entry.since < since
    const next = fresh ? { current: 1, since } : { current: entry.current + 1, since: entry.since }
    if (local.size > 10_000) local.clear()
    local.set(key, next)
    return { current: next.current, ttl: next.since + windowMs - now }
  }

  class SharedRateLimit implements FastifyRateLimitStore {
    readonly #group: string

    constructor(options: FastifyRateLimitOptions | object) {
      const group = (options as { groupId?: unknown }).groupId
      this.#group = typeof group === 'string' && group ? group : 'general'
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      // `key` is the client's address (@fastify/rate-limit's default key): only its keyed hash is kept.
      const clave = `${this.#group}|${keys.keyOf(key)}`
      store.countRequest(clave, timeWindow).then(
        count => callback(null, count),
        (error: Error) => (error instanceof StoreBusyError ? callback(null, countLocally(clave, timeWindow)) : callback(error)),
      )
    }

    // The merged options of one app.rateLimit() call: its groupId names the budget.
    child(routeOptions: object): FastifyRateLimitStore {
      return new SharedRateLimit(routeOptions)
    }
  }
  return SharedRateLimit as unknown as FastifyRateLimitStoreCtor
}
