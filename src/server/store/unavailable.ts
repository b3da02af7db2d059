import type { FilingStore } from './store.ts'

/** Properties a caller may probe on the store without meaning a method call. */
const NOT_METHODS = new Set<string>(['then', 'getter', 'setter'])
/** Every call of an unavailable store fails with this; the error handler answers 503 in Spanish. */
export class StoreUnavailableError extends Error {
  constructor(readonly detail: string) {
    super(detail)
    this.name = 'StoreUnavailableError'
  }
}

/** The database server could not be reached when opening the store (down, still starting, wrong address). */
export class StoreUnreachableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StoreUnreachableError'
  }
}

/**
 * Stands in for a store whose database could not be reached at start (a
 * PostgreSQL server still starting after a reboot, or down): the site keeps
 * serving, every store call is refused (503 in Spanish) and, at most every
 * `retryMs`, a call tries to open the store again; once open, every call goes
 * to it. Without it the web server would not start at all, and citizens
 * would lose the site too, not only the forms.
 */
export function reconnectingStore(
  open: () => Promise<FilingStore>,
  reason: string,
  options: { retryMs?: number; onOpen?: () => void; onFail?: (message: string) => void } = {},
): FilingStore {
  const retryMs = options.retryMs ?? 5_000
  let store: FilingStore | undefined
  let opening: Promise<FilingStore | undefined> | undefined
  let lastTry = Date.now()
  let lastReason = reason
  let closed = false
  const attempt = (): Promise<FilingStore | undefined> => {
    if (store || closed) return Promise.resolve(store)
    if (opening) return opening
    if (Date.now() - lastTry < retryMs) return Promise.resolve(undefined)
    lastTry = Date.now()
    opening = open()
      .then(
        opened => {
          store = opened
          options.onOpen?.()
          return opened
        },
        (error: unknown) => {
          lastReason = error instanceof Error ? error.message : String(error)
          options.onFail?.(lastReason)
          return undefined
        },
      )
      .finally(() => {
        opening = undefined
      })
    return opening
  }
  return new Proxy({} as FilingStore, {
    get(_target, prop) {
      // Not a thenable (`await store` must not call a method), nor a Fastify getter/setter decorator: `app.decorate`
      // reads `getter`/`setter` off the value and would install them as accessors that throw when the store is away.
      if (NOT_METHODS.has(prop as string) || typeof prop === 'symbol') return undefined
      if (store) {
        const value = (store as unknown as Record<string, unknown>)[prop]
        return typeof value === 'function' ? value.bind(store) : value
      }
      if (prop === 'close') {
        return async () => {
          closed = true
          await (await opening)?.close()
        }
      }
      return async (...args: unknown[]) => {
        const opened = await attempt()
        if (!opened) throw new StoreUnavailableError(lastReason)
        return (opened as unknown as Record<string, (...a: unknown[]) => unknown>)[prop]!.apply(opened, args)
      }
    },
  })
}

/**
 * Stands in for the store when it could not be opened safely (a damaged
 * database, docs/decisions/store.md): the site and its reads keep working, and every
 * filing, subscription or office call is refused with a clear message
 * instead of a 500, so nothing is half-stored in a damaged file.
 */
export function unavailableStore(reason: string): FilingStore {
  return new Proxy({} as FilingStore, {
    get(_target, prop) {
      if (prop === 'close') return async () => {}
      // Not a thenable (`await store` must not call a method), nor a Fastify getter/setter decorator: `app.decorate`
      // reads `getter`/`setter` off the value and would install them as accessors that throw when the store is away.
      if (NOT_METHODS.has(prop as string) || typeof prop === 'symbol') return undefined
      return async () => {
        throw new StoreUnavailableError(reason)
      }
    },
  })
}
