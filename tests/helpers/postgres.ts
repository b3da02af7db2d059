/** PostgreSQL for a test file: a fresh database on the run's shared cluster (see postgresCluster.ts). */
import pg from 'pg'
import { inject } from 'vitest'
import { createDatabase, dropDatabase } from './postgresCluster.ts'

export { MISSING_POSTGRES } from './postgresCluster.ts'

/** A new empty database; its URL is a DATABASE_URL the store and the server accept. Fails (never skips) when PostgreSQL is not installed. */
export function freshPostgresDatabase(label: string): Promise<string> {
  return createDatabase(inject('postgresBaseDir'), label)
}

export const dropPostgresDatabase = dropDatabase
export { recreateDatabase as recreatePostgresDatabase } from './postgresCluster.ts'

/** Runs `text` on the cluster's `postgres` database, beside the test database of `url` (e.g. to close that one to connections). */
export async function onClusterDatabase(url: string, text: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  const c = new pg.Client({ connectionString: url.replace(`/${name}`, '/postgres') })
  await c.connect()
  try {
    await c.query(text)
  } finally {
    await c.end()
  }
}
