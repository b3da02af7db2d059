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
]

export function migrate(db: Database.Database): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    aplicada_en TEXT NOT NULL
  ) STRICT`)
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as Array<{ version: number }>).map((r) => r.version))
  const ran: number[] = []
  for (const m of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue
    db.transaction(() => {
      db.exec(m.sql)
      db.prepare('INSERT INTO schema_migrations (version, nombre, aplicada_en) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString())
    }).immediate()
    ran.push(m.version)
  }
  const newest = Math.max(0, ...MIGRATIONS.map((m) => m.version))
  const known = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0
  if (known > newest) throw new Error(`La base de datos tiene la versión de esquema ${known}, más nueva que este programa (${newest}).`)
  return ran
}
