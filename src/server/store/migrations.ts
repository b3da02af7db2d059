import type Database from 'better-sqlite3'

/**
 * Versioned schema. A migration is never edited once released: add a new
 * one with the next version. Each runs in its own transaction and is recorded
 * in schema_migrations.
 */
export interface Migration {
  version: number
  name: string
  sql: string
  /**
   * Rebuilds a table other tables reference: foreign keys are switched off
   * around the transaction (SQLite's documented procedure for such changes)
   * and `foreign_key_check` must find nothing before it commits.
   */
  rebuildsTables?: boolean
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'radicaciones, adjuntos, suscripciones y consecutivos',
    sql: `
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
  },
  {
    version: 2,
    name: 'oficina: cuentas, sesiones, trámite de radicaciones, historial y auditoría',
    sql: `
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
  },
  {
    version: 3,
    name: 'tipos de radicación definidos por los formularios (sin lista fija)',
    rebuildsTables: true,
    // The kinds come from the form manifests now (radicacion.tipo), so the
    // fixed CHECK list of version 1 goes; the store refuses a kind outside
    // its numbering plan. SQLite cannot drop a CHECK: both tables are rebuilt
    // (adjuntos first out, since it references radicaciones) with the same
    // rows, numbers and order.
    sql: `
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
  },
  {
    // Version 3 is taken by the form-driven kinds (issue 15); versions may apply in any order.
    version: 4,
    name: 'oficina: segundo factor (TOTP) por cuenta',
    sql: `
      -- Base32 TOTP secret of an account that enrolled a second factor; NULL = none.
      ALTER TABLE cuentas ADD COLUMN totp_secreto TEXT;
    `,
  },
  {
    // Numbered after the issue (12) so that parallel work on versions 5.. does not collide; versions may apply in any order.
    version: 12,
    name: 'recibo: código de verificación de cada radicación (solo su hash)',
    sql: `
      -- SHA-256 of the normalized verification code given to the citizen; NULL for filings made before receipts.
      ALTER TABLE radicaciones ADD COLUMN codigo_hash TEXT;
    `,
  },
  {
    // Numbered after issue 12 item 5 (the published report) so that parallel migrations cannot collide.
    version: 125,
    name: 'respuestas que niegan lo solicitado (informe de solicitudes, Decreto 103 de 2015, art. 52)',
    sql: `
      -- 1 when the answer denies what was asked (access to information refused, request rejected); counted in the published report.
      ALTER TABLE historial ADD COLUMN negada INTEGER NOT NULL DEFAULT 0 CHECK (negada IN (0, 1));
    `,
  },
  {
    // Issue 12 item 2, numbered 1202 so that parallel migrations cannot collide; versions may apply in any order.
    version: 1202,
    name: 'autorización de tratamiento de datos: versión del aviso y hora, con cada radicación y suscripción',
    sql: `
      -- Consent (Ley 1581 de 2012, art. 9; Decreto 1377 de 2013, art. 8: proof of the authorization):
      -- the version of the privacy notice the person read and when they authorized. NULL for rows stored
      -- before the notice existed. Written with the row, never changed.
      ALTER TABLE radicaciones ADD COLUMN autorizacion_version TEXT;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_en TEXT;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_version TEXT;
      ALTER TABLE suscripciones ADD COLUMN autorizacion_en TEXT;
    `,
  },
  {
    // Numbered after issue 13 (hardening), the work it completes; versions may apply in any order.
    version: 1301,
    name: 'oficina: cada código del segundo factor se acepta una sola vez',
    sql: `
      -- RFC 6238 time step of the last second-factor code accepted for the account; a code of this step
      -- or an earlier one is refused (a code seen over a shoulder cannot be used again). NULL = none yet.
      ALTER TABLE cuentas ADD COLUMN totp_ultimo_paso INTEGER;
    `,
  },
  {
    // Issue 23 item 6: state every server process must see the same, kept in the store instead of each process's memory.
    version: 2301,
    name: 'estado compartido: límite de envíos, intentos de acceso y recibos sin JavaScript',
    sql: `
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
  },
  {
    // Issue 26 item 1 (numbers 2601–2649 are this work's): petitions the office registers from every channel.
    version: 2601,
    name: 'canal de recepción de cada radicación, funcionario que la registró y día en que se recibió',
    sql: `
      -- How the petition arrived (Decreto 1166 de 2016: verbal petitions are registered too): web for the site's forms.
      ALTER TABLE radicaciones ADD COLUMN canal TEXT NOT NULL DEFAULT 'web' CHECK (canal IN ('web', 'presencial', 'telefonico', 'correo', 'escrito'));
      -- The staff account that registered it (NULL for the site's forms).
      ALTER TABLE radicaciones ADD COLUMN registrada_por INTEGER REFERENCES cuentas (id);
      -- Colombian day the entity received it when earlier than the registration (paper that arrived before); NULL = the day of recibido_en.
      ALTER TABLE radicaciones ADD COLUMN recibida_el TEXT CHECK (recibida_el IS NULL OR recibida_el GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]');
    `,
  },
  {
    // Issue 26 item 5 (numbers 2650–2699 are this work's): the explicit authorization for sensitive data
    // (Decreto 1377 de 2013, art. 6), stored like the general one: notice version and time; NULL when the form asked none.
    version: 2650,
    name: 'autorización expresa de datos sensibles de cada radicación (versión del aviso y hora)',
    sql: `
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_version TEXT;
      ALTER TABLE radicaciones ADD COLUMN autorizacion_sensibles_en TEXT;
    `,
  },
]

/** Applies the migrations not yet applied (all of MIGRATIONS unless told: the tests build older versions). */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    aplicada_en TEXT NOT NULL
  ) STRICT`)
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version))
  const ran: number[] = []
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) === 1
    if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = OFF')
    try {
      db.transaction(() => {
        db.exec(m.sql)
        if (m.rebuildsTables && (db.pragma('foreign_key_check') as unknown[]).length > 0) {
          throw new Error(`La migración ${m.version} dejaría referencias rotas entre tablas; no se aplicó.`)
        }
        db.prepare('INSERT INTO schema_migrations (version, nombre, aplicada_en) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString())
      }).immediate()
    } finally {
      if (m.rebuildsTables && foreignKeys) db.pragma('foreign_keys = ON')
    }
    ran.push(m.version)
  }
  const newest = Math.max(0, ...MIGRATIONS.map((m) => m.version))
  const known = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0
  if (known > newest) throw new Error(`La base de datos tiene la versión de esquema ${known}, más nueva que este programa (${newest}).`)
  return ran
}
