import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRACKING_API } from '../../src/filings/tracking.ts'
import { RECEIPT_PDF_API } from '../../src/forms/receipt.ts'
import { Client, type RunningServer, startInProcess, validPqrs } from './helpers.ts'

/**
 * Everything a number and code open spends one per-address budget (docs/decisions/receipt-pdf.md): the tracking
 * lookups and the receipt's PDF are both ways to try a code, so a separate budget for either would double the
 * guesses an address gets. Spending it through one route refuses the other, both ways.
 */

const MAX = 4
let server: RunningServer
let citizen: Client
let pqrs: { id: string; codigo: string }

beforeAll(async () => {
  // Behind a proxy on loopback (TRUST_PROXY), each case comes from an address of its own: a budget of its own.
  server = await startInProcess({ label: 'presupuesto-consulta', trackingRateLimitMax: MAX, trustProxy: '127.0.0.1' })
  citizen = await new Client(server.url).init()
  const res = await citizen.postJson('/api/pqrs', validPqrs())
  expect(res.status).toBe(200)
  pqrs = (await res.json()) as { id: string; codigo: string }
})
afterAll(async () => {
  await server?.close()
})

/** A POST of a number and code from `address` (the proxy's X-Forwarded-For). */
const ask = (route: string, address: string, codigo: string) =>
  citizen.postJson(route, { radicado: pqrs.id, codigo }, citizen.headers({ 'content-type': 'application/json', 'x-forwarded-for': address }))

/** Spends the whole budget of `address` on one route with a wrong code (each try answered 404 until it is gone). */
async function spend(route: string, address: string): Promise<void> {
  for (let i = 0; i < MAX; i++) expect((await ask(route, address, 'ACDEF-GHJKM')).status, `${route} #${i + 1}`).toBe(404)
}

describe('tracking lookups and receipt-PDF downloads: one budget per address', () => {
  it('lookups spent: the receipt PDF, even with the right code, is refused (429)', async () => {
    await spend(TRACKING_API, '203.0.113.1')
    expect((await ask(RECEIPT_PDF_API, '203.0.113.1', pqrs.codigo)).status).toBe(429)
  })

  it('receipt PDFs spent: the tracking lookup, even with the right code, is refused (429)', async () => {
    await spend(RECEIPT_PDF_API, '203.0.113.2')
    expect((await ask(TRACKING_API, '203.0.113.2', pqrs.codigo)).status).toBe(429)
  })

  it('within the budget, both routes answer the right code (the refusals above are the shared budget)', async () => {
    expect((await ask(TRACKING_API, '203.0.113.3', pqrs.codigo)).status).toBe(200)
    expect((await ask(RECEIPT_PDF_API, '203.0.113.3', pqrs.codigo)).status).toBe(200)
    // Another address's spent budget is not this one's.
    await spend(TRACKING_API, '203.0.113.4')
    expect((await ask(RECEIPT_PDF_API, '203.0.113.3', pqrs.codigo)).status).toBe(200)
  })
})
