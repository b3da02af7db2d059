import type { Migration } from './migration.ts'

/** The second migration of the list (migrations.ts): the office's tables, with the append-only history and audit. */
export const OFFICE_TABLES: Migration = {
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
}
