/**
 * A platform's shared PostgreSQL database as the operator's guide sets it up: a fresh database owned by a role that
 * migrates (not a superuser) and a server role (`prepareDatabase`), plus queries on a connection of a given role and
 * site (`app.sitio`), to check the row policies directly. Role names are cluster-wide: each file passes its own.
 */
import { dropPostgresDatabase, freshPostgresDatabase } from './postgres.ts'
import { querySite, setUpPlatformRoles } from './platformRoles.ts'

export { querySite } from './platformRoles.ts'

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
  const { ownerUrl, serverUrl } = await setUpPlatformRoles(adminUrl, owner, server, siteKey)
  return {
    adminUrl,
    ownerUrl,
    serverUrl,
    async drop() {
      await dropPostgresDatabase(adminUrl)
      const postgres = new URL(adminUrl)
      postgres.pathname = '/postgres'
      for (const role of [server, owner]) await querySite(postgres.toString(), undefined, `DROP ROLE IF EXISTS ${role}`)
    },
  }
}
