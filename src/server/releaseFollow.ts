/**
 * A server node following its site's pointer in PostgreSQL (docs/decisions/platform.md, «Releases through the
 * database»): the site is served from this node's own releases folder, as without a database (`pointerSiteRoot`), and
 * at most every `checkMs` a request starts, without waiting for it, one look at the database pointer; when it names a
 * release this disk lacks, the release is downloaded and the local pointer switched (releasesInDatabase.ts), and the
 * next requests are served from it. A site nobody visits costs no query. When the site's server starts, the first look
 * is awaited, so a node that joins serves the current release from its first request.
 */
import type { AppOptions } from './appOptions.ts'
import { followDatabasePointer } from './releasesInDatabase.ts'
import { fixedSiteRoot, pointerSiteRoot, type SiteRoot } from './releases.ts'
import { checkoutFor, leasePool } from './store/sharedPool.ts'
import { siteKeyFromEnv } from './store/siteProof.ts'
import { DEFAULT_SITE } from './store/siteTenancy.ts'

/** How often, at most, a node looks at a site's pointer in the database (the «within seconds» of a publication). */
export const RELEASE_CHECK_MS = 3_000

export interface FollowOptions {
  databaseUrl: string
  site: string
  checkMs?: number
  /** Told when a look failed (the site keeps serving what it served) and when the node switched. */
  log: { warn(message: string): void; info(message: string): void }
}

export interface FollowingSiteRoot extends SiteRoot {
  /** Waits for a look in progress and gives back the pool. */
  close(): Promise<void>
}

export async function databaseSiteRoot(releasesDir: string, fallbackDir: string, options: FollowOptions): Promise<FollowingSiteRoot> {
  const checkMs = options.checkMs ?? RELEASE_CHECK_MS
  const local = pointerSiteRoot(releasesDir, fallbackDir)
  // The process's one pool (sharedPool.ts): following a thousand sites opens no connection of its own.
  const lease = leasePool(options.databaseUrl, false)
  const key = siteKeyFromEnv()
  let running: Promise<void> | undefined
  let last = 0
  let closed = false
  const look = (): Promise<void> => {
    last = Date.now()
    running = (async () => {
      const client = await checkoutFor(lease.pool, options.site, key)
      try {
        const now = await followDatabasePointer(client, releasesDir)
        if (now) options.log.info(`publicación ${now} tomada de la base de datos`)
      } finally {
        client.release()
      }
    })()
      .catch((error: unknown) =>
        options.log.warn(`no se pudo seguir la publicación de la base de datos: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = undefined
      })
    return running
  }
  const maybeLook = () => {
    if (!closed && !running && Date.now() - last >= checkMs) void look()
  }
  await look()
  return {
    current: () => {
      maybeLook()
      return local.current()
    },
    candidates: () => {
      maybeLook()
      return local.candidates()
    },
    async close() {
      closed = true
      await running
      await lease.release()
    },
  }
}

/**
 * Where a site's server takes its pages from: the build folder; the releases folder's pointer; and with PostgreSQL,
 * that pointer kept to the database's, so a publication made on any node is served here too. `onClose` gets what to
 * run when the server closes.
 */
export async function openSiteRoot(options: AppOptions, log: FollowOptions['log'], onClose: (close: () => Promise<void>) => void): Promise<SiteRoot> {
  if (!options.releasesDir) return fixedSiteRoot(options.clientDir)
  if (!options.databaseUrl?.trim() || options.followDatabaseReleases === false) return pointerSiteRoot(options.releasesDir, options.clientDir)
  const root = await databaseSiteRoot(options.releasesDir, options.clientDir, {
    databaseUrl: options.databaseUrl,
    site: options.siteId ?? DEFAULT_SITE,
    checkMs: options.releaseCheckMs,
    log,
  })
  onClose(() => root.close())
  return root
}
