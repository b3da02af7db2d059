/**
 * PostgreSQL stopped and started again under load (docs/decisions/testing.md): two
 * server processes on one database, a burst of filings to both, and the
 * database stopped with `pg_ctl -m fast` and then with `-m immediate`
 * (a crash, recovered at the next start). A cluster of this file's own: the
 * run's shared cluster serves the other files meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFilingStore } from '../../src/server/store/open.ts'
import { createDatabaseOn, startPrivateCluster, type PrivateCluster } from '../helpers/postgresCluster.ts'
import { Client, FILING_PLAN, startChild, tempDataDir, validPqrs, waitFor, type ChildServer } from './helpers.ts'

interface Sent {
  mensaje: string
  status: number
  id?: string
  error?: string
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describe('PostgreSQL stopped and started during a burst of filings to two server processes', () => {
  let cluster: PrivateCluster | undefined
  let databaseUrl = ''
  let servers: ChildServer[] = []

  beforeAll(async () => {
    cluster = await startPrivateCluster()
    databaseUrl = await createDatabaseOn(cluster.port, 'caida')
    const dataDir = tempDataDir('pg-outage')
    servers = await Promise.all([startChild(dataDir, { DATABASE_URL: databaseUrl }), startChild(dataDir, { DATABASE_URL: databaseUrl })])
  })
  afterAll(async () => {
    await Promise.all(servers.map(s => s.close()))
    cluster?.remove()
  })

  it('no process exits, the site answers 200 throughout, filings get 503 then 200 again, every acknowledged filing is stored once and the numbers have no gap', async () => {
    const clients = await Promise.all(servers.map(s => new Client(s.url).init()))
    const sent: Sent[] = []
    const pages: Array<{ server: number; status: number }> = []
    let running = true
    let next = 0

    const filer = async () => {
      while (running) {
        const i = next++
        const mensaje = `Mensaje de la prueba de caída número ${i}, enviado mientras PostgreSQL se detiene.`
        try {
          const r = await clients[i % 2]!.postJson('/api/pqrs', validPqrs({ mensaje }))
          const body = (await r.json()) as { id?: string; error?: string }
          sent.push({ mensaje, status: r.status, id: body.id, error: body.error })
        } catch {
          // No answer at all: the process is gone (or the connection was cut).
          sent.push({ mensaje, status: 0 })
        }
      }
    }
    const visitor = async () => {
      while (running) {
        for (const [server, s] of servers.entries()) {
          try {
            const r = await fetch(`${s.url}/`)
            await r.arrayBuffer()
            pages.push({ server, status: r.status })
          } catch {
            pages.push({ server, status: 0 })
          }
        }
        await sleep(100)
      }
    }
    /** Waits until `n` more answers with this status arrived after `from` (a position in `sent`); fails at once if a server process ended. */
    const answered = (status: number, n: number, from: number) =>
      waitFor(() => {
        const ended = servers.find(s => s.proc.exitCode !== null || s.proc.signalCode !== null)
        if (ended) throw new Error(`Un proceso del servidor terminó:\n${ended.output()}`)
        return sent.slice(from).filter(s => s.status === status).length >= n ? true : undefined
      }, 60_000)

    const load = [...Array.from({ length: 6 }, filer), visitor()]
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        await answered(200, 20, sent.length)
        cluster!.stop(mode)
        const down = sent.length
        await answered(503, 6, down)
        // The site itself is visited on both processes while the database is away (on a fast machine the whole
        // outage can pass between two visits otherwise).
        const pagesWhileDown = pages.length
        await waitFor(() => (pages.length >= pagesWhileDown + 4 ? true : undefined), 60_000)
        cluster!.start()
        await answered(200, 20, sent.length)
      }
    } finally {
      running = false
      await Promise.all(load)
    }

    for (const s of servers) expect({ exitCode: s.proc.exitCode, signal: s.proc.signalCode }).toEqual({ exitCode: null, signal: null })
    expect(pages.length).toBeGreaterThanOrEqual(8)
    expect(pages.filter(p => p.status !== 200)).toEqual([])
    // Every filing got an answer: its number, or the Spanish 503 while the database was away.
    expect(sent.filter(s => s.status !== 200 && s.status !== 503)).toEqual([])
    for (const s of sent.filter(x => x.status === 503)) expect(s.error).toMatch(/no está disponible/)

    const store = await openFilingStore({ dataDir: tempDataDir('pg-outage-read'), plan: FILING_PLAN, databaseUrl, readonly: true })
    const stored = await store.listFilings('pqrs').finally(() => store.close())
    const byMessage = new Map<string, string[]>()
    for (const f of stored) byMessage.set(String(f.datos.mensaje), [...(byMessage.get(String(f.datos.mensaje)) ?? []), f.radicado])
    const acknowledged = sent.filter(s => s.status === 200)
    console.log(
      `caída de PostgreSQL: ${acknowledged.length} radicadas con respuesta, ${sent.length - acknowledged.length} con 503, ${stored.length} guardadas, ${pages.length} páginas servidas`,
    )
    for (const a of acknowledged) expect(byMessage.get(a.mensaje)).toEqual([a.id])
    expect(new Set(acknowledged.map(a => a.id)).size).toBe(acknowledged.length)
    // No number reused, none skipped: a filing rolled back by the stop gave its number back.
    const numbers = stored.map(f => Number(f.radicado.split('-')[2])).sort((x, y) => x - y)
    expect(numbers).toEqual(numbers.map((_, i) => i + 1))
  }, 240_000)
})
