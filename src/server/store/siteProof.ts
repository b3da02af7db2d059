import { createHash, createHmac } from 'node:crypto'
import { sql } from 'kysely'
import type pg from 'pg'
import type { Engine } from './engine.ts'
import type { Migration } from './migration.ts'
import { DEFAULT_SITE, SITE_SETTING, SITE_TABLES } from './siteTenancy.ts'

/**
 * A site the server's own role cannot choose by itself (docs/decisions/platform.md, «Tenancy an injection cannot
 * cross»). `app.sitio` is a setting any session may change, so an injected `set_config('app.sitio', …)` used to move
 * the server's connection to another hospital. Now the setting only counts with a proof next to it: an HMAC-SHA256 of
 * `<site>:<backend pid>` under a key that lives in two places, the server's environment (DATABASE_CLAVE_SITIOS) and
 * the table `sitio_clave`, which only the tables' owner can read. `sitio_actual()`, which every row policy and every
 * `sitio` default reads, is SECURITY DEFINER: it alone reads the key, checks the proof and answers NULL (no row
 * visible, none writable) when the proof is missing or wrong. An injected statement can change the setting but
 * cannot make a proof (the key is in the process, not in the database it can read), nor reuse one (a proof names
 * the backend it was made for).
 *
 * A role that may read the key (the owner, a superuser) needs no proof: it could make one. A database with no key
 * registered keeps trusting the setting, so a database migrated by an update keeps serving until `bd:preparar`
 * registers the key; a server whose key the database does not recognise refuses to start (postgres.ts).
 */

/** The setting that carries the proof next to `app.sitio`. */
export const SITE_PROOF_SETTING = 'app.sitio_prueba'

/** The environment variable with the key (hex, 32 to 64 bytes): `openssl rand -hex 32`. */
export const SITE_KEY_VARIABLE = 'DATABASE_CLAVE_SITIOS'

/** Tables the server's role may only SELECT, and whose policy shows it no row (pgRoles.ts revokes the rest). */
export const OWNER_ONLY_TABLES = ['sitio_clave'] as const

const HMAC_BLOCK = 64

export const BAD_SITE_KEY = `${SITE_KEY_VARIABLE} debe tener entre 64 y 128 caracteres hexadecimales (por ejemplo la salida de «openssl rand -hex 32»).`

/** The key's bytes; a malformed value is refused in Spanish. */
export function parseSiteKey(hex: string): Buffer {
  const value = hex.trim()
  if (!/^(?:[0-9a-fA-F]{2}){32,64}$/.test(value)) throw new Error(BAD_SITE_KEY)
  return Buffer.from(value, 'hex')
}

/** The proof that a connection of backend `pid` serves `site`. */
export function siteProof(key: Buffer, site: string, pid: number): string {
  return createHmac('sha256', key).update(`${site}:${pid}`).digest('hex')
}

/** Names the connection's site, with the proof for its backend when there is a key (made where no SQL can reach it). */
/** The site key of this process's environment (DATABASE_CLAVE_SITIOS), when set: the server's and its commands'. */
export function siteKeyFromEnv(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const hex = env[SITE_KEY_VARIABLE]
  return hex ? parseSiteKey(hex) : undefined
}

export async function setConnectionSite(client: pg.ClientBase, site: string, key: Buffer | undefined): Promise<void> {
  await client.query('SELECT set_config($1, $2, false)', [SITE_SETTING, site])
  if (!key) return
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
  await client.query('SELECT set_config($1, $2, false)', [SITE_PROOF_SETTING, siteProof(key, site, pid)])
}

/**
 * The `PGOPTIONS` of an external tool (pg_dump, psql) run as the server's role for `site`: its backend's pid is not
 * known beforehand, so the proof names an expiry instead. It travels in the connection's start-up options only,
 * which no other session can read (pg_stat_activity shows queries, not options).
 */
export function siteToolOptions(key: Buffer | undefined, site: string, now: Date, validMs = 6 * 3_600_000): string {
  const options = [`-c ${SITE_SETTING}=${site}`]
  if (key) {
    const until = Math.floor((now.getTime() + validMs) / 1000)
    options.push(`-c ${SITE_PROOF_SETTING}=hasta:${until}:${createHmac('sha256', key).update(`${site}:hasta:${until}`).digest('hex')}`)
  }
  return options.join(' ')
}

/** The key's inner and outer HMAC pads (RFC 2104), as the database stores them: it computes HMAC with two sha256 calls. */
function keyPads(key: Buffer): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(HMAC_BLOCK)
  ;(key.length > HMAC_BLOCK ? createHash('sha256').update(key).digest() : key).copy(block)
  return { inner: block.map(b => b ^ 0x36) as Buffer, outer: block.map(b => b ^ 0x5c) as Buffer }
}

/** Registers (or replaces) the key; run by the tables' owner (`bd:preparar`), the only role that may write it. */
export async function registerSiteKey(client: pg.ClientBase, key: Buffer): Promise<void> {
  const { inner, outer } = keyPads(key)
  await client.query(
    'INSERT INTO sitio_clave (unica, interna, externa) VALUES (true, $1, $2) ON CONFLICT (unica) DO UPDATE SET interna = excluded.interna, externa = excluded.externa',
    [inner, outer],
  )
}

