import { AccountRecords } from './accountRecords.ts'
import type { Engine, Wait } from './engine.ts'
import { FileContents } from './fileContents.ts'
import { FilingQueries } from './filingQueries.ts'
import { FilingRecords } from './filingRecords.ts'
import { OfficeRecords } from './officeRecords.ts'
import { describeUrl, isPostgresUrl, postgresEngine } from './postgres.ts'
import { poolSizeFromEnv } from './sharedPool.ts'
import { SharedRecords } from './sharedRecords.ts'
import { parseSiteKey, SITE_KEY_VARIABLE } from './siteProof.ts'
import { sqliteEngine } from './sqlite.ts'
import type { AccountMethod, OfficeStore } from './office.ts'
import type { SharedStateStore } from './shared.ts'
import type { FileContentStore, FilingQuery, FilingRecordsStore, FilingStore, NumberingPlan } from './store.ts'

export interface OpenStoreOptions {
  /** DATA_DIR: the SQLite file lives here (uploads always do, whatever the database). */
  dataDir: string
  plan: NumberingPlan
  /** Only read (the export): an SQLite file must already exist; PostgreSQL connections are read-only. */
  readonly?: boolean
  /** DATABASE_URL: `postgres://…` selects PostgreSQL; unset or empty, the SQLite file in DATA_DIR. */
  databaseUrl?: string
  /** SQLite: longest wait of a filing for another process's lock (see sqlite.ts BUSY_GIVE_UP_MS). */
  busyGiveUpMs?: number
  /** PostgreSQL, the server: refuse the tables' owner or a superuser (pgRoles.ts). */
  refuseOwner?: boolean
  /** The site whose rows these are (a platform's site id; unset: the single site). */
  siteId?: string
  /** PostgreSQL: the key that proves the site (siteProof.ts); default DATABASE_CLAVE_SITIOS from the environment. */
  siteKey?: string
  /** PostgreSQL: connections of the process's one pool (sharedPool.ts); default DATABASE_CONEXIONES, else 20. */
  maxConnections?: number
}

/** The engine the configuration asks for: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file in DATA_DIR. */
export async function openEngine(options: Omit<OpenStoreOptions, 'plan'>): Promise<Engine> {
  const url = options.databaseUrl?.trim()
  if (!url) return sqliteEngine({ dataDir: options.dataDir, readonly: options.readonly, busyGiveUpMs: options.busyGiveUpMs })
  if (!isPostgresUrl(url)) {
    throw new Error(
      `DATABASE_URL debe empezar por postgres:// o postgresql:// (recibido «${describeUrl(url)}»). Sin DATABASE_URL se usa el archivo SQLite de DATA_DIR.`,
    )
  }
  // Read here, next to DATABASE_URL's use, so every command that opens the store (server, export, accounts) proves its site alike.
  const key = options.siteKey ?? process.env[SITE_KEY_VARIABLE]
  return postgresEngine({
    url,
    readonly: options.readonly,
    refuseOwner: options.refuseOwner,
    site: options.siteId,
    siteKey: key ? parseSiteKey(key) : undefined,
    maxConnections: options.maxConnections ?? poolSizeFromEnv(),
  })
}

/** Opens the store the configuration asks for (openEngine) with its numbering plan. */
export async function openFilingStore(options: OpenStoreOptions): Promise<FilingStore> {
  return composeStore(await openEngine(options), options.plan)
}

/**
 * The store: its three parts (filings, the office, the shared state), each written once over the engine,
 * put together. Every call goes through the engine's guard (engine.ts): a locked SQLite file is waited for
 * and then answered with StoreBusyError, an unreachable PostgreSQL with StoreUnavailableError (both 503 in
 * Spanish). Calls wait as long as `waits` says; the default is an office call's short wait.
 */
export function composeStore(engine: Engine, plan: NumberingPlan): FilingStore {
  const filings = new FilingRecords(engine, plan)
  const guarded = <T extends object>(part: object, waits: Partial<Record<string, Wait | 'own'>> = {}): T => {
    const methods: Record<string, unknown> = {}
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(part))) {
      const method = (part as Record<string, unknown>)[name]
      if (name === 'constructor' || typeof method !== 'function') continue
      const wait = waits[name] ?? 'office'
      methods[name] = wait === 'own' ? method.bind(part) : (...args: unknown[]) => engine.guard(() => method.apply(part, args), wait)
    }
    return methods as T
  }
  return {
    ...guarded<Omit<OfficeStore, AccountMethod>>(new OfficeRecords(engine)),
    ...guarded<Pick<OfficeStore, AccountMethod>>(new AccountRecords(engine)),
    // A request count does not wait for a locked file at all (rateLimitStore.ts counts in memory meanwhile).
    ...guarded<SharedStateStore>(new SharedRecords(engine), { countRequest: 'none' }),
    // Filings and subscriptions wait the longest, and guard themselves (a batch is refused as one).
    ...guarded<Omit<FilingRecordsStore, FilingQuery>>(filings, { createFiling: 'own', subscribe: 'own', settle: 'own' }),
    ...guarded<Pick<FilingRecordsStore, FilingQuery>>(new FilingQueries(engine)),
    // An upload's bytes are written with its filing: they wait as long as a filing does.
    ...guarded<FileContentStore>(new FileContents(engine), { saveFileContent: 'filing' }),
    engine: engine.name,
    checkWritable: () => engine.guard(() => engine.checkWritable(), 'none'),
    durability: () => engine.durability(),
    async close() {
      await filings.settle()
      await engine.close()
    },
  }
}
