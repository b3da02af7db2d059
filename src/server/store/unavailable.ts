import type { FilingStore } from './store.ts'

/** Every call of an unavailable store fails with this; the error handler answers 503 in Spanish. */
export class StoreUnavailableError extends Error {
  constructor(readonly detail: string) {
    super(detail)
    this.name = 'StoreUnavailableError'
  }
}

/**
 * Stands in for the store when it could not be opened safely (a damaged
 * database, issue 13 #16): the site and its reads keep working, and every
 * filing, subscription or office call is refused with a clear message
 * instead of a 500, so nothing is half-stored in a damaged file.
 */
export function unavailableStore(reason: string): FilingStore {
  return new Proxy({} as FilingStore, {
    get(_target, prop) {
      if (prop === 'close') return async () => {}
      // Not a thenable: `await store` must not call a method.
      if (prop === 'then' || typeof prop === 'symbol') return undefined
      return async () => {
        throw new StoreUnavailableError(reason)
      }
    },
  })
}
