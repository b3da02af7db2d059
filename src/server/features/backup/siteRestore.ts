/**
 * `npm run restaurar -- <archivo> --sitio <id>` on a platform's shared PostgreSQL database (docs/decisions/backups.md): puts back ONE
 * site's rows and touches no other site's. `pg_restore --clean` cannot do that (it drops and recreates whole tables,
 * every site's rows with them), so the site's backup (a pg_dump taken under the site's setting: its rows only,
 * snapshot.ts) is loaded differently, in ONE transaction on a connection that names the site (`app.sitio`, so
 * the row policies of siteTenancy.ts hold every statement to that site's rows):
 *   1. the dump's rows (table data only: never the sequences' values, which are shared by every site) are read as data
 *      (pgCopyText.ts: never run as SQL) and inserted as query parameters into temporary tables shaped like the real ones;
 *   2. refused unless the backup has this database's migrations and holds no other site's rows;
 *   3. the site's rows are deleted, children first (the append-only triggers of the audit and the history are
 *      switched off for these deletions only, inside the transaction: a failure restores them with everything else);
 *   4. the backup's rows are inserted, parents first, with their own ids (`OVERRIDING SYSTEM VALUE`), and each id
 *      sequence is moved past the highest restored id if it was behind (never back: other sites' ids come from it).
 * The site's number series (`consecutivos`) come back with its filings, then are raised back wherever the current ones
 * were higher (restore.ts, `finish`), so a number handed out after the backup is never handed out again.
 * A failure anywhere leaves the database exactly as it was (one transaction). Needs the tables' owner (DATABASE_URL
 * of `npm run restaurar`, as for a whole restore); a role that bypasses row security is refused.
 */
import type pg from 'pg'
import { presenceKey } from '../../store/sitePresence.ts'
import { rowSecurityBypasser } from '../../store/pgRoles.ts'
import { siteTablesInOrder, withSiteClient } from '../../store/siteRows.ts'
import { type CopyBlock, CopyTextError, readDumpRows } from './pgCopyText.ts'
import { splitPassword } from './snapshot.ts'

/** The table whose rows say which migrations a database (or a backup) has. */
const MIGRATIONS_TABLE = 'schema_migrations'

export class SiteRestoreRefusedError extends Error {}

interface TableShape {
  name: string
  columns: string[]
  identity: string[]
}

