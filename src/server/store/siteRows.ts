/**
 * One site's rows in a platform's shared PostgreSQL database (siteTenancy.ts), reached the way the server reaches
 * them: a connection that names the site (`app.sitio`), so the row policies show and let it change that site's rows
 * only. Used where a command works on a whole site at once: `npm run sitio -- crear` (a new site must have no rows
 * yet) and `npm run restaurar -- --sitio` (features/backup/siteRestore.ts).
 */
import pg from 'pg'
import { setConnectionSite, siteKeyFromEnv } from './siteProof.ts'
import { ALL_SITE_TABLES } from './siteTenancy.ts'

/** A connection of `site` (its setting set before anything else runs); closed after `work`. */
export async function withSiteClient<T>(databaseUrl: string, site: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // Proved with the environment's key (siteProof.ts): the server's role sees the site's rows only so.
    await setConnectionSite(client, site, siteKeyFromEnv())
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The site's rows per table, for the site tables that exist (none on a database never migrated). */
export async function siteRowCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of ALL_SITE_TABLES) {
    const [exists] = (await client.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows
    if (!exists?.t) continue
    // Table names come from ALL_SITE_TABLES (code), never from outside.
    counts[table] = Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0]!.n)
  }
  return counts
}

/** The site tables, every table after the ones its foreign keys point to (read from the database's own catalogue). */
export async function siteTablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
         JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`,
    )
  ).rows
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, [...path, table])
    ordered.push(table)
  }
  for (const table of ALL_SITE_TABLES) visit(table, [])
  return ordered.filter(t => ALL_SITE_TABLES.includes(t))
}
