/**
 * A platform site's health sources read from its folders and its store, without starting its server
 * (docs/decisions/operations.md, «A platform's health and metrics start no site»): what a site's server would read —
 * its release pointer, its forms, its data folder, its store — opened only for the call and closed after it. A scrape
 * of a thousand sites thus never starts nor evicts a site's server (siteAppCache.ts); a site in memory is read
 * through its own server instead (siteHosts.ts), which alone knows its last e-mail.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { PlatformSite } from '../manifest/platform.ts'
import type { AppOptions } from './appOptions.ts'
import { createMailStatus, DEFAULT_MIN_FREE_MB, type HealthSources, type HealthStore } from './features/health/index.ts'
import { pointedCode, pointerSiteRoot, servedRelease } from './releases.ts'
import { loadFilingForms } from './siteData.ts'
import { openFilingStore } from './store/open.ts'
import { DB_FILE, StoreCorruptedError } from './store/sqlite.ts'
import type { FilingStore } from './store/store.ts'
import { StoreUnreachableError, unavailableStore } from './store/unavailable.ts'
import { programCommit, programVersion } from './version.ts'

/** The program this process runs, read once (as each site's server reads it at its start). */
export interface Program {
  version: string
  commit: string | undefined
}

export function thisProgram(): Program {
  return { version: programVersion(), commit: programCommit() }
}

/**
 * Runs `use` with the site's sources. Throws, as the site's server would not start, when its forms have errors. The
 * store is opened the way the site's server opens it, only when asked (the detail's write check, the gauges' counts),
 * and closed after `use`.
 */
export async function withSiteSources<T>(base: AppOptions, program: Program, site: PlatformSite, use: (src: HealthSources) => Promise<T>): Promise<T> {
  const setup = loadFilingForms(site.manifestDir)
  if (!setup.lookups) throw new Error('sus formularios usan listas que no tiene')
  let opened: Promise<FilingStore> | undefined
  const store = (): Promise<HealthStore> => {
    // A site that never received anything on SQLite has no file yet: its server would create it, a scrape does not.
    if (!base.databaseUrl && !fs.existsSync(path.join(site.dataDir, DB_FILE))) return Promise.resolve(notYetCreated(site.dataDir))
    opened ??= openSiteStore(base, site, setup.plan)
    return opened
  }
  try {
    return await use({
      dataDir: site.dataDir,
      engine: base.databaseUrl?.trim() ? 'postgresql' : 'sqlite',
      store,
      release: () => siteRelease(site),
      forms: setup.filings.filter(f => f.clase === 'radicacion'),
      lookups: setup.lookups,
      now: base.now,
      version: program.version,
      code: pointedCode(site.releasesDir) ?? program.commit,
      // Only a running server knows its last e-mail; whether one is configured is the platform's setting.
      mail: createMailStatus(!!base.smtpUrl),
      minFreeMb: base.minFreeMb ?? DEFAULT_MIN_FREE_MB,
    })
  } finally {
    // A store that could not be opened has nothing to close (its failure is the reading's: checkStore).
    await opened?.then(
      store => store.close(),
      () => undefined,
    )
  }
}

/**
 * The release the site's server would serve now, read as it reads it (its pointer, else its build folder): a stat and
 * a small file, no forms nor store, so the platform's /salud stays cheap for a thousand sites.
 */
export function siteRelease(site: PlatformSite): string | undefined {
  return servedRelease(site.releasesDir, pointerSiteRoot(site.releasesDir, path.join(site.outDir, 'client')).current())
}

/** As app.ts opens it; a store that cannot be opened reads as the server's stand-in (not available, with why). */
async function openSiteStore(base: AppOptions, site: PlatformSite, plan: ReturnType<typeof loadFilingForms>['plan']): Promise<FilingStore> {
  try {
    return await openFilingStore({
      dataDir: site.dataDir,
      plan,
      databaseUrl: base.databaseUrl,
      busyGiveUpMs: base.storeBusyGiveUpMs,
      refuseOwner: !base.allowDatabaseOwner,
      siteId: site.id,
    })
  } catch (error) {
    if (error instanceof StoreUnreachableError || error instanceof StoreCorruptedError) return unavailableStore(error.message)
    throw error
  }
}

/** An SQLite site with no file yet: nothing stored; writable when its data folder (or where it will be made) is. */
function notYetCreated(dataDir: string): HealthStore {
  let dir = dataDir
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return {
    checkWritable: async () => fs.accessSync(dir, fs.constants.W_OK),
    listTramites: async () => [],
    listFilings: async () => [],
  }
}
