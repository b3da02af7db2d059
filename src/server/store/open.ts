import type { FilingStore, NumberingPlan } from './store.ts'
import { SqliteFilingStore } from './sqlite.ts'
import { describeUrl, isPostgresUrl, PgFilingStore } from './postgres.ts'

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
}

/** The store the configuration asks for: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file in DATA_DIR. */
export async function openFilingStore(options: OpenStoreOptions): Promise<FilingStore> {
  const url = options.databaseUrl?.trim()
  if (url) {
    if (!isPostgresUrl(url)) throw new Error(`DATABASE_URL debe empezar por postgres:// o postgresql:// (recibido «${describeUrl(url)}»). Sin DATABASE_URL se usa el archivo SQLite de DATA_DIR.`)
    return PgFilingStore.open({ url, plan: options.plan, readonly: options.readonly, refuseOwner: options.refuseOwner })
  }
  return new SqliteFilingStore({ dataDir: options.dataDir, plan: options.plan, readonly: options.readonly, busyGiveUpMs: options.busyGiveUpMs })
}
