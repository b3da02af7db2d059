/** One step of the schema (migrations.ts holds the ordered list and what `version` means). */
export interface Migration {
  /** What it does, in a few words (English, for developers). */
  id: string
  /** Key recorded in schema_migrations (see above); strictly increasing along the list. */
  version: number
  /** What it does, recorded in schema_migrations.nombre (Spanish: IT staff read that table). */
  name: string
  sqlite: string
  postgres: string
  /**
   * SQLite: rebuilds a table other tables reference, so foreign keys are switched off around the
   * transaction (SQLite's documented procedure) and `foreign_key_check` must find nothing before it commits.
   */
  rebuildsTables?: boolean
}
