/**
 * The schema of both engines: ONE ordered list, applied in this order, each migration named by what it
 * does (`id`) with its SQL for SQLite and for PostgreSQL (the same statements where the dialects agree; the
 * append-only triggers, SQLite's table rebuild and PostgreSQL's types are where they do not). A migration is
 * never edited once released: add a new one at the end. The first two create the tables and are long: each
 * lives in its own file (filingTables.ts, officeTables.ts); the later, short ones are written here.
 *
 * `version` is only the key recorded in `schema_migrations`. The migrations released before this list
 * existed keep the numbers they were released with (1, 2, 3, 4, 12, 125, 1202, 1301, 2301, 2601, 2650: the
 * databases installed at hospitals carry them, on both engines), so such a database is recognised as up to
 * date and keeps every row; a new migration takes the next integer after the last one in the list.
 *
 * Instants are ISO-8601 text in both engines (`2025-06-01T15:00:00.000Z`): the store hands them out as
 * text and `since` compares them as text; in PostgreSQL the instants compared with `since` are COLLATE "C"
 * (byte order, like SQLite) whatever the database's locale, and `datos` is `json`, not `jsonb`, which keeps
 * the payload's text and key order (the export's columns follow it).
 */
import { FILING_TABLES } from './filingTables.ts'
import type { Migration } from './migration.ts'
import { OFFICE_TABLES } from './officeTables.ts'
import { ATTACHMENT_CONTENTS, DAILY_BACKUP_CLAIMS, RELEASES_IN_DATABASE } from './platformTables.ts'
import { SITE_PROOF } from './siteProof.ts'
import { SITE_TENANCY } from './siteTenancy.ts'

export type { Migration }

