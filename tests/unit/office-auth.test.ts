import { describe, expect, it } from 'vitest'
import { hashPassword, passwordProblem, verifyPassword } from '../../src/server/features/office/passwords.ts'

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
