import type { Db, Engine } from './engine.ts'
import type { FileContentStore } from './store.ts'

/**
 * Uploads in the database (docs/decisions/platform.md, «Attachments in PostgreSQL»): on PostgreSQL each kept upload's
 * bytes go to `adjuntos_contenido` before its filing or answer commits, walled per site like every site table, and are
 * read from there on download, so a file received by one node downloads from any other. The file in DATA_DIR/adjuntos
 * stays too (the node's own copy, what the sweep and a SQLite installation use). SQLite stores nothing here.
 */
export class FileContents implements FileContentStore {
  readonly #db: Db
  readonly #inDatabase: boolean

  constructor(engine: Engine) {
    this.#db = engine.db
    // The engine's per-site key is `sitio` exactly when the rows live in the platform's shared database.
    this.#inDatabase = engine.siteKey.length > 0
  }

  async saveFileContent(archivo: string, contenido: Buffer): Promise<void> {
    if (!this.#inDatabase) return
    await this.#db.insertInto('adjuntos_contenido').values({ archivo, contenido }).execute()
  }

  async fileContent(archivo: string): Promise<Buffer | undefined> {
    if (!this.#inDatabase) return undefined
    const row = await this.#db.selectFrom('adjuntos_contenido').select('contenido').where('archivo', '=', archivo).executeTakeFirst()
    return row?.contenido
  }

  async dropFileContent(archivo: string): Promise<void> {
    if (!this.#inDatabase) return
    await this.#db.deleteFrom('adjuntos_contenido').where('archivo', '=', archivo).execute()
  }
}
