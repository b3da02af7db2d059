import { describe, expect, it } from 'vitest'
import { hashPassword, passwordProblem, verifyPassword } from '../../src/server/features/office/passwords.ts'
import { MemorySignInThrottle } from '../../src/server/features/office/throttle.ts'

describe('staff passwords', () => {
  it('are hashed with Argon2id and verified', async () => {
    const encoded = await hashPassword('caballo correcto batería grapa')
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(encoded).not.toContain('caballo')
    expect(await verifyPassword(encoded, 'caballo correcto batería grapa')).toBe(true)
    expect(await verifyPassword(encoded, 'caballo correcto bateria grapa')).toBe(false)
    // The same password hashes differently each time (random salt).
    expect(await hashPassword('caballo correcto batería grapa')).not.toBe(encoded)
  })

  it('a malformed stored hash never matches', async () => {
    expect(await verifyPassword('no-es-un-hash', 'cualquier cosa larga')).toBe(false)
  })

  it('refuse short passwords and ones that contain the e-mail', () => {
    expect(passwordProblem('corta', 'ana@hospital.gov.co')).toBe('La contraseña debe tener al menos 12 caracteres.')
    expect(passwordProblem('ana@hospital.gov.co', 'ana@hospital.gov.co')).toMatch(/correo/)
    expect(passwordProblem('xx-MARIA.PEREZ-2026', 'maria.perez@hospital.gov.co')).toMatch(/correo/)
    expect(passwordProblem('aaaaaaaaaaaaaaaa', 'ana@hospital.gov.co')).toMatch(/repetitiva/)
    expect(passwordProblem(' espacios al inicio', 'ana@hospital.gov.co')).toMatch(/espacios/)
    expect(passwordProblem('una frase larga y propia', 'ana@hospital.gov.co')).toBeUndefined()
  })
})

describe('sign-in throttling', () => {
  function setup() {
    let now = 1_000_000
    const t = new MemorySignInThrottle({ max: 3, windowMs: 60_000 }, { max: 5, windowMs: 60_000 }, () => now)
    return { t, advance: (ms: number) => (now += ms) }
  }
  const locked = async (t: MemorySignInThrottle, correo: string, address: string) => {
    const r = await t.reserve(correo, address)
    return r.ok ? 0 : r.lockedMs
  }

  it('locks an account after repeated failures, from any address, until the window passes', async () => {
    const { t, advance } = setup()
    expect((await t.reserve('Ana@H.gov.co', '10.0.0.1')).ok).toBe(true)
    expect((await t.reserve('ana@h.gov.co', '10.0.0.2')).ok).toBe(true)
    advance(10_000)
    expect((await t.reserve(' ana@h.gov.co', '10.0.0.3')).ok).toBe(true)
    expect(await locked(t, 'ANA@h.gov.co', '10.0.0.9')).toBe(50_000)
    expect(await locked(t, 'otra@h.gov.co', '10.0.0.9')).toBe(0)
    advance(50_000)
    expect(await locked(t, 'ana@h.gov.co', '10.0.0.9')).toBe(0)
  })

  it('counts an attempt before its password is checked: attempts still in flight fill the window', async () => {
    const { t } = setup()
    // Three reservations not yet settled (their Argon2 verification still running): the fourth is refused at once.
    const inFlight = await Promise.all([0, 1, 2].map(i => t.reserve('ana@h.gov.co', `10.0.0.${i}`)))
    expect(inFlight.every(r => r.ok)).toBe(true)
    const fourth = await t.reserve('ana@h.gov.co', '10.0.0.7')
    expect(fourth).toEqual({ ok: false, lockedMs: 60_000 })
  })

  it('locks an address that tries many accounts', async () => {
    const { t } = setup()
    for (let i = 0; i < 5; i++) expect((await t.reserve(`u${i}@h.gov.co`, '10.0.0.1')).ok).toBe(true)
    expect(await locked(t, 'nueva@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
    expect(await locked(t, 'nueva@h.gov.co', '10.0.0.2')).toBe(0)
  })

  it('a success clears the account count but not the address count; a released attempt does not count', async () => {
    const { t } = setup()
    const ok = async (correo: string, address: string) => {
      const r = await t.reserve(correo, address)
      if (!r.ok) throw new Error(`refused: ${correo} ${address}`)
      return r.id
    }
    await ok('ana@h.gov.co', '10.0.0.1')
    await ok('ana@h.gov.co', '10.0.0.1')
    await t.succeeded('ana@h.gov.co', '10.0.0.1', await ok('ana@h.gov.co', '10.0.0.1'))
    // The account starts again (0 of 3); the address keeps its two failures (2 of 5).
    await ok('ana@h.gov.co', '10.0.0.1')
    await ok('ana@h.gov.co', '10.0.0.1')
    // A right password that still needs its second factor is given back.
    await t.release('ana@h.gov.co', '10.0.0.1', await ok('ana@h.gov.co', '10.0.0.1'))
    await ok('ana@h.gov.co', '10.0.0.1')
    expect(await locked(t, 'ana@h.gov.co', '10.0.0.2')).toBeGreaterThan(0)
    expect(await locked(t, 'x@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
  })
})
