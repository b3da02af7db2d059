/**
 * Every platform server on PostgreSQL runs a worker of the job queue (docs/decisions/platform.md, «Jobs on a
 * PostgreSQL queue»): a publish job sent to the queue is taken by the server built with `buildHostsServer`, which
 * runs the publish command for it. The job names a site its plataforma.yaml lacks, so the command refuses at once
 * (no build) and the job fails after its three attempts with the command's Spanish refusal as the reason.
 */
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { JOB_ATTEMPTS, openQueue, PUBLISH_QUEUE } from '../../src/server/jobs/queue.ts'
import { buildHostsServer } from '../../src/server/siteHosts.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { writeTwoSites } from '../helpers/twoSites.ts'
import { tempDataDir } from './helpers.ts'

const DIR = path.resolve('test-results/servidor-con-trabajador')
const suffix = `${process.pid}_${Date.now() % 100_000}`
let database: PlatformDatabase | undefined
let server: FastifyInstance | undefined
const platformBefore = process.env.PLATAFORMA

beforeAll(async () => {
  database = await platformDatabase(`cola_servidor_${suffix}`, `cola_srv_duenio_${suffix}`, `cola_srv_servidor_${suffix}`)
  writeTwoSites(DIR)
  // The publish command the worker starts reads the same platform (its environment is the server's).
  process.env.PLATAFORMA = path.join(DIR, 'plataforma.yaml')
  const { platform } = loadPlatform()
  server = await buildHostsServer(
    { dataDir: tempDataDir('plataforma'), clientDir: DIR, databaseUrl: database.serverUrl, jobConcurrency: 1, logLevel: 'silent' },
    platform!,
  )
})

afterAll(async () => {
  await server?.close()
  await database?.drop()
  // Put back: the next file in this worker reads the same environment (docs/decisions/testing.md).
  if (platformBefore === undefined) delete process.env.PLATAFORMA
  else process.env.PLATAFORMA = platformBefore
})

describe('a platform server on PostgreSQL', () => {
  it('takes publish jobs from the queue and runs the publish command for them', async () => {
    const boss = openQueue(database!.serverUrl, false)
    await boss.start()
    try {
      const id = (await boss.send(PUBLISH_QUEUE, { sitio: 'inexistente' }, { singletonKey: 'inexistente' }))!
      const end = Date.now() + 90_000
      let job = (await boss.findJobs(PUBLISH_QUEUE, { id }))[0]
      while (job?.state !== 'failed' && Date.now() < end) {
        await new Promise(resolve => setTimeout(resolve, 300))
        job = (await boss.findJobs(PUBLISH_QUEUE, { id }))[0]
      }
      expect(job?.state).toBe('failed')
      expect(job!.retryCount).toBe(JOB_ATTEMPTS - 1)
      expect((job!.output as { message: string }).message).toContain('no hay un sitio «inexistente»')
    } finally {
      await boss.stop({ graceful: false })
    }
  }, 120_000)
})
