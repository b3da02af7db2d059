/**
 * The words docs/guia-operacion.md tells operators to look for in the log are the ones the server writes: PostgreSQL
 * unreachable while the server runs gives «NO SE RECIBEN RADICACIONES» with each refused filing (§9), and at start
 * «NO SE RECIBEN RADICACIONES POR AHORA» (§12). The server runs as production runs it (its own process, its log on
 * standard output at the service's level).
 */
import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { dropPostgresDatabase, freshPostgresDatabase, onClusterDatabase } from '../helpers/postgres.ts'
import { Client, startChild, tempDataDir, validPqrs, waitFor, type ChildServer } from './helpers.ts'

const GUIDE = fs.readFileSync('docs/guia-operacion.md', 'utf8')
const servers: ChildServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})

/** Runs one statement on the cluster's maintenance database. */

describe('the log lines the guide promises', () => {
  it('PostgreSQL stops while the server runs: a refused filing leaves «NO SE RECIBEN RADICACIONES» at error', async () => {
    expect(GUIDE).toMatch(/PostgreSQL se detiene[\s\S]{0,300}el registro dice `NO SE RECIBEN RADICACIONES`/)
    const url = await freshPostgresDatabase('registro-caida')
    const name = new URL(url).pathname.slice(1)
    try {
      const s = await startChild(tempDataDir('registro-caida'), { DATABASE_URL: url, LOG_LEVEL: 'info' })
      servers.push(s)
      const client = await new Client(s.url).init()
      expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(200)
      expect(s.output()).not.toContain('NO SE RECIBEN RADICACIONES')
      await onClusterDatabase(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`)
      await onClusterDatabase(url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`)
      try {
        expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(503)
        const line = await waitFor(
          () =>
            s
              .output()
              .split('\n')
              .filter(l => l.startsWith('{'))
              .map(l => JSON.parse(l) as { level: number; msg: string })
              .find(l => l.msg.startsWith('NO SE RECIBEN RADICACIONES')),
          10_000,
        )
        expect(line.level).toBe(50)
      } finally {
        await onClusterDatabase(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)
      }
    } finally {
      await dropPostgresDatabase(url)
    }
  })

  it('PostgreSQL unreachable at start: «NO SE RECIBEN RADICACIONES POR AHORA», as §12 says', async () => {
    expect(GUIDE).toContain('el registro dice `NO SE RECIBEN RADICACIONES\n  POR AHORA`')
    // Nothing listens on port 1: the database «is not up yet» after a reboot.
    const s = await startChild(tempDataDir('registro-arranque'), { DATABASE_URL: 'postgres://nadie@127.0.0.1:1/radicacion', LOG_LEVEL: 'info' })
    servers.push(s)
    await waitFor(() => (s.output().includes('NO SE RECIBEN RADICACIONES POR AHORA') ? true : undefined), 10_000)
  })
})
