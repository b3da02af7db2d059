import type { Migration } from './migration.ts'

/** The first migration of the list (migrations.ts): the tables of filings, attachments, subscriptions and counters. */
export const FILING_TABLES: Migration = {
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
}
