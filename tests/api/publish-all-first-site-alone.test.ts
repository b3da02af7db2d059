/**
 * `publicar --todos` through the job queue when the code is not bundled yet (docs/decisions/platform.md, «Jobs on a
 * PostgreSQL queue»): the first site goes alone, since its build bundles the code the others then reuse; a first site
 * that fails for good is followed by the next one alone; only after one is published do the rest go at once. The real
 * queue and two in-process workers whose publication is a stand-in that records when it ran (the real command is
 * exercised in job-queue-retries-killed-build.test.ts).
 */
import { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishSitesThroughQueue } from '../../src/server/jobs/publishAll.ts'
import { startJobWorker } from '../../src/server/jobs/worker.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const log = pino({ level: 'silent' }, new Writable({ write: (_c, _e, done) => done() })) as unknown as FastifyBaseLogger
let database: PlatformDatabase | undefined
const stops: Array<() => Promise<void>> = []
const runs: Array<{ site: string; start: number; end: number }> = []

beforeAll(async () => {
  database = await platformDatabase(`cola_primero_${suffix}`, `cola_pri_duenio_${suffix}`, `cola_pri_servidor_${suffix}`)
  for (let i = 0; i < 2; i++) {
    const worker = await startJobWorker(database.serverUrl, {
      concurrency: 1,
      log,
      publish: async site => {
        const start = Date.now()
        await new Promise(resolve => setTimeout(resolve, 500))
        runs.push({ site, start, end: Date.now() })
        if (site === 'roto') throw new Error('✗ 1 error(es) en el manifiesto: no se compiló nada.')
        return { nodo: 'prueba', proceso: i, resumen: `✓ Publicado del sitio «${site}».` }
      },
    })
    stops.push(() => worker.stop(1000))
  }
})

afterAll(async () => {
  await Promise.all(stops.map(stop => stop()))
  await database?.drop()
})

describe('publicar --todos through the queue, code not bundled yet', () => {
  it('sends the first site alone, the next alone after one failed for good, then the rest at once', async () => {
    const said: string[] = []
    const ok = await publishSitesThroughQueue({
      databaseUrl: database!.serverUrl,
      sites: ['roto', 'a', 'b', 'c'],
      firstAlone: true,
      pollMs: 200,
      say: line => said.push(line),
      warn: line => said.push(line),
    })
    expect(ok).toBe(false)
    const of = (site: string) => runs.filter(r => r.site === site)
    expect(of('roto')).toHaveLength(3)
    expect(of('a')).toHaveLength(1)
    // A starts only after the broken site's last attempt; B and C only after A was published.
    expect(of('a')[0]!.start).toBeGreaterThanOrEqual(Math.max(...of('roto').map(r => r.end)))
    for (const site of ['b', 'c']) expect(of(site)[0]!.start).toBeGreaterThanOrEqual(of('a')[0]!.end)
    expect(said).toContain('[roto] ✗ no se publicó tras 3 intento(s): ✗ 1 error(es) en el manifiesto: no se compiló nada.')
    expect(said).toContain('✗ 1 de 4 sitio(s) no se publicaron; los demás sí.')
  }, 120_000)
})