async function shapes(client: pg.ClientBase, tables: string[]): Promise<TableShape[]> {
  const out: TableShape[] = []
  for (const name of tables) {
    const { rows } = await client.query<{ column_name: string; is_identity: string }>(
      `SELECT column_name, is_identity FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [name],
    )
    if (rows.length === 0) continue
    out.push({ name, columns: rows.map(r => r.column_name), identity: rows.filter(r => r.is_identity === 'YES').map(r => r.column_name) })
  }
  return out
}

/** The triggers that refuse deleting rows (the audit's and the history's append-only guard), per table. */
export async function deleteGuards(client: pg.ClientBase): Promise<Array<{ table: string; trigger: string }>> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
        AND (t.tgtype & 8) <> 0 AND (t.tgtype & 2) <> 0`,
  )
  return rows
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

interface RestorePlan {
  schema: string
  /** The site's tables, parents first, then the migrations table. */
  tables: TableShape[]
  guards: Array<{ table: string; trigger: string }>
}

/** What the restore needs to know of the database, read on the site's connection (refused for a bypassing role). */
async function readPlan(client: pg.ClientBase): Promise<RestorePlan> {
  const bypasser = await rowSecurityBypasser(client)
  if (bypasser)
    throw new SiteRestoreRefusedError(
      `la cuenta «${bypasser}» de DATABASE_URL pasa por encima de la seguridad por filas: para restaurar un sitio use la cuenta dueña de las tablas (no un superusuario), así la base de datos misma impide tocar las filas de otro sitio.`,
    )
  const schema = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s
  const ordered = await siteTablesInOrder(client)
  return { schema, tables: await shapes(client, [...ordered, MIGRATIONS_TABLE]), guards: await deleteGuards(client) }
}

/** The dump's rows (read as data: pgCopyText.ts) inserted into the temporary tables, as query parameters. */
async function loadTemporaryTables(client: pg.ClientBase, blocks: CopyBlock[]): Promise<void> {
  for (const block of blocks) {
    const cols = block.columns.map(quoted).join(', ')
    // PostgreSQL takes at most 65535 parameters per statement.
    const perStatement = Math.max(1, Math.min(1000, Math.floor(60_000 / block.columns.length)))
    for (let start = 0; start < block.rows.length; start += perStatement) {
      const rows = block.rows.slice(start, start + perStatement)
      const values = rows.map((_, r) => `(${block.columns.map((__, c) => `$${r * block.columns.length + c + 1}`).join(', ')})`).join(', ')
      await client.query(`INSERT INTO pg_temp.${quoted(block.table)} (${cols}) VALUES ${values}`, rows.flat())
    }
  }
}

/** Step 2 of the header: refused unless the backup has this database's migrations and only this site's rows. */
function checksSql(plan: RestorePlan, site: string): string {
  const table = (name: string) => `${quoted(plan.schema)}.${quoted(name)}`
  const siteTables = plan.tables.filter(t => t.name !== MIGRATIONS_TABLE)
  return `DO $$ BEGIN
  IF EXISTS (SELECT version FROM pg_temp.${MIGRATIONS_TABLE} EXCEPT SELECT version FROM ${table(MIGRATIONS_TABLE)})
     OR EXISTS (SELECT version FROM ${table(MIGRATIONS_TABLE)} EXCEPT SELECT version FROM pg_temp.${MIGRATIONS_TABLE}) THEN
    RAISE EXCEPTION 'el respaldo es de otra versión de la base de datos (otras migraciones): restáurelo con la versión del programa que lo hizo.';
  END IF;
${siteTables
  .map(
    t => `  IF EXISTS (SELECT 1 FROM pg_temp.${quoted(t.name)} WHERE sitio IS DISTINCT FROM ${literal(site)}) THEN
    RAISE EXCEPTION 'el respaldo tiene filas de otro sitio (tabla ${t.name}): no es un respaldo del sitio «${site}».';
  END IF;`,
  )
  .join('\n')}
END $$;`
}

/** Steps 3 and 4 of the header, after the checks: the statements, all written here (none comes from the backup). */
function replaceStatements(plan: RestorePlan, site: string): string[] {
  const table = (name: string) => `${quoted(plan.schema)}.${quoted(name)}`
  const siteTables = plan.tables.filter(t => t.name !== MIGRATIONS_TABLE)
  return [
    checksSql(plan, site),
    ...plan.guards.map(g => `ALTER TABLE ${table(g.table)} DISABLE TRIGGER ${quoted(g.trigger)}`),
    ...[...siteTables].reverse().map(t => `DELETE FROM ${table(t.name)} WHERE sitio = ${literal(site)}`),
    ...plan.guards.map(g => `ALTER TABLE ${table(g.table)} ENABLE TRIGGER ${quoted(g.trigger)}`),
    ...siteTables.map(t => {
      const cols = t.columns.map(quoted).join(', ')
      return `INSERT INTO ${table(t.name)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM pg_temp.${quoted(t.name)}`
    }),
    ...siteTables.flatMap(t =>
      t.identity.map(
        col =>
          `SELECT setval(s, greatest(r.m, coalesce(pg_sequence_last_value(s::regclass), 1))) FROM pg_get_serial_sequence(${literal(`${plan.schema}.${t.name}`)}, ${literal(col)}) AS s, (SELECT max(${quoted(col)}) AS m FROM pg_temp.${quoted(t.name)}) AS r WHERE r.m IS NOT NULL`,
      ),
    ),
  ]
}

/**
 * Restores the site's rows from `dumpFile` (see the header). `workDir` receives the intermediate files. `finish` runs
 * last inside the same transaction (the restore raises the number series back there: laterFilings.ts).
 */
export async function restoreSiteRows(
  dumpFile: string,
  databaseUrl: string,
  site: string,
  workDir: string,
  finish: (client: pg.ClientBase) => Promise<void> = async () => undefined,
): Promise<void> {
  const { password } = splitPassword(databaseUrl)
  await withSiteClient(databaseUrl, site, async client => {
    const plan = await readPlan(client)
    let blocks: CopyBlock[]
    try {
      blocks = await readDumpRows(dumpFile, plan.schema, new Map(plan.tables.map(t => [t.name, t.columns])), workDir, password)
    } catch (error) {
      if (error instanceof CopyTextError) throw new SiteRestoreRefusedError(`la copia de PostgreSQL del respaldo no es solo de datos: ${error.message}.`)
      throw error
    }
    await client.query('BEGIN')
    try {
      // The site's presence held alone until COMMIT: a server that began serving the site since the restore's check
      // refuses it, and one that starts now is refused (503) until the end (sitePresence.ts).
      const alone = (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', [presenceKey(site)])).rows[0]?.ok
      if (!alone)
        throw new Error(
          `un servidor empezó a servir el sitio «${site}»; detenga los servidores de la plataforma que lo sirven y ejecute de nuevo npm run restaurar`,
        )
      for (const t of plan.tables) await client.query(`CREATE TEMPORARY TABLE ${quoted(t.name)} (LIKE ${quoted(plan.schema)}.${quoted(t.name)}) ON COMMIT DROP`)
      await loadTemporaryTables(client, blocks)
      for (const statement of replaceStatements(plan, site)) await client.query(statement)
      await finish(client)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      // PostgreSQL's own message (the checks' are in Spanish): a row that does not fit, another site's row…
      throw new SiteRestoreRefusedError((error as Error).message)
    }
  })
}
