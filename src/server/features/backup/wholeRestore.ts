/**
 * A whole restore on PostgreSQL (`pg_restore --clean`) drops and recreates every table: on a platform's shared
 * database that would erase every other hospital's rows. Before it runs, the database is read for rows of any site
 * but the single installation's. The tables force row security even on their owner (siteTenancy.ts), so the count
 * lifts that for its own transaction only, which is rolled back: nothing changes, and no other session sees it.
 */
import pg from 'pg'
import { DEFAULT_SITE, SITE_TABLES } from '../../store/siteTenancy.ts'

/** The sites other than the single installation's that hold rows in the database (none on a fresh one). */
export async function otherSitesHoldingRows(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('BEGIN')
    const sites = new Set<string>()
    for (const table of SITE_TABLES) {
      const [exists] = (await client.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows
      if (!exists?.t) continue
      const hasSite = await client.query(
        'SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2',
        [table, 'sitio'],
      )
      if (hasSite.rowCount === 0) continue
      // Table names come from SITE_TABLES (code). Only the owner may lift FORCE; a restore needs the owner anyway.
      await client.query(`ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`)
      await client.query('SET LOCAL row_security = off')
      const { rows } = await client.query<{ sitio: string }>(`SELECT DISTINCT sitio FROM ${table} WHERE sitio <> $1`, [DEFAULT_SITE])
      for (const r of rows) sites.add(r.sitio)
    }
    return [...sites].sort()
  } finally {
    await client.query('ROLLBACK').catch(() => undefined)
    await client.end()
  }
}
