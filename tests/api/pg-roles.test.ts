import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDatabase } from '../../src/server/dbSetup.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { DEFAULT_SITE, SITE_SETTING } from '../../src/server/store/siteTenancy.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { FILING_PLAN, startInProcess, tempDataDir } from './helpers.ts'

/**
 * docs/decisions/testing.md: the operator's guide's two PostgreSQL roles (docs/guia-operacion.md) on a real server. The owner
 * migrates; the server's role reads and writes the data but can neither
 * disable the audit trail's triggers nor remove its rows (or the history's).
 */
const suffix = `${process.pid}_${Date.now() % 100_000}`
const OWNER = `duenio_${suffix}`
const SERVER = `servidor_${suffix}`

describe('PostgreSQL: an owner role for migrations, a runtime role for the server', () => {
  let adminUrl: string
  let ownerUrl: string
  let serverUrl: string
  const as = (url: string) => {
    const u = new URL(adminUrl)
    u.username = new URL(url).username
    return u.toString()
  }
  const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      return await fn(c)
    } finally {
      await c.end()
    }
  }

  beforeAll(async () => {
    adminUrl = await freshPostgresDatabase('roles')
    const db = new URL(adminUrl).pathname.slice(1)
    // What the guide's setup does as the cluster's administrator (the test cluster trusts local connections, so no passwords here).
    await withClient(adminUrl, async c => {
      await c.query(`CREATE ROLE ${OWNER} LOGIN`)
      await c.query(`CREATE ROLE ${SERVER} LOGIN`)
      await c.query(`ALTER DATABASE "${db}" OWNER TO ${OWNER}`)
      await c.query(`ALTER SCHEMA public OWNER TO ${OWNER}`)
    })
    ownerUrl = as(`postgres://${OWNER}@x/`)
    serverUrl = as(`postgres://${SERVER}@x/`)
    await prepareDatabase(ownerUrl, SERVER)
  })
  afterAll(async () => {
    if (!adminUrl) return
    await dropPostgresDatabase(adminUrl)
    const postgres = new URL(adminUrl)
    postgres.pathname = '/postgres'
    await withClient(postgres.toString(), async c => {
      await c.query(`DROP ROLE IF EXISTS ${SERVER}`)
      await c.query(`DROP ROLE IF EXISTS ${OWNER}`)
    })
  })

  it('the server role stores filings and audit rows, but cannot disable the audit triggers, nor delete, change or empty the audit trail and the history', async () => {
    const store = await openFilingStore({ dataDir: tempDataDir('roles'), plan: FILING_PLAN, databaseUrl: serverUrl, refuseOwner: true })
    try {
      await store.createFiling({ kind: 'pqrs', datos: { m: 'una' } })
      await store.audit({ evento: 'ver', detalle: 'prueba', now: new Date() })
    } finally {
      await store.close()
    }
    await withClient(serverUrl, async c => {
      const refused = async (sql: string) => {
        const error = (await c.query(sql).then(
          () => undefined,
          (e: unknown) => e,
        )) as { code?: string; message?: string } | undefined
        // 42501 insufficient_privilege (42501 also for «must be owner of table»).
        expect(error?.code, `${sql} → ${error?.message ?? 'aceptado'}`).toBe('42501')
      }
      for (const table of ['auditoria', 'historial']) {
        await refused(`ALTER TABLE ${table} DISABLE TRIGGER USER`)
        await refused(`ALTER TABLE ${table} DISABLE TRIGGER ALL`)
        await refused(`DROP TRIGGER ${table}_sin_borrado ON ${table}`)
        await refused(`DELETE FROM ${table}`)
        await refused(`TRUNCATE ${table}`)
        await refused(`UPDATE ${table} SET en = en`)
        await refused(`DROP TABLE ${table}`)
      }
      await refused('CREATE TABLE otra (x int)')
      // The rows are the single site's: a connection reads them once it names that site (siteTenancy.ts).
      await c.query('SELECT set_config($1, $2, false)', [SITE_SETTING, DEFAULT_SITE])
      expect((await c.query("SELECT count(*)::int AS n FROM auditoria WHERE detalle = 'prueba'")).rows[0].n).toBe(1)
    })
  })

  it('the server refuses to start as the owner, with a Spanish message, unless DATABASE_ALLOW_OWNER says so', async () => {
    await expect(startInProcess({ databaseUrl: ownerUrl, allowDatabaseOwner: false })).rejects.toThrow(
      /^El servidor no se inicia con la cuenta «duenio_\d+_\d+» de PostgreSQL porque es dueña de las tablas.*DATABASE_ALLOW_OWNER=1\.$/,
    )
    const server = await startInProcess({ databaseUrl: serverUrl, allowDatabaseOwner: false })
    await server.close()
    const allowed = await startInProcess({ databaseUrl: ownerUrl, allowDatabaseOwner: true })
    await allowed.close()
  })
})
