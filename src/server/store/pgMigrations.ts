import type { PoolClient } from 'pg'

/**
 * The PostgreSQL schema, versioned like the SQLite one (migrations.ts): the
 * same version numbers with the same meaning, written in PostgreSQL's
 * dialect. A migration is never edited once released: add a new one with the
 * next version, here AND in migrations.ts.
 *
 * Instants stay ISO-8601 text (`2025-06-01T15:00:00.000Z`), as in SQLite: the
 * interface hands them out as text, `since` compares them as text, and a
 * value forced in by hand still exports (issue 13 #1). The instants compared
 * with `since` are COLLATE "C" (byte order, like SQLite), whatever locale the
 * database was created with. `datos` is `json`, not
 * `jsonb`: json keeps the payload's text and key order, which the export's
 * columns follow.
 */
export interface PgMigration {
  version: number
  name: string
  sql: string
}

export const PG_MIGRATIONS: PgMigration[] = [
  {
    version: 1,
    name: 'radicaciones, adjuntos, suscripciones y consecutivos',
    sql: `
      -- Last number handed out per series and year. Only ever incremented,
      -- in the same transaction as the filing (its row stays locked until the
      -- commit), so a number is never reused and none is skipped.
      CREATE TABLE consecutivos (
        serie text NOT NULL,
        anio integer NOT NULL,
        ultimo integer NOT NULL,
        PRIMARY KEY (serie, anio)
      );

      CREATE TABLE radicaciones (
        numero integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        radicado text NOT NULL UNIQUE,
        tipo text NOT NULL CHECK (tipo IN ('pqrs', 'cita', 'historia')),
        recibido_en text COLLATE "C" NOT NULL,
        datos json NOT NULL
      );
      CREATE INDEX radicaciones_tipo_fecha ON radicaciones (tipo, recibido_en);

      -- Uploaded files: stored under DATA_DIR/adjuntos with a random name (on disk, not in the database).
      CREATE TABLE adjuntos (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        radicado text NOT NULL REFERENCES radicaciones (radicado),
        campo text NOT NULL,
        archivo text NOT NULL UNIQUE,
        nombre_original text NOT NULL,
        tipo text NOT NULL,
        tamano integer NOT NULL,
        sha256 text NOT NULL
      );
      CREATE INDEX adjuntos_radicado ON adjuntos (radicado);

      CREATE TABLE suscripciones (
        numero integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        radicado text NOT NULL UNIQUE,
        correo text NOT NULL,
        correo_normalizado text NOT NULL UNIQUE,
        recibido_en text COLLATE "C" NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'oficina: cuentas, sesiones, trámite de radicaciones, historial y auditoría',
    sql: `
      CREATE TABLE cuentas (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        correo text NOT NULL UNIQUE,
        nombre text NOT NULL,
        rol text NOT NULL CHECK (rol IN ('siau', 'admin')),
        -- JSON list of form ids the account may see; NULL = every form.
        formularios json,
        clave text NOT NULL,
        activa boolean NOT NULL DEFAULT true,
        creada_en text NOT NULL,
        actualizada_en text NOT NULL
      );

      -- Server-side sessions, shared by every server process. Only the SHA-256 of the cookie's token is kept.
      CREATE TABLE sesiones (
        token_hash text PRIMARY KEY,
        cuenta_id integer NOT NULL REFERENCES cuentas (id),
        recordar boolean NOT NULL,
        creada_en text NOT NULL,
        ultimo_uso text NOT NULL,
        expira_en text NOT NULL,
        inactividad_ms bigint NOT NULL,
        revocada_en text
      );
      CREATE INDEX sesiones_cuenta ON sesiones (cuenta_id);

      CREATE TABLE tramites (
        radicado text PRIMARY KEY REFERENCES radicaciones (radicado),
        estado text NOT NULL CHECK (estado IN ('radicada', 'en_tramite', 'respondida', 'trasladada', 'cerrada')),
        dias_habiles integer NOT NULL,
        vence text NOT NULL,
        vence_original text NOT NULL,
        vence_maximo text NOT NULL,
        vence_traslado text NOT NULL,
        ampliada boolean NOT NULL DEFAULT false,
        respondida_en text,
        cerrada_en text
      );
      CREATE INDEX tramites_vence ON tramites (estado, vence);

      CREATE TABLE historial (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        radicado text NOT NULL REFERENCES radicaciones (radicado),
        accion text NOT NULL,
        estado_anterior text,
        estado_nuevo text NOT NULL,
        cuenta_id integer REFERENCES cuentas (id),
        en text NOT NULL,
        texto text,
        entidad text,
        nueva_fecha text,
        archivo text UNIQUE,
        archivo_nombre text,
        archivo_tamano integer,
        archivo_sha256 text,
        tardio boolean NOT NULL DEFAULT false
      );
      CREATE INDEX historial_radicado ON historial (radicado, id);

      CREATE TABLE auditoria (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        en text COLLATE "C" NOT NULL,
        evento text NOT NULL,
        cuenta_id integer REFERENCES cuentas (id),
        correo text,
        radicado text,
        detalle text,
        direccion text
      );
      CREATE INDEX auditoria_en ON auditoria (en);

      -- History and audit are append-only: the database refuses to change or delete a row (TRUNCATE too).
      CREATE FUNCTION solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '%', TG_ARGV[0];
      END
      $$;
      CREATE TRIGGER historial_sin_cambios BEFORE UPDATE ON historial FOR EACH ROW EXECUTE FUNCTION solo_agregar('el historial no se modifica');
      CREATE TRIGGER historial_sin_borrado BEFORE DELETE ON historial FOR EACH ROW EXECUTE FUNCTION solo_agregar('el historial no se borra');
      CREATE TRIGGER historial_sin_vaciado BEFORE TRUNCATE ON historial FOR EACH STATEMENT EXECUTE FUNCTION solo_agregar('el historial no se borra');
      CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE ON auditoria FOR EACH ROW EXECUTE FUNCTION solo_agregar('la auditoría no se modifica');
      CREATE TRIGGER auditoria_sin_borrado BEFORE DELETE ON auditoria FOR EACH ROW EXECUTE FUNCTION solo_agregar('la auditoría no se borra');
      CREATE TRIGGER auditoria_sin_vaciado BEFORE TRUNCATE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION solo_agregar('la auditoría no se borra');
    `,
  },
  {
    version: 3,
    name: 'tipos de radicación definidos por los formularios (sin lista fija)',
    // The kinds come from the form manifests; the store refuses a kind outside its numbering plan.
    // PostgreSQL drops a CHECK in place (SQLite had to rebuild the tables).
    sql: `
      ALTER TABLE radicaciones DROP CONSTRAINT radicaciones_tipo_check;
      ALTER TABLE radicaciones ADD CONSTRAINT radicaciones_tipo_check CHECK (tipo <> '');
    `,
  },
  {
    version: 4,
    name: 'oficina: segundo factor (TOTP) por cuenta',
    sql: `ALTER TABLE cuentas ADD COLUMN totp_secreto text;`,
  },
  {
    version: 12,
    name: 'recibo: código de verificación de cada radicación (solo su hash)',
    sql: `ALTER TABLE radicaciones ADD COLUMN codigo_hash text;`,
  },
  {
    version: 125,
    name: 'respuestas que niegan lo solicitado (informe de solicitudes, Decreto 103 de 2015, art. 52)',
    sql: `ALTER TABLE historial ADD COLUMN negada boolean NOT NULL DEFAULT false;`,
  },
  {
    // Issue 12 item 2, the same number as SQLite's: the notice version and time of each authorization (Decreto 1377 de 2013, art. 8).
    version: 1202,
    name: 'autorización de tratamiento de datos: versión del aviso y hora, con cada radicación y suscripción',
    sql: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_version text;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_en text;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_version text;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_en text;
    `,
  },
  {
    // The same number as SQLite's: the time step of the last second-factor code accepted (RFC 6238 §5.2).
    version: 1301,
    name: 'oficina: cada código del segundo factor se acepta una sola vez',
    sql: `ALTER TABLE cuentas ADD COLUMN totp_ultimo_paso bigint;`,
  },
  {
    // The same number as SQLite's (issue 23 item 6): what every server process must see the same.
    version: 2301,
    name: 'estado compartido: límite de envíos, intentos de acceso y recibos sin JavaScript',
    sql: `
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
    // Issue 26 item 1, the same number as SQLite's: channel, registering staff member and day of receipt.
    version: 2601,
    name: 'canal de recepción de cada radicación, funcionario que la registró y día en que se recibió',
    sql: `
      ALTER TABLE radicaciones ADD COLUMN canal text NOT NULL DEFAULT 'web' CHECK (canal IN ('web', 'presencial', 'telefonico', 'correo', 'escrito'));
      ALTER TABLE radicaciones ADD COLUMN registrada_por integer REFERENCES cuentas (id);
      ALTER TABLE radicaciones ADD COLUMN recibida_el text CHECK (recibida_el IS NULL OR recibida_el ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$');
    `,
  },
  {
    // Issue 26 item 5, the same number as SQLite's: the explicit sensitive-data authorization.
    version: 2650,
    name: 'autorización expresa de datos sensibles de cada radicación (versión del aviso y hora)',
    sql: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_version text;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_en text;
    `,
  },
]

/**
 * Key of the advisory lock that serializes migrations: several server
 * processes starting together wait for each other, and each applies only
 * what the one before it did not.
 */
export const MIGRATION_LOCK_KEY = 1_507_201_500

/**
 * Applies the migrations not yet applied, all in one transaction under a
 * transaction-level advisory lock (PostgreSQL's DDL is transactional: a
 * failed migration leaves the schema as it was). Returns the versions run.
 */
export async function migratePg(client: PoolClient, migrations: readonly PgMigration[] = PG_MIGRATIONS): Promise<number[]> {
  const ran: number[] = []
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    // Created only when missing: the server's own role (pgRoles.ts) may not create tables, even with IF NOT EXISTS.
    const [exists] = (await client.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t")).rows
    if (!exists?.t) {
      await client.query(`CREATE TABLE schema_migrations (
        version integer PRIMARY KEY,
        nombre text NOT NULL,
        aplicada_en text NOT NULL
      )`)
    }
    const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version))
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue
      try {
        await client.query(m.sql)
      } catch (error) {
        if ((error as { code?: string }).code === '42501') {
          throw new Error(`La base de datos necesita la migración ${m.version} («${m.name}») y esta cuenta de PostgreSQL no puede aplicarla. Ejecute primero, con la cuenta dueña de las tablas: npm run -s bd:preparar -- <cuenta del servidor> (vea «PostgreSQL» en el README).`)
        }
        throw error
      }
      await client.query('INSERT INTO schema_migrations (version, nombre, aplicada_en) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()])
      ran.push(m.version)
    }
    await checkSchemaVersion(client)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
  return ran
}

/** A database migrated by a newer release is refused (this program would misread it). */
export async function checkSchemaVersion(client: PoolClient): Promise<void> {
  const newest = Math.max(0, ...PG_MIGRATIONS.map((m) => m.version))
  const known = (await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0
  if (known > newest) throw new Error(`La base de datos tiene la versión de esquema ${known}, más nueva que este programa (${newest}).`)
}
