import type { Migration } from './migration.ts'

/**
 * Tables that let several server nodes share nothing but PostgreSQL (docs/decisions/platform.md, «Several nodes, one
 * database»). Each is a site table like the others (its `sitio` column and row policy, siteTenancy.ts). SQLite needs
 * none of them: one process family per data folder, whose disk already holds what these tables hold.
 */

/** Row policy of a site table created after the tenancy migration (as `informes_publicados`). */
const sitePolicy = (table: string) => `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
  CREATE POLICY sitio_propio ON ${table} USING (sitio = (SELECT sitio_actual())) WITH CHECK (sitio = (SELECT sitio_actual()));
`

/**
 * The day of each site's daily backup, claimed by the first node whose timer fires (features/backup/dailyClaim.ts):
 * the primary key lets one node per site and day make it; the row then says which node holds the archive and how it went.
 * Walled per site like the others, but not one of ALL_SITE_TABLES: it records the platform's operation, not the
 * site's data, so a site's restore from an older archive leaves the record of the later backups as it is.
 */
export const DAILY_BACKUP_CLAIMS: Migration = {
  id: 'daily-backup-claims',
  version: 2951,
  name: 'respaldo diario: un solo nodo lo hace por sitio y día (quién, cuándo, archivo y resultado)',
  sqlite: 'SELECT 1;',
  postgres: `
    CREATE TABLE respaldos_diarios (
      sitio text NOT NULL DEFAULT sitio_actual(),
      dia text NOT NULL CHECK (dia ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
      nodo text NOT NULL,
      reclamado_en text NOT NULL,
      fin text,
      ok boolean,
      verificado boolean,
      archivo text,
      error text,
      PRIMARY KEY (sitio, dia)
    );
    ${sitePolicy('respaldos_diarios')}
  `,
}

/**
 * The bytes of every kept upload (citizens' attachments, the office's answer PDFs), by its stored name
 * (`adjuntos.archivo`, `historial.archivo`), so that any node serves a file another node received
 * (store/fileContents.ts). A site table: a site's backup and restore carry it with the rows that name the files.
 */
export const ATTACHMENT_CONTENTS: Migration = {
  id: 'attachment-contents',
  version: 2952,
  name: 'adjuntos: su contenido en la base de datos, para que cualquier nodo los entregue',
  sqlite: 'SELECT 1;',
  postgres: `
    CREATE TABLE adjuntos_contenido (
      sitio text NOT NULL DEFAULT sitio_actual(),
      archivo text NOT NULL,
      contenido bytea NOT NULL,
      PRIMARY KEY (sitio, archivo)
    );
    ${sitePolicy('adjuntos_contenido')}
  `,
}

/**
 * Each site's published releases, so that a publication made on one node is served by every node
 * (docs/decisions/platform.md, «Releases through the database»; src/server/releasesInDatabase.ts): the files by the
 * SHA-256 of their bytes (a new release stores only the files that changed), each release's list of paths and hashes,
 * and the site's pointer (actual / anterior / codigo, as `actual.json` on disk). Walled per site like the others, but
 * not in ALL_SITE_TABLES: what is served is the platform's operation, not the site's data, so a site's backup does not
 * carry megabytes of pages and its restore does not move the pointer back.
 */
export const RELEASES_IN_DATABASE: Migration = {
  id: 'releases-in-database',
  version: 2960,
  name: 'publicaciones: archivos, lista y puntero en la base de datos, para que todos los nodos sirvan la misma',
  sqlite: 'SELECT 1;',
  postgres: `
    CREATE TABLE publicaciones_archivos (
      sitio text NOT NULL DEFAULT sitio_actual(),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
      contenido bytea NOT NULL,
      PRIMARY KEY (sitio, hash)
    );
    ${sitePolicy('publicaciones_archivos')}
    CREATE TABLE publicaciones (
      sitio text NOT NULL DEFAULT sitio_actual(),
      publicacion text NOT NULL,
      archivos jsonb NOT NULL,
      creada_en text NOT NULL,
      PRIMARY KEY (sitio, publicacion)
    );
    ${sitePolicy('publicaciones')}
    CREATE TABLE publicaciones_puntero (
      sitio text PRIMARY KEY DEFAULT sitio_actual(),
      actual text NOT NULL,
      anterior text,
      codigo text,
      cambiado_en text NOT NULL
    );
    ${sitePolicy('publicaciones_puntero')}
  `,
}
