/** PostgreSQL for a test file: a fresh database on the run's shared cluster (see postgresCluster.ts). */
import { inject } from 'vitest'
import { createDatabase, dropDatabase } from './postgresCluster.ts'

export { MISSING_POSTGRES } from './postgresCluster.ts'

/** A new empty database; its URL is a DATABASE_URL the store and the server accept. Fails (never skips) when PostgreSQL is not installed. */
export function freshPostgresDatabase(label: string): Promise<string> {
  return createDatabase(inject('postgresBaseDir'), label)
}

export const dropPostgresDatabase = dropDatabase
export { recreateDatabase as recreatePostgresDatabase } from './postgresCluster.ts'
