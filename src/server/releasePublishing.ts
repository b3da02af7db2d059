/**
 * `npm run publicar` with PostgreSQL (docs/decisions/platform.md, «Releases through the database»): before anything,
 * the publishing node's folder takes the database's current release (it may have been published from another node);
 * the switch stores the new release's changed files, its list and the pointer in one transaction, under a lock per
 * site, and only if nobody switched the pointer since it was read; then the releases the database no longer keeps
 * are dropped with the files only they named. The local pointer is switched after the commit.
 */
import type pg from 'pg'
import {
  type DatabasePointer,
  databaseReleases,
  downloadRelease,
  followDatabasePointer,
  lockSiteReleases,
  pruneDatabaseReleases,
  readDatabasePointer,
  releaseOfEntry,
  storeRelease,
  switchDatabasePointer,
} from './releasesInDatabase.ts'
import type { Pointer } from './releases.ts'
import { withSiteClient } from './store/siteRows.ts'

/** The database a site's releases go through: DATABASE_URL and the site whose rows they are. */
export interface ReleaseDatabase {
  url: string
  site: string
}

/** Another node switched the site's pointer between this publication's start and its switch. */
export const POINTER_MOVED = 'otra publicación del sitio cambió la versión en servicio mientras tanto; vuelva a intentarlo.'

/**
 * Brings `releasesDir` to the database's current release (and `wanted`, a release `--revertir` names, when the
 * database holds it and this disk does not); returns the database pointer read, for the switch to compare.
 */
export async function takeFromDatabase(db: ReleaseDatabase, releasesDir: string, wanted?: string): Promise<DatabasePointer | undefined> {
  return withSiteClient(db.url, db.site, async client => {
    await followDatabasePointer(client, releasesDir)
    const id = wanted && releaseOfEntry(releasesDir, `${wanted}/client`)
    if (id && (await databaseReleases(client)).includes(id)) await downloadRelease(client, releasesDir, id, undefined).catch(() => undefined)
    return readDatabasePointer(client)
  })
}

async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN')
  try {
    const result = await work()
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/**
 * Stores `releases` (folders of `releasesDir` not yet in the database), switches the database pointer from `before`
 * to `pointer` and keeps only the releases `kept` chooses among the database's; returns the new pointer's stamp, which
 * the caller records (releasesInDatabase.ts recordFollowed) once its local pointer is switched too. Throws (nothing
 * stored) when the pointer moved since `before` was read.
 */
export async function switchThroughDatabase(
  db: ReleaseDatabase,
  releasesDir: string,
  change: { releases: readonly string[]; before: DatabasePointer | undefined; pointer: Pointer; kept: (ids: string[]) => string[] },
  at: Date = new Date(),
): Promise<string> {
  return withSiteClient(db.url, db.site, client =>
    inTransaction(client, async () => {
      await lockSiteReleases(client)
      if ((await readDatabasePointer(client))?.stamp !== change.before?.stamp) throw new Error(POINTER_MOVED)
      const held = await databaseReleases(client)
      for (const id of change.releases) if (!held.includes(id)) await storeRelease(client, releasesDir, id, at)
      const written = await switchDatabasePointer(client, change.before, change.pointer, at)
      if (!written) throw new Error(POINTER_MOVED)
      await pruneDatabaseReleases(client, change.kept([...new Set([...held, ...change.releases])]))
      return written
    }),
  )
}

/** What the database serves and keeps of the site, for `--lista`: its pointer and its releases' ids. */
export async function databaseView(db: ReleaseDatabase): Promise<{ pointer: DatabasePointer | undefined; releases: string[] }> {
  return withSiteClient(db.url, db.site, async client => ({ pointer: await readDatabasePointer(client), releases: await databaseReleases(client) }))
}

/** Why a step through the database failed, in Spanish: a database not migrated since this version says what to run. */
export function databaseFailure(error: unknown): string {
  // 42P01, undefined_table: the owner's account has not applied this version's migrations yet (guide, section 12).
  if ((error as { code?: string }).code === '42P01')
    return 'le faltan las tablas de publicaciones: aplique las migraciones con la cuenta dueña, npm run -s bd:preparar -- <cuenta del servidor>'
  return error instanceof Error ? error.message : String(error)
}
