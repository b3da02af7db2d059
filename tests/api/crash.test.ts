import { afterAll, describe, expect, it } from 'vitest'
import { Client, startChild, tempDataDir, validPqrs, withStore, type ChildServer } from './helpers.ts'

/**
 * CPACA art. 61 / Ley 1755: an acknowledged filing number is proof of filing.
 * Filings are sent to the real server process without pause, 50 at a time;
 * it is killed with SIGKILL (no shutdown code runs) once 150 have been
 * answered, while others are in flight; after a restart every answered number
 * must be stored exactly once with its own content, and numbers handed out
 * afterwards must never repeat old ones. (A fixed batch of 500 sent at once
 * stopped proving anything once the server got fast enough to answer all of
 * them before the test had read the 150th answer.)
 */
const IN_FLIGHT = 50
const KILL_AFTER = 150
/** A bound in case the kill never takes effect. */
const MAX_SENT = 20_000

let server: ChildServer | undefined
afterAll(async () => {
  await server?.kill()
})

describe('durability under kill -9', () => {
  it('every acknowledged filing survives SIGKILL exactly once, and numbers are never reused after restart', async () => {
    const dataDir = tempDataDir('crash')
    server = await startChild(dataDir)
    const client = await new Client(server.url).init()
    const acked = new Map<string, string>() // id → marker
    let failed = 0
    let killed: Promise<void> | undefined
    let sent = 0
    const send = async (i: number): Promise<boolean> => {
      const marker = `envio-${i}-${Math.random().toString(36).slice(2)}`
      try {
        const res = await client.postJson('/api/pqrs', validPqrs({ mensaje: marker, numeroIdentificacion: String(1000 + i) }))
        if (res.status !== 200) throw new Error(`status ${res.status}`)
        const { id } = (await res.json()) as { id: string }
        // Only an answer fully received counts as acknowledged.
        expect(acked.has(id)).toBe(false)
        acked.set(id, marker)
        if (acked.size === KILL_AFTER && !killed) killed = server!.kill('SIGKILL')
        return true
      } catch {
        failed++
        return false
      }
    }
    // Each sender sends its next filing as soon as the previous is answered, until one fails after the kill.
    const sender = async () => {
      while (sent < MAX_SENT) {
        const ok = await send(sent++)
        if (!ok && killed) return
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
    await killed
    console.log(`crash test: ${acked.size} acknowledged, ${failed} cut off by SIGKILL`)
    expect(server.proc.signalCode).toBe('SIGKILL')
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(acked.size + failed).toBe(sent)
    // The kill happened while filings were being sent: some requests were cut off.
    expect(failed).toBeGreaterThan(0)

    // Restart on the same data.
    server = await startChild(dataDir)
    const after = await new Client(server.url).init()
    const newIds: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await after.postJson('/api/pqrs', validPqrs({ mensaje: `despues-${i}` }))
      expect(res.status).toBe(200)
      newIds.push(((await res.json()) as { id: string }).id)
    }
    await server.close()

    const rows = await withStore(dataDir, store => store.listFilings('pqrs'))
    const byId = new Map<string, string[]>()
    for (const r of rows) byId.set(r.radicado, [...(byId.get(r.radicado) ?? []), String(r.datos.mensaje)])
    for (const [id, marker] of acked) expect(byId.get(id), id).toEqual([marker])
    // Each request's content is stored at most once (no duplicates from the crash either).
    const markers = rows.map(r => String(r.datos.mensaje))
    expect(new Set(markers).size).toBe(markers.length)

    // Numbers after the restart continue the sequence: never one already handed out or stored.
    const before = rows.filter(r => !newIds.includes(r.radicado))
    const maxBefore = Math.max(...before.map(r => Number(r.radicado.split('-')[2])))
    for (const id of newIds) {
      expect(acked.has(id)).toBe(false)
      expect(Number(id.split('-')[2])).toBeGreaterThan(maxBefore)
    }
    expect(new Set(newIds).size).toBe(newIds.length)
  }, 90_000)
})
