/**
 * The sites' servers a platform process keeps in memory (siteHosts.ts), at most `capacity` of them
 * (docs/decisions/platform.md, «A bounded number of sites in memory»). Each site's server holds its forms, search
 * index, caches and store handle, about 5.6 MiB: kept for every site ever visited, memory grew with the platform
 * until V8 stopped the process near 950 visited sites. When a new site is started and the cache is full, the site
 * used longest ago is closed — only when no request of it is in flight, so a filing being received is never cut —
 * and started again on its next request. Its metrics are the process's (features/health/metrics.ts): they keep counting.
 */
/** SITIOS_EN_MEMORIA when the environment does not set it. */
export const DEFAULT_SITES_IN_MEMORY = 200

export interface ClosableApp {
  close(): Promise<unknown>
}

interface Entry<A> {
  app: Promise<A>
  inFlight: number
  lastUsed: number
}

export interface SiteAppCache<A> {
  /** The site's server, started when not in memory; `release` must be called once the request is answered. */
  acquire(id: string): { app: Promise<A>; release(): void }
  /** Runs `fn` with the site's server, held in memory while it runs. */
  use<T>(id: string, fn: (app: A) => Promise<T>): Promise<T>
  /**
   * Runs `fn` with the site's server only if it is in memory (held meanwhile, its place in the order unchanged: a
   * scrape is no visit); undefined when it is not, and nothing is started.
   */
  useIfInMemory<T>(id: string, fn: (app: A) => Promise<T>): Promise<T> | undefined
  /** Ids of the sites in memory (least recently used first). */
  inMemory(): string[]
  closeAll(): Promise<void>
}

export interface SiteAppCacheOptions<A> {
  capacity: number
  start(id: string): Promise<A>
  /** Told when a site's server could not start or close (the log): the others are not touched. */
  onError?(id: string, stage: 'start' | 'close', error: unknown): void
}

export function siteAppCache<A extends ClosableApp>(opts: SiteAppCacheOptions<A>): SiteAppCache<A> {
  const entries = new Map<string, Entry<A>>()
  let clock = 0
  const trim = () => trimIdle(entries, opts)

  const cache: SiteAppCache<A> = {
    acquire(id) {
      const entry = entries.get(id) ?? startEntry(entries, id, opts)
      entry.inFlight++
      entry.lastUsed = ++clock
      trim()
      const held = entry
      let released = false
      return {
        app: held.app,
        release() {
          if (released) return
          released = true
          held.inFlight--
          trim()
        },
      }
    },
    async use(id, fn) {
      const { app, release } = cache.acquire(id)
      try {
        return await fn(await app)
      } finally {
        release()
      }
    },
    useIfInMemory(id, fn) {
      const entry = entries.get(id)
      if (!entry) return undefined
      entry.inFlight++
      return entry.app.then(fn).finally(() => {
        entry.inFlight--
        trim()
      })
    },
    inMemory: () => [...entries].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([id]) => id),
    async closeAll() {
      const all = [...entries.values()]
      entries.clear()
      await Promise.all(all.map(e => e.app.then(a => a.close()).catch(() => undefined)))
    },
  }
  return cache
}

function startEntry<A>(entries: Map<string, Entry<A>>, id: string, opts: SiteAppCacheOptions<A>): Entry<A> {
  const app = opts.start(id)
  const created: Entry<A> = { app, inFlight: 0, lastUsed: 0 }
  entries.set(id, created)
  // A site that cannot start is tried again on its next request.
  app.catch(error => {
    opts.onError?.(id, 'start', error)
    if (entries.get(id) === created) entries.delete(id)
  })
  return created
}

/** Closes the least recently used idle sites while the cache is over capacity; busy ones wait for a later call. */
function trimIdle<A extends ClosableApp>(entries: Map<string, Entry<A>>, opts: SiteAppCacheOptions<A>): void {
  if (entries.size <= opts.capacity) return
  const idle = [...entries].filter(([, e]) => e.inFlight === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed)
  for (const [id, entry] of idle) {
    if (entries.size <= opts.capacity) break
    entries.delete(id)
    void entry.app.then(
      app => app.close().catch(error => opts.onError?.(id, 'close', error)),
      () => undefined,
    )
  }
}