export const MIGRATIONS: readonly Migration[] = [
  FILING_TABLES,
  OFFICE_TABLES,
  {
    // The kinds of filing come from the form manifests: the fixed list of kinds goes (SQLite rebuilds the tables, PostgreSQL drops the CHECK).
    id: 'kinds-from-forms',
    version: 3,
    name: 'tipos de radicación definidos por los formularios (sin lista fija)',
    rebuildsTables: true,
    sqlite: `
      -- tramites and historial (version 2) reference radicaciones: see rebuildsTables.
      CREATE TABLE radicaciones_v2 (
        numero INTEGER PRIMARY KEY AUTOINCREMENT,
        radicado TEXT NOT NULL UNIQUE,
        tipo TEXT NOT NULL CHECK (tipo <> ''),
        recibido_en TEXT NOT NULL,
        datos TEXT NOT NULL CHECK (json_valid(datos))
      ) STRICT;
      INSERT INTO radicaciones_v2 (numero, radicado, tipo, recibido_en, datos)
        SELECT numero, radicado, tipo, recibido_en, datos FROM radicaciones ORDER BY numero;

      CREATE TABLE adjuntos_v2 (
        radicado TEXT NOT NULL REFERENCES radicaciones_v2 (radicado),
        campo TEXT NOT NULL,
        archivo TEXT NOT NULL UNIQUE,
        nombre_original TEXT NOT NULL,
        tipo TEXT NOT NULL,
        tamano INTEGER NOT NULL,
        sha256 TEXT NOT NULL
      ) STRICT;
      INSERT INTO adjuntos_v2 (rowid, radicado, campo, archivo, nombre_original, tipo, tamano, sha256)
        SELECT rowid, radicado, campo, archivo, nombre_original, tipo, tamano, sha256 FROM adjuntos ORDER BY rowid;

      DROP TABLE adjuntos;
      DROP TABLE radicaciones;
      ALTER TABLE radicaciones_v2 RENAME TO radicaciones;
      ALTER TABLE adjuntos_v2 RENAME TO adjuntos;
      CREATE INDEX radicaciones_tipo_fecha ON radicaciones (tipo, recibido_en);
      CREATE INDEX adjuntos_radicado ON adjuntos (radicado);
    `,
    postgres: `
      ALTER TABLE radicaciones DROP CONSTRAINT radicaciones_tipo_check;
      ALTER TABLE radicaciones ADD CONSTRAINT radicaciones_tipo_check CHECK (tipo <> '');
    `,
  },
  {
    // A TOTP secret per staff account.
    id: 'second-factor',
    version: 4,
    name: 'oficina: segundo factor (TOTP) por cuenta',
    sqlite: `
      -- Base32 TOTP secret of an account that enrolled a second factor; NULL = none.
      ALTER TABLE cuentas ADD COLUMN totp_secreto TEXT;
    `,
    postgres: `ALTER TABLE cuentas ADD COLUMN totp_secreto text;
    `,
  },
  {
    // The hash of the verification code on each filing's receipt.
    id: 'receipt-code',
    version: 12,
    name: 'recibo: código de verificación de cada radicación (solo su hash)',
    sqlite: `
      -- SHA-256 of the normalized verification code given to the citizen; NULL for filings made before receipts.
      ALTER TABLE radicaciones ADD COLUMN codigo_hash TEXT;
    `,
    postgres: `ALTER TABLE radicaciones ADD COLUMN codigo_hash text;
    `,
  },
  {
    // Answers that deny what was asked, counted in the published report (Decreto 103 de 2015, art. 52).
    id: 'denied-answers',
    version: 125,
    name: 'respuestas que niegan lo solicitado (informe de solicitudes, Decreto 103 de 2015, art. 52)',
    sqlite: `
      -- 1 when the answer denies what was asked (access to information refused, request rejected); counted in the published report.
      ALTER TABLE historial ADD COLUMN negada INTEGER NOT NULL DEFAULT 0 CHECK (negada IN (0, 1));
    `,
    postgres: `ALTER TABLE historial ADD COLUMN negada boolean NOT NULL DEFAULT false;
    `,
  },
  {
    // The privacy notice's version and time of each data-treatment authorization (Ley 1581 de 2012, art. 9; Decreto 1377 de 2013, art. 8).
    id: 'consent',
    version: 1202,
    name: 'autorización de tratamiento de datos: versión del aviso y hora, con cada radicación y suscripción',
    sqlite: `
      -- Consent (Ley 1581 de 2012, art. 9; Decreto 1377 de 2013, art. 8: proof of the authorization):
      -- the version of the privacy notice the person read and when they authorized. NULL for rows stored
      -- before the notice existed. Written with the row, never changed.
      ALTER TABLE radicaciones ADD COLUMN autorizacion_version TEXT;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_en TEXT;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_version TEXT;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_en TEXT;
    `,
    postgres: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_version text;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_en text;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_version text;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_en text;
    `,
  },
  {
    // Each second-factor code accepted once (RFC 6238 §5.2).
    id: 'second-factor-once',
    version: 1301,
    name: 'oficina: cada código del segundo factor se acepta una sola vez',
    sqlite: `
      -- RFC 6238 time step of the last second-factor code accepted for the account; a code of this step
      -- or an earlier one is refused (a code seen over a shoulder cannot be used again). NULL = none yet.
      ALTER TABLE cuentas ADD COLUMN totp_ultimo_paso INTEGER;
    `,
    postgres: `ALTER TABLE cuentas ADD COLUMN totp_ultimo_paso bigint;
    `,
  },
  {
    // State every server process must see the same: request limits, sign-in attempts, no-script receipts.
    id: 'shared-state',
    version: 2301,
    name: 'estado compartido: límite de envíos, intentos de acceso y recibos sin JavaScript',
    sqlite: `
      -- Requests per client address and window (fixed windows, as @fastify/rate-limit counts them).
      -- desde: start of the current window, ms since 1970.
      CREATE TABLE limites_solicitudes (
        clave TEXT PRIMARY KEY,
        cuenta INTEGER NOT NULL,
        desde INTEGER NOT NULL
      ) STRICT;
      -- One row per sign-in attempt counted against an account or an address (office/throttle.ts).
      CREATE TABLE intentos_acceso (
        clave TEXT NOT NULL,
        intento TEXT NOT NULL,
        en INTEGER NOT NULL,
        PRIMARY KEY (clave, intento)
      ) STRICT;
      -- The receipt of a filing posted without script, for its confirmation page, sealed with a key only
      -- the citizen's redirect holds (receiptTokens.ts): this table alone does not give the verification code.
      CREATE TABLE recibos_pendientes (
        token_hash TEXT PRIMARY KEY,
        radicado TEXT NOT NULL,
        sellado TEXT NOT NULL,
        vence_en INTEGER NOT NULL
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE limites_solicitudes (
        clave text PRIMARY KEY,
        cuenta integer NOT NULL,
        desde bigint NOT NULL
      );
      CREATE TABLE intentos_acceso (
        clave text NOT NULL,
        intento text NOT NULL,
        en bigint NOT NULL,
        PRIMARY KEY (clave, intento)
      );
      CREATE TABLE recibos_pendientes (
        token_hash text PRIMARY KEY,
        radicado text NOT NULL,
        sellado text NOT NULL,
        vence_en bigint NOT NULL
      );
    `,
  },
  {
    // How each filing arrived (Decreto 1166 de 2016: verbal petitions too), who registered it and the day it was received.
    id: 'reception-channel',
    version: 2601,
    name: 'canal de recepción de cada radicación, funcionario que la registró y día en que se recibió',
    sqlite: `
      -- How the petition arrived (Decreto 1166 de 2016: verbal petitions are registered too): web for the site's forms.
      ALTER TABLE radicaciones ADD COLUMN canal TEXT NOT NULL DEFAULT 'web' CHECK (canal IN ('web', 'presencial', 'telefonico', 'correo', 'escrito'));
      -- The staff account that registered it (NULL for the site's forms).
      ALTER TABLE radicaciones ADD COLUMN registrada_por INTEGER REFERENCES cuentas (id);
      -- Colombian day the entity received it when earlier than the registration (paper that arrived before); NULL = the day of recibido_en.
      ALTER TABLE radicaciones ADD COLUMN recibida_el TEXT CHECK (recibida_el IS NULL OR recibida_el GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
    `,
    postgres: `
      ALTER TABLE radicaciones ADD COLUMN canal text NOT NULL DEFAULT 'web' CHECK (canal IN ('web', 'presencial', 'telefonico', 'correo', 'escrito'));
      ALTER TABLE radicaciones ADD COLUMN registrada_por integer REFERENCES cuentas (id);
      ALTER TABLE radicaciones ADD COLUMN recibida_el text CHECK (recibida_el IS NULL OR recibida_el ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$');
    `,
  },
  {
    // The explicit authorization for sensitive data (Decreto 1377 de 2013, art. 6), stored like the general one:
    // notice version and time; NULL when the form asked none.
    id: 'sensitive-data-consent',
    version: 2650,
    name: 'autorización expresa de datos sensibles de cada radicación (versión del aviso y hora)',
    sqlite: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_version TEXT;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_en TEXT;
    `,
    postgres: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_version text;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_en text;
    `,
  },
  SITE_TENANCY,
  SITE_PROOF,
  {
    // A closed period's report of requests as first published (Decreto 103 de 2015, art. 52): later corrections of a
    // filing do not rewrite it (docs/decisions/tracking-and-report.md). New table only: older releases ignore it.
    id: 'published-reports',
    version: 2950,
    name: 'informe de solicitudes de cada periodo cerrado, congelado como se publicó',
    sqlite: `
      CREATE TABLE informes_publicados (
        periodo TEXT PRIMARY KEY,
        publicado_en TEXT NOT NULL,
        contenido TEXT NOT NULL
      ) STRICT;
    `,
    postgres: `
      CREATE TABLE informes_publicados (
        sitio text NOT NULL DEFAULT sitio_actual(),
        periodo text NOT NULL,
        publicado_en text NOT NULL,
        contenido text NOT NULL,
        PRIMARY KEY (sitio, periodo)
      );
      ALTER TABLE informes_publicados ENABLE ROW LEVEL SECURITY;
      ALTER TABLE informes_publicados FORCE ROW LEVEL SECURITY;
      CREATE POLICY sitio_propio ON informes_publicados USING (sitio = (SELECT sitio_actual())) WITH CHECK (sitio = (SELECT sitio_actual()));
    `,
  },
  DAILY_BACKUP_CLAIMS,
  ATTACHMENT_CONTENTS,
  RELEASES_IN_DATABASE,
]

/** The migrations of MIGRATIONS not yet recorded, in the list's order. */
export function pendingMigrations(applied: ReadonlySet<number>, migrations: readonly Migration[] = MIGRATIONS): Migration[] {
  return migrations.filter(m => !applied.has(m.version))
}

/** Put before the recorded name of a migration older releases cannot run on (Spanish: IT staff read schema_migrations). */
export const BREAKS_OLDER = 'incompatible con versiones anteriores: '

/** The name recorded in schema_migrations.nombre. */
export const recordedName = (m: Migration, engine: 'sqlite' | 'postgres'): string =>
  m.breaksOlder === true || m.breaksOlder === engine ? `${BREAKS_OLDER}${m.name}` : m.name

/**
 * A database migrated by a newer release is accepted when every migration this program does not know is additive
 * (a failed update leaves them behind while the old release serves: docs/decisions/updates-and-releases.md), and
 * refused when one of them says older releases cannot run on it (this program would misread it).
 */
export function refuseNewerSchema(applied: ReadonlyArray<{ version: number; nombre: string }>): void {
  const newest = Math.max(0, ...MIGRATIONS.map(m => m.version))
  const breaking = applied.filter(r => r.version > newest && r.nombre.startsWith(BREAKS_OLDER))
  if (breaking.length === 0) return
  const known = Math.max(...applied.map(r => r.version))
  throw new Error(
    `La base de datos tiene la versión de esquema ${known}, más nueva que este programa (${newest}), con cambios que este programa no puede usar (${breaking.map(r => r.version).join(', ')}).`,
  )
}
