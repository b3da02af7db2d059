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
  /**
   * Older releases cannot run on the schema it leaves (it drops, renames or retypes something they use, or turns
   * on a rule they would break). Every other migration is additive, so an older release keeps working on the
   * newer schema (docs/decisions/updates-and-releases.md). Recorded with BREAKS_OLDER before its name, which makes
   * an older program refuse the database; `npm run actualizar` will not apply it while the old release serves.
   * `'postgres'`: only the PostgreSQL side breaks them (the SQLite side changes nothing they read).
   */
  breaksOlder?: true | 'postgres'
}
