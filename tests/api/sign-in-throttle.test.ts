/**
 * The staff sign-in throttle the server runs (features/office/throttle.ts: its windows and why), with its counts in
 * the store, on both engines: the contract every office route relies on, and that a stranger cannot keep an account
 * locked (docs/decisions/office.md, «Sign-in throttling»).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { StoreSignInThrottle } from '../../src/server/features/office/storeThrottle.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import type { FilingStore } from '../../src/server/store/store.ts'
import { dropPostgresDatabase, freshPostgresDatabase } from '../helpers/postgres.ts'
import { FILING_PLAN } from './helpers.ts'

const engines = [
  { name: 'sqlite', databaseUrl: async () => undefined },
  { name: 'postgresql', databaseUrl: () => freshPostgresDatabase('intentos') },
]

describe.each(engines)('sign-in throttle on $name', engine => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c()
  })

  /** A throttle of 3 per account at an address, 5 per address and 8 per account, over 60 s, on a fresh store. */
  async function setup() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intentos-'))
    const databaseUrl = await engine.databaseUrl()
    const store: FilingStore = await openFilingStore({ dataDir, plan: FILING_PLAN, databaseUrl })
    cleanups.push(async () => {
      await store.close()
      if (databaseUrl) await dropPostgresDatabase(databaseUrl)
      fs.rmSync(dataDir, { recursive: true, force: true })
    })
    let now = 1_000_000
    const rule = (max: number) => ({ max, windowMs: 60_000 })
    const t = new StoreSignInThrottle(store, { accountAtAddress: rule(3), address: rule(5), account: rule(8) }, () => now)
    const locked = async (correo: string, address: string) => {
      const r = await t.reserve(correo, address)
      return r.ok ? 0 : r.lockedMs
    }
    const ok = async (correo: string, address: string) => {
      const r = await t.reserve(correo, address)
      if (!r.ok) throw new Error(`refused: ${correo} ${address}`)
      return r.id
    }
    return { t, locked, ok, advance: (ms: number) => (now += ms) }
  }

  it('locks an account at an address after repeated failures (any case of the e-mail), until the window passes', async () => {
    const { locked, ok, advance } = await setup()
    await ok('Ana@H.gov.co', '10.0.0.1')
    await ok('ana@h.gov.co', '10.0.0.1')
    advance(10_000)
    await ok(' ana@h.gov.co', '10.0.0.1')
    expect(await locked('ANA@h.gov.co', '10.0.0.1')).toBe(50_000)
    expect(await locked('otra@h.gov.co', '10.0.0.1')).toBe(0)
    advance(50_000)
    expect(await locked('ana@h.gov.co', '10.0.0.1')).toBe(0)
  })

  it('a stranger’s failures do not lock the account for its owner at another address', async () => {
    const { locked, ok } = await setup()
    for (let i = 0; i < 3; i++) await ok('ana@h.gov.co', '203.0.113.9')
    expect(await locked('ana@h.gov.co', '203.0.113.9')).toBeGreaterThan(0)
    expect(await locked('ana@h.gov.co', '10.0.0.1')).toBe(0)
  })

  it('guessing spread over many addresses still locks the account everywhere', async () => {
    const { locked, ok } = await setup()
    for (let i = 0; i < 8; i++) await ok('ana@h.gov.co', `198.51.100.${i}`)
    expect(await locked('ana@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
  })

  it('counts an attempt before its password is checked: attempts still in flight fill the window', async () => {
    const { t } = await setup()
    const inFlight = await Promise.all([0, 1, 2].map(() => t.reserve('ana@h.gov.co', '10.0.0.1')))
    expect(inFlight.every(r => r.ok)).toBe(true)
    expect(await t.reserve('ana@h.gov.co', '10.0.0.1')).toEqual({ ok: false, lockedMs: 60_000 })
  })

  it('locks an address that tries many accounts', async () => {
    const { locked, ok } = await setup()
    for (let i = 0; i < 5; i++) await ok(`u${i}@h.gov.co`, '10.0.0.1')
    expect(await locked('nueva@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
    expect(await locked('nueva@h.gov.co', '10.0.0.2')).toBe(0)
  })

  it('one right password from an address clears that account there, not the address’s failures on other accounts', async () => {
    const { t, locked, ok } = await setup()
    for (let i = 0; i < 4; i++) await ok(`u${i}@h.gov.co`, '10.0.0.1')
    await t.succeeded('ana@h.gov.co', '10.0.0.1', await ok('ana@h.gov.co', '10.0.0.1'))
    // 4 failures of the address stand (of 5): one more account, and the address is locked.
    await ok('x@h.gov.co', '10.0.0.1')
    expect(await locked('y@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
  })

  it('a success clears the account’s failures at that address; a released attempt does not count', async () => {
    const { t, locked, ok } = await setup()
    await ok('ana@h.gov.co', '10.0.0.1')
    await ok('ana@h.gov.co', '10.0.0.1')
    await t.succeeded('ana@h.gov.co', '10.0.0.1', await ok('ana@h.gov.co', '10.0.0.1'))
    await ok('ana@h.gov.co', '10.0.0.1')
    await ok('ana@h.gov.co', '10.0.0.1')
    // A right password that still needs its second factor is given back.
    await t.release('ana@h.gov.co', '10.0.0.1', await ok('ana@h.gov.co', '10.0.0.1'))
    await ok('ana@h.gov.co', '10.0.0.1')
    expect(await locked('ana@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
  })
})
