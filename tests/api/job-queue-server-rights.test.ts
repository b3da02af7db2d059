/**
 * The job queue's schema and the server's role (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»): after
 * `bd:preparar`, the server's role reads and writes the queue's rows (a job sent and found) but cannot change its
 * tables: no table created in `trabajos`, none dropped or altered, none truncated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOBS_SCHEMA, openQueue, PUBLISH_QUEUE } from '../../src/server/jobs/queue.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
let database: PlatformDatabase | undefined

beforeAll(async () => {
  database = await platformDatabase(`cola_derechos_${suffix}`, `cola_der_duenio_${suffix}`, `cola_der_servidor_${suffix}`)
})

afterAll(async () => {
  await database?.drop()
})

describe('the job queue under the server role', () => {
  it('sends and finds a job', async () => {
    const boss = openQueue(database!.serverUrl, false)
    await boss.start()
    try {
      const id = await boss.send(PUBLISH_QUEUE, { sitio: 'a' }, { singletonKey: 'a' })
      expect((await boss.findJobs(PUBLISH_QUEUE, { id: id! }))[0]?.data).toEqual({ sitio: 'a' })
    } finally {
      await boss.stop({ graceful: false })
    }
  })

  it.each([
    `CREATE TABLE ${JOBS_SCHEMA}.intrusa (a int)`,
    `DROP TABLE ${JOBS_SCHEMA}.queue`,
    `ALTER TABLE ${JOBS_SCHEMA}.queue ADD COLUMN intrusa int`,
    `TRUNCATE ${JOBS_SCHEMA}.queue CASCADE`,
  ])('refuses %s', async statement => {
    await expect(querySite(database!.serverUrl, undefined, statement)).rejects.toThrow(/permission denied|must be owner/)
  })
})
