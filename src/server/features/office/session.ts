import crypto from 'node:crypto'

/** The staff session cookie: HttpOnly, SameSite=Strict, Secure on HTTPS. */
export const SESSION_COOKIE = 'oficina_sesion'

export interface SessionPolicy {
  /** Idle timeout without «recordarme». */
  idleMs: number
  /** Idle timeout with «recordarme». */
  idleRememberMs: number
  /** Absolute lifetime of any session. */
  maxMs: number
}

/** See docs/decisions/office.md: health data, shared reception PCs. */
export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  idleRememberMs: 2 * 3_600_000,
  maxMs: 12 * 3_600_000,
}

export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function isTokenShape(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_SHAPE.test(value)
}

/**
 * Anti-forgery token of the office's own server-rendered forms (hidden field
 * `_xsrf`): derived from the session's secret token, so it is valid only
 * with that session's cookie and cannot be read or guessed by another site.
 */
export function formToken(sessionToken: string): string {
  return crypto.createHash('sha256').update(`formulario-oficina:${sessionToken}`).digest('base64url')
}

export function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb)
}
