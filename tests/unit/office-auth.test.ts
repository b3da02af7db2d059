import { describe, expect, it } from 'vitest'
import { hashPassword, passwordProblem, verifyPassword } from '../../src/server/office/passwords.ts'
import { LoginThrottle } from '../../src/server/office/throttle.ts'

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
    const t = new LoginThrottle({ max: 3, windowMs: 60_000 }, { max: 5, windowMs: 60_000 }, () => now)
    return { t, advance: (ms: number) => (now += ms) }
  }

  it('locks an account after repeated failures, from any address, until the window passes', () => {
    const { t, advance } = setup()
    t.failed('Ana@H.gov.co', '10.0.0.1')
    t.failed('ana@h.gov.co', '10.0.0.2')
    expect(t.lockedFor('ana@h.gov.co', '10.0.0.3')).toBe(0)
    advance(10_000)
    t.failed('ana@h.gov.co', '10.0.0.3')
    expect(t.lockedFor('ANA@h.gov.co', '10.0.0.9')).toBe(50_000)
    expect(t.lockedFor('otra@h.gov.co', '10.0.0.9')).toBe(0)
    advance(50_000)
    expect(t.lockedFor('ana@h.gov.co', '10.0.0.9')).toBe(0)
  })

  it('locks an address that tries many accounts', () => {
    const { t } = setup()
    for (let i = 0; i < 5; i++) t.failed(`u${i}@h.gov.co`, '10.0.0.1')
    expect(t.lockedFor('nueva@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
    expect(t.lockedFor('nueva@h.gov.co', '10.0.0.2')).toBe(0)
  })

  it('a success clears the account count but not the address count', () => {
    const { t } = setup()
    t.failed('ana@h.gov.co', '10.0.0.1')
    t.failed('ana@h.gov.co', '10.0.0.1')
    t.succeeded('ana@h.gov.co')
    t.failed('ana@h.gov.co', '10.0.0.1')
    t.failed('ana@h.gov.co', '10.0.0.1')
    expect(t.lockedFor('ana@h.gov.co', '10.0.0.2')).toBe(0)
    t.failed('ana@h.gov.co', '10.0.0.1')
    expect(t.lockedFor('x@h.gov.co', '10.0.0.1')).toBeGreaterThan(0)
  })
})
