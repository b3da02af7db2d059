import { hash, verify } from '@node-rs/argon2'

/**
 * Staff passwords: Argon2id (the OWASP recommendation), with the library's
 * defaults raised to OWASP's second profile (19 MiB, 2 passes). The encoded
 * hash carries its parameters, so they can be raised later without
 * invalidating existing passwords.
 */
// 2 = Algorithm.Argon2id (a const enum, which this build cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const MIN_PASSWORD = 12
export const MAX_PASSWORD = 256

/** Why a new password is refused, in Spanish; undefined when it is acceptable. */
export function passwordProblem(password: string, correo: string): string | undefined {
  if (password.length < MIN_PASSWORD) return `La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`
  if (password.length > MAX_PASSWORD) return `La contraseña no puede tener más de ${MAX_PASSWORD} caracteres.`
  if (password.trim() !== password) return 'La contraseña no puede empezar ni terminar con espacios.'
  const lower = password.toLowerCase()
  const email = correo.trim().toLowerCase()
  const local = email.split('@')[0] ?? ''
  if (lower === email || (local.length >= 3 && lower.includes(local))) return 'La contraseña no puede contener el correo electrónico ni su parte antes de la @.'
  if (new Set(password).size < 4) return 'La contraseña es demasiado repetitiva.'
  return undefined
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password)
  } catch {
    // A malformed stored hash never signs anyone in.
    return false
  }
}

let dummy: Promise<string> | undefined
/**
 * Verifies against a throw-away hash, so an unknown e-mail costs the same
 * time as a wrong password and timing does not tell which accounts exist.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('cuenta-inexistente-para-igualar-tiempos')
  await verifyPassword(await dummy, password)
}