export const SITE_NOT_PROVED = (site: string, keyGiven: boolean) =>
  keyGiven
    ? `La base de datos no reconoce la clave de ${SITE_KEY_VARIABLE} para el sitio «${site}»: la clave registrada es otra. ` +
      `Registre la misma clave con la cuenta dueña de las tablas (npm run -s bd:preparar, con ${SITE_KEY_VARIABLE} definida; vea «PostgreSQL» en docs/guia-operacion.md).`
    : `La base de datos exige que la cuenta del servidor pruebe su sitio y ${SITE_KEY_VARIABLE} no está definida: ` +
      'copie en el archivo de variables del servicio la clave registrada con npm run -s bd:preparar (vea «PostgreSQL» en docs/guia-operacion.md).'

/**
 * A platform's server (a site other than the single one) on PostgreSQL without the site key: its role could name
 * another hospital with one `set_config`, so an injected statement would cross hospitals. It does not start.
 */
export const PLATFORM_WITHOUT_KEY = (site: string) =>
  `El sitio «${site}» es de una plataforma de varios hospitales en PostgreSQL y ${SITE_KEY_VARIABLE} no está definida: ` +
  'sin esa clave la cuenta del servidor podría leer los datos de otro hospital. Cree una clave (openssl rand -hex 32), ' +
  `póngala como ${SITE_KEY_VARIABLE} en el archivo de variables del servicio, regístrela con npm run -s bd:preparar ` +
  'y reinicie el servicio (vea «PostgreSQL» en docs/guia-operacion.md). No se inició el servidor.'

/** The server's own role on a platform: only a proved site keeps an injected statement in its hospital. */
export function refuseKeylessPlatform(site: string, key: Buffer | undefined): void {
  if (site !== DEFAULT_SITE && !key) throw new Error(PLATFORM_WITHOUT_KEY(site))
}

/** Whether the database takes this connection's site: it would otherwise show no row and refuse every write. */
export async function checkSiteProved(client: pg.ClientBase, site: string, keyGiven: boolean): Promise<void> {
  const [exists] = (await client.query<{ f: string | null }>("SELECT to_regprocedure('sitio_actual()')::text AS f")).rows
  if (!exists?.f) return
  const proved = (await client.query<{ s: string | null }>('SELECT sitio_actual() AS s')).rows[0]?.s
  if (proved !== site) throw new Error(SITE_NOT_PROVED(site, keyGiven))
}

/**
 * Engine.lockKeys for one site: the lock's two-key form names the site and the key, so two hospitals sharing the
 * database never wait for each other's keys (and never for the migrations' single-key lock, another key space).
 */
export function siteLocks(site: string): Engine['lockKeys'] {
  return async (tx, keys) => {
    for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${site}), hashtext(${key}))`.execute(tx)
  }
}

/** HMAC-SHA256 of `message` (text) with the stored pads, as hex: the same value createHmac gives. */
const hmacSql = (message: string) => `encode(sha256(k.externa || sha256(k.interna || convert_to(${message}, 'UTF8'))), 'hex')`

export const SITE_PROOF: Migration = {
  id: 'site-proof',
  version: 2920,
  name: 'plataforma: el sitio de una conexión del servidor se prueba con una clave que su cuenta no puede leer',
  sqlite: 'SELECT 1;',
  postgres: `
  -- At most one row: the key's HMAC pads. Its row is visible to its owner only: other roles (the server's) may SELECT
  -- the table, so pg_dump run as the server's role (the daily backup) can lock and copy it, and they get no row, so
  -- the key never reaches a backup made by the server nor any statement it runs. Writes: the owner only (bd:preparar).
  CREATE TABLE sitio_clave (unica boolean PRIMARY KEY DEFAULT true CHECK (unica), interna bytea NOT NULL, externa bytea NOT NULL);
  ALTER TABLE sitio_clave ENABLE ROW LEVEL SECURITY;
  ALTER TABLE sitio_clave FORCE ROW LEVEL SECURITY;
  CREATE POLICY solo_duenio ON sitio_clave USING (pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'public.sitio_clave'::regclass), 'USAGE'));
  REVOKE ALL ON sitio_clave FROM PUBLIC;
  -- search_path with pg_temp LAST: a temporary table or function named like ours cannot stand in for them.
  CREATE OR REPLACE FUNCTION sitio_actual() RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
  DECLARE
    s text := nullif(current_setting('${SITE_SETTING}', true), '');
    p text := coalesce(current_setting('${SITE_PROOF_SETTING}', true), '');
    k record;
    hasta bigint;
  BEGIN
    IF s IS NULL THEN RETURN NULL; END IF;
    SELECT interna, externa INTO k FROM public.sitio_clave;
    IF NOT FOUND THEN RETURN s; END IF;
    -- The key's owner (or a superuser) could make any proof: its setting is taken as it is.
    IF pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'public.sitio_clave'::regclass), 'USAGE') THEN RETURN s; END IF;
    IF p = ${hmacSql(`s || ':' || pg_backend_pid()`)} THEN RETURN s; END IF;
    IF p ~ '^hasta:[0-9]{1,12}:[0-9a-f]{64}$' THEN
      hasta := split_part(p, ':', 2)::bigint;
      IF hasta > extract(epoch FROM now()) AND split_part(p, ':', 3) = ${hmacSql(`s || ':hasta:' || hasta`)} THEN RETURN s; END IF;
    END IF;
    RETURN NULL;
  END $$;
  -- (SELECT …): evaluated once per statement, not once per row.
  ${SITE_TABLES.map(
    t => `DROP POLICY sitio_propio ON ${t};
  CREATE POLICY sitio_propio ON ${t} USING (sitio = (SELECT sitio_actual())) WITH CHECK (sitio = (SELECT sitio_actual()));`,
  ).join('\n  ')}
  `,
}
