/**
 * The schema of both engines: ONE ordered list, applied in this order, each migration named by what it
 * does (`id`) with its SQL for SQLite and for PostgreSQL (the same statements where the dialects agree; the
 * append-only triggers, SQLite's table rebuild and PostgreSQL's types are where they do not). A migration is
 * never edited once released: add a new one at the end.
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
export interface Migration {
  /** What it does, in a few words (English, for developers). */
  id: string
  /** Key recorded in schema_migrations (see above); strictly increasing along the list. */
  version: number
  /** What it does, recorded in schema_migrations.nombre (Spanish: IT staff read that table). */
  name: string
  sqlite: string
  postgres: string
  /**
   * SQLite: rebuilds a table other tables reference, so foreign keys are switched off around the
   * transaction (SQLite's documented procedure) and `foreign_key_check` must find nothing before it commits.
   */
  rebuildsTables?: boolean
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // Filings, their attachments, newsletter subscriptions and the counters that number them.
    id: 'filings',
    version: 1,
    name: 'radicaciones, adjuntos, suscripciones y consecutivos',
    sqlite: `
      -- Last number handed out per series and year. Only ever incremented,
      -- in the same transaction as the filing, so a number is never reused.
      CREATE TABLE consecutivos (
        serie TEXT NOT NULL,
        anio INTEGER NOT NULL,
        ultimo INTEGER NOT NULL,
        PRIMARY KEY (serie, anio)
      ) STRICT;

      -- One row per filing (PQRSD, appointment, clinical record). datos holds
      -- the validated payload as JSON, with the field names of the form.
      CREATE TABLE radicaciones (
        numero INTEGER PRIMARY KEY AUTOINCREMENT,
        radicado TEXT NOT NULL UNIQUE,
        tipo TEXT NOT NULL CHECK (tipo IN ('pqrs', 'cita', 'historia')),
        recibido_en TEXT NOT NULL,
        datos TEXT NOT NULL CHECK (json_valid(datos))
      ) STRICT;
      CREATE INDEX radicaciones_tipo_fecha ON radicaciones (tipo, recibido_en);

      -- Uploaded files: stored under DATA_DIR/adjuntos with a random name.
      CREATE TABLE adjuntos (
        radicado TEXT NOT NULL REFERENCES radicaciones (radicado),
        campo TEXT NOT NULL,
        archivo TEXT NOT NULL UNIQUE,
        nombre_original TEXT NOT NULL,
        tipo TEXT NOT NULL,
        tamano INTEGER NOT NULL,
        sha256 TEXT NOT NULL
      ) STRICT;
      CREATE INDEX adjuntos_radicado ON adjuntos (radicado);

      -- Newsletter: one row per address, compared in lower case.
      CREATE TABLE suscripciones (
        numero INTEGER PRIMARY KEY AUTOINCREMENT,
        radicado TEXT NOT NULL UNIQUE,
        correo TEXT NOT NULL,
        correo_normalizado TEXT NOT NULL UNIQUE,
        recibido_en TEXT NOT NULL
      ) STRICT;
    `,
    postgres: `
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
    // The office: staff accounts, sessions, each filing's estado and deadlines, its history and the audit trail (both append-only).
    id: 'office',
    version: 2,
    name: 'oficina: cuentas, sesiones, trámite de radicaciones, historial y auditoría',
    sqlite: `
      -- Staff accounts, managed with npm run usuarios. correo is stored in lower case.
      CREATE TABLE cuentas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        correo TEXT NOT NULL UNIQUE,
        nombre TEXT NOT NULL,
        rol TEXT NOT NULL CHECK (rol IN ('siau', 'admin')),
        -- JSON list of form ids the account may see; NULL = every form.
        formularios TEXT CHECK (formularios IS NULL OR json_valid(formularios)),
        clave TEXT NOT NULL,
        activa INTEGER NOT NULL DEFAULT 1 CHECK (activa IN (0, 1)),
        creada_en TEXT NOT NULL,
        actualizada_en TEXT NOT NULL
      ) STRICT;

      -- Server-side sessions. Only the SHA-256 of the cookie's token is kept.
      CREATE TABLE sesiones (
        token_hash TEXT PRIMARY KEY,
        cuenta_id INTEGER NOT NULL REFERENCES cuentas (id),
        recordar INTEGER NOT NULL CHECK (recordar IN (0, 1)),
        creada_en TEXT NOT NULL,
        ultimo_uso TEXT NOT NULL,
        expira_en TEXT NOT NULL,
        inactividad_ms INTEGER NOT NULL,
        revocada_en TEXT
      ) STRICT;
      CREATE INDEX sesiones_cuenta ON sesiones (cuenta_id);

      -- State and deadlines of each filing (days are YYYY-MM-DD, Colombia).
      CREATE TABLE tramites (
        radicado TEXT PRIMARY KEY REFERENCES radicaciones (radicado),
        estado TEXT NOT NULL CHECK (estado IN ('radicada', 'en_tramite', 'respondida', 'trasladada', 'cerrada')),
        dias_habiles INTEGER NOT NULL,
        vence TEXT NOT NULL,
        vence_original TEXT NOT NULL,
        vence_maximo TEXT NOT NULL,
        vence_traslado TEXT NOT NULL,
        ampliada INTEGER NOT NULL DEFAULT 0 CHECK (ampliada IN (0, 1)),
        respondida_en TEXT,
        cerrada_en TEXT
      ) STRICT;
      CREATE INDEX tramites_vence ON tramites (estado, vence);

      -- Every step of a filing, with who and when. Never changed.
      CREATE TABLE historial (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        radicado TEXT NOT NULL REFERENCES radicaciones (radicado),
        accion TEXT NOT NULL,
        estado_anterior TEXT,
        estado_nuevo TEXT NOT NULL,
        cuenta_id INTEGER REFERENCES cuentas (id),
        en TEXT NOT NULL,
        texto TEXT,
        entidad TEXT,
        nueva_fecha TEXT,
        archivo TEXT UNIQUE,
        archivo_nombre TEXT,
        archivo_tamano INTEGER,
        archivo_sha256 TEXT,
        tardio INTEGER NOT NULL DEFAULT 0 CHECK (tardio IN (0, 1))
      ) STRICT;
      CREATE INDEX historial_radicado ON historial (radicado, id);
      CREATE TRIGGER historial_sin_cambios BEFORE UPDATE ON historial BEGIN SELECT RAISE(ABORT, 'el historial no se modifica'); END;
      CREATE TRIGGER historial_sin_borrado BEFORE DELETE ON historial BEGIN SELECT RAISE(ABORT, 'el historial no se borra'); END;

      -- Audit trail: sign-ins, sign-outs, views, downloads, actions, account changes. Append-only.
      CREATE TABLE auditoria (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        en TEXT NOT NULL,
        evento TEXT NOT NULL,
        cuenta_id INTEGER REFERENCES cuentas (id),
        correo TEXT,
        radicado TEXT,
        detalle TEXT,
        direccion TEXT
      ) STRICT;
      CREATE INDEX auditoria_en ON auditoria (en);
      CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE ON auditoria BEGIN SELECT RAISE(ABORT, 'la auditoría no se modifica'); END;
      CREATE TRIGGER auditoria_sin_borrado BEFORE DELETE ON auditoria BEGIN SELECT RAISE(ABORT, 'la auditoría no se borra'); END;
    `,
    postgres: `
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
]

/** The migrations of MIGRATIONS not yet recorded, in the list's order. */
export function pendingMigrations(applied: ReadonlySet<number>, migrations: readonly Migration[] = MIGRATIONS): Migration[] {
  return migrations.filter(m => !applied.has(m.version))
}

/** A database migrated by a newer release is refused (this program would misread it). */
export function refuseNewerSchema(known: number | null | undefined): void {
  const newest = Math.max(0, ...MIGRATIONS.map(m => m.version))
  if ((known ?? 0) > newest) throw new Error(`La base de datos tiene la versión de esquema ${known}, más nueva que este programa (${newest}).`)
}
