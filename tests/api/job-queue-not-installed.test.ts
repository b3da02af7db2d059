import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishSitesThroughQueue } from '../../src/server/jobs/publishAll.ts'
import { platformJobs } from '../../src/server/siteHosts.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { capturedLog } from '../helpers/capturedLog.ts'

let url = ''
const { log, lines } = capturedLog()

beforeAll(async () => {
  url = await freshPostgresDatabase('cola_sin_instalar')
})

afterAll(async () => {
  if (url) await dropPostgresDatabase(url)
})

describe('a database without the job queue', () => {
  it('publicar --todos refuses and names bd:preparar', async () => {
    await expect(publishSitesThroughQueue({ databaseUrl: url, sites: ['a'], firstAlone: false, say: () => undefined })).rejects.toThrow(
      'La cola de trabajos no está instalada en la base de datos: ejecute «npm run -s bd:preparar -- <cuenta del servidor>»',
    )
  })

  it('a platform server starts without it and says so', async () => {
    const jobs = await platformJobs({ dataDir: '.', clientDir: '.', databaseUrl: url, jobConcurrency: 1 }, [], log)
    expect(jobs).toBeUndefined()
    expect(lines.join('')).toContain('COLA DE TRABAJOS NO DISPONIBLE')
  })
})
