import type { FilingStore, NumberingPlan } from './store.ts'
import { SqliteFilingStore } from './sqlite.ts'

export interface OpenStoreOptions {
  /** DATA_DIR: the SQLite file lives here (uploads always do). */
  dataDir: string
  plan: NumberingPlan
  /** Only read (the export): an SQLite file must already exist. */
  readonly?: boolean
}

/** The store the configuration asks for: the embedded SQLite file in DATA_DIR. */
export async function openFilingStore(options: OpenStoreOptions): Promise<FilingStore> {
  return new SqliteFilingStore({ dataDir: options.dataDir, plan: options.plan, readonly: options.readonly })
}
