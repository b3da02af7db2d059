/**
 * With PostgreSQL, a node backs up files other nodes received: an attachment the copy names but this node's
 * DATA_DIR/adjuntos lacks is taken from the database (`adjuntos_contenido`, store/fileContents.ts), read on a connection
 * of the site. The archive then holds every file as on a single server, and its verification checks each one's SHA-256.
 */
import fs from 'node:fs'
import path from 'node:path'
import { withSiteClient } from '../../store/siteRows.ts'
import { DEFAULT_SITE } from '../../store/siteTenancy.ts'

/** Writes into `target` the missing files the database holds; answers the names still missing. */
export async function attachmentsFromDatabase(databaseUrl: string, site: string | undefined, target: string, missing: readonly string[]): Promise<string[]> {
  if (missing.length === 0) return []
  return withSiteClient(databaseUrl, site ?? DEFAULT_SITE, async client => {
    const still: string[] = []
    for (const name of missing) {
      // Only a plain file name is written (a row must not make the backup write outside the staging folder).
      const plain = path.basename(name) === name && name !== '.' && name !== '..'
      const row = plain ? (await client.query<{ contenido: Buffer }>('SELECT contenido FROM adjuntos_contenido WHERE archivo = $1', [name])).rows[0] : undefined
      if (row) fs.writeFileSync(path.join(target, name), row.contenido)
      else still.push(name)
    }
    return still
  })
}
