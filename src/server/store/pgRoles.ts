import type pg from 'pg'
import { OWNER_ONLY_TABLES } from './siteProof.ts'

/**
 * Two PostgreSQL roles (docs/decisions/store.md). The owner role owns the tables and runs
 * the migrations (`npm run -s bd:preparar`); the server runs as a separate
 * role that may read and write the data but not change the tables: no ALTER
 * (only an owner can, so it cannot `DISABLE TRIGGER` the append-only rules of
 * the audit trail and the history), and on `auditoria`, `historial` and
 * `schema_migrations` no UPDATE, DELETE or TRUNCATE at all. A server that took
 * over the owner's role could silence the audit trail, so the server refuses
 * to start as the owner (or as a superuser) unless DATABASE_ALLOW_OWNER=1.
 */

/** Tables whose rows are never changed nor removed once written. */
export const APPEND_ONLY_TABLES = ['auditoria', 'historial', 'schema_migrations'] as const

/** PostgreSQL role names this command accepts (no quoting games). */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/

export const OWNER_REFUSED = (role: string) =>
  `El servidor no se inicia con la cuenta «${role}» de PostgreSQL porque es dueña de las tablas (o superusuario): con ella se podría desactivar o borrar la auditoría. ` +
  'Conecte el servidor con la cuenta del servidor (vea «PostgreSQL» en docs/guia-operacion.md: npm run -s bd:preparar) o, solo si sabe lo que hace, defina DATABASE_ALLOW_OWNER=1.'

/** The connected role when it owns the audit table or is a superuser; undefined for a role without those powers. */
export async function ownerRole(client: pg.ClientBase): Promise<string | undefined> {
  const { rows } = await client.query<{ role: string; superuser: boolean; owner: boolean }>(
    `SELECT current_user AS role, r.rolsuper AS superuser,
            pg_has_role(current_user, c.relowner, 'USAGE') AS owner
       FROM pg_roles r, pg_class c
      WHERE r.rolname = current_user AND c.oid = to_regclass('auditoria')`,
  )
  const row = rows[0]
  if (row) return row.superuser || row.owner ? row.role : undefined
  // No tables yet: a superuser or the database's owner is about to create them.
  const db = (
    await client.query<{ role: string; powerful: boolean }>(
      `SELECT current_user AS role, r.rolsuper OR pg_has_role(current_user, d.datdba, 'USAGE') AS powerful
         FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()`,
    )
  ).rows[0]
  return db?.powerful ? db.role : undefined
}

export const BYPASSES_SITES = (role: string) =>
  `La cuenta «${role}» de PostgreSQL es superusuario o tiene BYPASSRLS: con ella cada sitio de la plataforma vería las radicaciones de los demás. ` +
  'Conecte el servidor con la cuenta del servidor (vea «PostgreSQL» en docs/guia-operacion.md: npm run -s bd:preparar).'

/** The connected role when it is not held to row-level security (a superuser, or BYPASSRLS); the tables' owner is (FORCE). */
export async function rowSecurityBypasser(client: pg.ClientBase): Promise<string | undefined> {
  const { rows } = await client.query<{ role: string; bypasses: boolean }>(
    'SELECT current_user AS role, rolsuper OR rolbypassrls AS bypasses FROM pg_roles WHERE rolname = current_user',
  )
  return rows[0]?.bypasses ? rows[0].role : undefined
}

/**
 * The runtime role's rights on every table of the schema (run by the owner,
 * after the migrations; again after an update that adds tables): read and
 * write the data, never alter tables, append only to the audit trail and
 * the history.
 */
export async function grantRuntimeRole(client: pg.ClientBase, role: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`El nombre de la cuenta del servidor «${role}» no es válido: use minúsculas, números y «_».`)
  const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount
  if (!exists) throw new Error(`No existe la cuenta «${role}» en PostgreSQL: créela primero (vea «PostgreSQL» en docs/guia-operacion.md).`)
  const self = (await client.query<{ u: string }>('SELECT current_user AS u')).rows[0]!.u
  if (self === role) throw new Error('La cuenta del servidor debe ser distinta de la cuenta dueña que ejecuta este comando.')
  await client.query('BEGIN')
  try {
    await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`)
    await client.query(`REVOKE CREATE ON SCHEMA public FROM ${role}`)
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`)
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`)
    await client.query(`REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${role}`)
    for (const table of APPEND_ONLY_TABLES) await client.query(`REVOKE UPDATE, DELETE, TRUNCATE ON ${table} FROM ${role}`)
    await client.query(`REVOKE INSERT ON schema_migrations FROM ${role}`)
    // The site key (siteProof.ts): the server's role proves its site with it, so it may never write it, and the
    // table's policy shows it no row (SELECT stays so that pg_dump, run as this role, can copy the table: empty).
    for (const table of OWNER_ONLY_TABLES)
      if ((await client.query('SELECT to_regclass($1) AS t', [table])).rows[0]?.t)
        await client.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${table} FROM ${role}`)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
