import type { FastifyReply } from 'fastify'
import { lockedMessage, MSG } from '../../http/messages.ts'
import { burnVerification, verifyPassword } from './passwords.ts'
import { newToken, SESSION_COOKIE, tokenHash } from './session.ts'
import { checkTotp } from './totp.ts'
import type { AccountRow } from '../../store/office.ts'
import type { Office } from './officeContext.ts'

export interface Credentials {
  correo: string
  clave: string
  recordar: boolean
  codigo: unknown
}

/** Why a sign-in was refused: the answer's status and message, and whether the code is asked for. */
export interface Refusal {
  status: number
  message: string
  askCode?: boolean
}

/** The reserved attempt of one sign-in (throttle.ts), released when the password was right. */
interface Attempt {
  ip: string
  id: string
}

/** The second factor, after a right password: undefined when it passes (or the account needs none), a refusal otherwise. */
async function secondFactor(office: Office, account: AccountRow, c: Credentials, attempt: Attempt): Promise<Refusal | undefined> {
  const { store, throttle, now } = office
  const { ip } = attempt
  const correo = c.correo.toLowerCase()
  if (account.totp) {
    if (typeof c.codigo !== 'string' || c.codigo.trim() === '') {
      // The password was right: asking for the code is not a failed guess.
      await throttle.release(c.correo, ip, attempt.id)
      return { status: 401, message: MSG.codeNeeded, askCode: true }
    }
    const step = await checkTotp(account.totp, c.codigo)
    // A right code already used (this sign-in or a later one) is refused like a wrong one: it may have been seen.
    const spent = step !== undefined && !(await store.claimTotpStep(account.id, step))
    if (step === undefined || spent) {
      const detalle = spent ? 'código de verificación ya usado' : 'código de verificación'
      await store.audit({ evento: 'acceso_fallido', cuentaId: account.id, correo, detalle, direccion: ip, now: now() })
      return { status: 401, message: MSG.badCode, askCode: true }
    }
  } else if (office.twoFactor === 'admin' && account.rol === 'admin') {
    await throttle.release(c.correo, ip, attempt.id)
    await store.audit({ evento: 'acceso_fallido', cuentaId: account.id, correo, detalle: 'sin segundo factor', direccion: ip, now: now() })
    return { status: 403, message: MSG.twoFactorRequired }
  }
  return undefined
}

/**
 * The account when password (and code) are right; a refusal otherwise,
 * audited. Attempts are counted per account and address before the password
 * is checked (docs/decisions/office.md).
 */
export async function checkCredentials(office: Office, c: Credentials, ip: string): Promise<AccountRow | Refusal> {
  const { store, throttle, now } = office
  const correo = c.correo.toLowerCase()
  const attempt = await throttle.reserve(c.correo, ip)
  if (!attempt.ok) {
    await store.audit({ evento: 'acceso_bloqueado', correo, direccion: ip, now: now() })
    return { status: 429, message: lockedMessage(Math.ceil(attempt.lockedMs / 60_000)) }
  }
  const account = await store.findAccountByEmail(c.correo)
  const ok = account?.activa ? await verifyPassword(account.clave, c.clave) : (await burnVerification(c.clave), false)
  if (!account || !ok) {
    // The reserved attempt stays counted as a failure.
    await store.audit({ evento: 'acceso_fallido', cuentaId: account?.id, correo, direccion: ip, now: now() })
    return { status: 401, message: MSG.badCredentials }
  }
  // Second factor, after the password (so a code prompt says nothing about unknown accounts).
  const refused = await secondFactor(office, account, c, { ip, id: attempt.id })
  if (refused) return refused
  await throttle.succeeded(c.correo, ip, attempt.id)
  return account
}

/** A new session for the account: stored (by its hash), audited, and its cookie set. */
export async function openSession(office: Office, reply: FastifyReply, account: AccountRow, recordar: boolean, ip: string): Promise<void> {
  const token = newToken()
  const at = office.now()
  const { policy } = office
  const inactividadMs = recordar ? policy.idleRememberMs : policy.idleMs
  await office.store.createSession({
    tokenHash: tokenHash(token),
    cuentaId: account.id,
    recordar,
    expiraEn: new Date(at.getTime() + policy.maxMs),
    inactividadMs,
    now: at,
  })
  await office.store.audit({ evento: 'acceso', cuentaId: account.id, detalle: recordar ? 'recordarme' : undefined, direccion: ip, now: at })
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    // «Recordarme»: the cookie survives closing the browser (until the session's absolute end); otherwise it ends with the browser.
    ...(recordar ? { maxAge: Math.floor(policy.maxMs / 1000) } : {}),
  })
}
