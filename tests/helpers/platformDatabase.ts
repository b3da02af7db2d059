/**
 * A platform's shared PostgreSQL database as the operator's guide sets it up: a fresh database owned by a role that
 * migrates (not a superuser) and a server role (`prepareDatabase`), plus queries on a connection of a given role and
 * site (`app.sitio`), to check the row policies directly. Role names are cluster-wide: each file passes its own.
 */
import pg from 'pg'
import { prepareDatabase } from '../../src/server/dbSetup.ts'
import { setConnectionSite } from '../../src/server/store/siteProof.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from './postgres.ts'

/** The rows of `text` on a connection of `url`, with the site set first when given (and proved with `siteKey`, hex). */
export async function querySite<T extends pg.QueryResultRow>(
  url: string,
  site: string | undefined,
  text: string,
  values: unknown[] = [],
  siteKey?: string,
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    if (site !== undefined) await setConnectionSite(c, site, siteKey ? Buffer.from(siteKey, 'hex') : undefined)
    return (await c.query<T>(text, values)).rows
  } finally {
    await c.end()
  }
}

export interface PlatformDatabase {
  /** The cluster's administrator on the new database (bypasses the policies: sees every site). */
  adminUrl: string
  ownerUrl: string
  serverUrl: string
  drop(): Promise<void>
}

/** `siteKey`: registered as the guide's setup does (DATABASE_CLAVE_SITIOS), so the server's role must prove its site. */
export async function platformDatabase(label: string, owner: string, server: string, siteKey?: string): Promise<PlatformDatabase> {
  const adminUrl = await freshPostgresDatabase(label)
  const as = (role: string) => {
    const u = new URL(adminUrl)
    u.username = role
    return u.toString()
  }
  const db = new URL(adminUrl).pathname.slice(1)
  for (const sql of [
    `CREATE ROLE ${owner} LOGIN`,
    `CREATE ROLE ${server} LOGIN`,
    `ALTER DATABASE "${db}" OWNER TO ${owner}`,
    `ALTER SCHEMA public OWNER TO ${owner}`,
  ])
    await querySite(adminUrl, undefined, sql)
  const ownerUrl = as(owner)
  await prepareDatabase(ownerUrl, server, undefined, siteKey)
  return {
    adminUrl,
    ownerUrl,
    serverUrl: as(server),
    async drop() {
      await dropPostgresDatabase(adminUrl)
      const postgres = new URL(adminUrl)
      postgres.pathname = '/postgres'
      for (const role of [server, owner]) await querySite(postgres.toString(), undefined, `DROP ROLE IF EXISTS ${role}`)
    },
  }
}
