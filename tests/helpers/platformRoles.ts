/**
 * The guide's two roles on a platform database (docs/guia-operacion.md §12): an owner that migrates (not a superuser)
 * and the server's, prepared by `prepareDatabase`; and queries on a connection of a given role and site. No vitest
 * here: the platform bench uses it too (tests/helpers/platformNodes.ts, startPlatformDatabase).
 */
import pg from 'pg'
import { prepareDatabase } from '../../src/server/dbSetup.ts'
import { setConnectionSite } from '../../src/server/store/siteProof.ts'

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

/**
 * On the empty database of `adminUrl` (a superuser's): the owner and server roles, the database and its schema owned
 * by the owner, the tables migrated and granted. `siteKey` (hex) is registered as DATABASE_CLAVE_SITIOS.
 */
export async function setUpPlatformRoles(adminUrl: string, owner: string, server: string, siteKey?: string): Promise<{ ownerUrl: string; serverUrl: string }> {
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
  return { ownerUrl, serverUrl: as(server) }
}
