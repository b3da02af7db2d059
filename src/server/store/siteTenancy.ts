import type { Migration } from './migration.ts'

/**
 * Tenancy in the store (docs/decisions/store.md). SQLite needs nothing: every site has its own file in its own data folder
 * (PlatformSite.dataDir). On PostgreSQL every site shares the database, so every row says whose it is (`sitio`) and
 * the database itself keeps each site to its own rows: row-level security, FORCEd so that the tables' owner is held to
 * it too, with policies keyed by the connection's `app.sitio` setting, which the engine sets on every checkout of a
 * connection (sharedPool.ts). A connection without that setting reads nothing and can write nothing (a superuser or a role
 * with BYPASSRLS is the only way round, which the server refuses to run as: pgRoles.ts).
 */

/**
 * The site of an installation without a platform, and the site every row stored before this migration belongs to:
 * a single hospital that later becomes one site of a platform keeps its filings by naming its site `principal`.
 */
export const DEFAULT_SITE = 'principal'

/** The PostgreSQL setting that names the connection's site. */
export const SITE_SETTING = 'app.sitio'

/** Every table that holds a site's rows (all but schema_migrations). */
export const SITE_TABLES = [
  'consecutivos',
  'radicaciones',
  'adjuntos',
  'suscripciones',
  'cuentas',
  'sesiones',
  'tramites',
  'historial',
  'auditoria',
  'limites_solicitudes',
  'intentos_acceso',
  'recibos_pendientes',
] as const

/** Site tables created after this migration, each with its own `sitio` column and policy (migrations.ts). */
export const LATER_SITE_TABLES = ['informes_publicados', 'adjuntos_contenido'] as const

/** Every table that holds a site's rows today: what a site's restore copies and a new site must not have. */
export const ALL_SITE_TABLES: readonly string[] = [...SITE_TABLES, ...LATER_SITE_TABLES]

/** Keys that were unique in the whole table are unique per site (each site numbers its own series from 1). */
const PER_SITE_KEYS = `
  ALTER TABLE adjuntos DROP CONSTRAINT adjuntos_radicado_fkey;
  ALTER TABLE tramites DROP CONSTRAINT tramites_radicado_fkey;
  ALTER TABLE historial DROP CONSTRAINT historial_radicado_fkey;
  ALTER TABLE radicaciones DROP CONSTRAINT radicaciones_radicado_key;
  ALTER TABLE radicaciones ADD CONSTRAINT radicaciones_radicado_key UNIQUE (sitio, radicado);
  ALTER TABLE tramites DROP CONSTRAINT tramites_pkey;
  ALTER TABLE tramites ADD CONSTRAINT tramites_pkey PRIMARY KEY (sitio, radicado);
  ALTER TABLE adjuntos ADD CONSTRAINT adjuntos_radicado_fkey FOREIGN KEY (sitio, radicado) REFERENCES radicaciones (sitio, radicado);
  ALTER TABLE tramites ADD CONSTRAINT tramites_radicado_fkey FOREIGN KEY (sitio, radicado) REFERENCES radicaciones (sitio, radicado);
  ALTER TABLE historial ADD CONSTRAINT historial_radicado_fkey FOREIGN KEY (sitio, radicado) REFERENCES radicaciones (sitio, radicado);
  ALTER TABLE consecutivos DROP CONSTRAINT consecutivos_pkey;
  ALTER TABLE consecutivos ADD CONSTRAINT consecutivos_pkey PRIMARY KEY (sitio, serie, anio);
  ALTER TABLE suscripciones DROP CONSTRAINT suscripciones_radicado_key;
  ALTER TABLE suscripciones ADD CONSTRAINT suscripciones_radicado_key UNIQUE (sitio, radicado);
  ALTER TABLE suscripciones DROP CONSTRAINT suscripciones_correo_normalizado_key;
  ALTER TABLE suscripciones ADD CONSTRAINT suscripciones_correo_normalizado_key UNIQUE (sitio, correo_normalizado);
  ALTER TABLE cuentas DROP CONSTRAINT cuentas_correo_key;
  ALTER TABLE cuentas ADD CONSTRAINT cuentas_correo_key UNIQUE (sitio, correo);
  ALTER TABLE limites_solicitudes DROP CONSTRAINT limites_solicitudes_pkey;
  ALTER TABLE limites_solicitudes ADD CONSTRAINT limites_solicitudes_pkey PRIMARY KEY (sitio, clave);
  ALTER TABLE intentos_acceso DROP CONSTRAINT intentos_acceso_pkey;
  ALTER TABLE intentos_acceso ADD CONSTRAINT intentos_acceso_pkey PRIMARY KEY (sitio, clave, intento);
`

/** Per table: the column (existing rows get the default site; new ones the connection's), then its policy. */
function perTable(table: string): string {
  return `
  ALTER TABLE ${table} ADD COLUMN sitio text NOT NULL DEFAULT '${DEFAULT_SITE}';
  ALTER TABLE ${table} ALTER COLUMN sitio SET DEFAULT sitio_actual();
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
  CREATE POLICY sitio_propio ON ${table} USING (sitio = sitio_actual()) WITH CHECK (sitio = sitio_actual());
`
}

export const SITE_TENANCY: Migration = {
  id: 'site-tenancy',
  version: 2900,
  name: 'plataforma: cada fila es de un sitio (PostgreSQL: columna sitio y seguridad por filas)',
  // On PostgreSQL an older release sets no site on its connections, so the policies would show it no row: it
  // cannot serve on this schema (updating to it: service stopped, guide 7.4). The SQLite side changes nothing.
  breaksOlder: 'postgres',
  // SQLite: one file per site (its data folder); nothing to change in the file.
  sqlite: 'SELECT 1;',
  postgres: `
  -- The connection's site; NULL when it names none (unset, or reset to ''): then no row matches and no row can be written.
  CREATE FUNCTION sitio_actual() RETURNS text LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('${SITE_SETTING}', true), '') $$;
  ${SITE_TABLES.map(perTable).join('')}
  ${PER_SITE_KEYS}
  `,
}

/**
 * The `application_name` of the store's connections: «radicacion», «radicacion-exportacion». A connection of the
 * process's one pool serves any site (sharedPool.ts), so its name names none: which process serves a site is told
 * by sitePresence.ts.
 */
export function connectionName(readonly: boolean): string {
  return readonly ? 'radicacion-exportacion' : 'radicacion'
}
