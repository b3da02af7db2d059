import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement } from 'react'
import { apiError } from '../../http/errors.ts'
import { FIELD_MSG, lockedMessage, MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import { SignInPage } from '../../office/views/SignInPage.tsx'
import { burnVerification, verifyPassword } from '../../office/passwords.ts'
import { newToken, SESSION_COOKIE, tokenHash } from '../../office/session.ts'
import { checkTotp } from '../../office/totp.ts'
import type { AccountRow } from '../../store/office.ts'
import { sendPage, type Office } from './officeContext.ts'

interface Credentials {
  correo: string
  clave: string
  recordar: boolean
  codigo: unknown
}

/** Why a sign-in was refused: the answer's status and message, and whether the code is asked for. */
interface Refusal {
  status: number
  message: string
  askCode?: boolean
}

function credentialsOf(body: unknown): Credentials {
  const b = plainFields(body) ?? {}
  return {
    correo: typeof b.correo === 'string' ? b.correo.trim().slice(0, 254) : '',
    clave: typeof b.clave === 'string' ? b.clave.slice(0, 1024) : '',
    recordar: b.recordarme === true || b.recordarme === 'true' || b.recordarme === 'on',
    codigo: b.codigo,
  }
}

/**
 * Staff sign-in (password, then the second factor when the account has one)
 * and sign-out. Attempts are counted per account and address before the
 * password is checked (issue 23 #3); every outcome is audited.
 */
export async function signIn(app: FastifyInstance, { office }: { office: Office }): Promise<void> {
  const { store, throttle, now } = office

  /** The account when password (and code) are right; a refusal otherwise, audited. */
  const check = async (c: Credentials, ip: string): Promise<AccountRow | Refusal> => {
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
    await throttle.succeeded(c.correo, ip, attempt.id)
    return account
  }

  /** A new session for the account: stored (by its hash), audited, and its cookie set. */
  const open = async (reply: FastifyReply, account: AccountRow, recordar: boolean, ip: string) => {
    const token = newToken()
    const at = now()
    const { policy } = office
    const inactividadMs = recordar ? policy.idleRememberMs : policy.idleMs
    await store.createSession({
      tokenHash: tokenHash(token),
      cuentaId: account.id,
      recordar,
      expiraEn: new Date(at.getTime() + policy.maxMs),
      inactividadMs,
      now: at,
    })
    await store.audit({ evento: 'acceso', cuentaId: account.id, detalle: recordar ? 'recordarme' : undefined, direccion: ip, now: at })
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
      // «Recordarme»: the cookie survives closing the browser (until the session's absolute end); otherwise it ends with the browser.
      ...(recordar ? { maxAge: Math.floor(policy.maxMs / 1000) } : {}),
    })
  }

  const refuse = (request: FastifyRequest, reply: FastifyReply, correo: string, r: Refusal) =>
    isNoScriptPost(request)
      ? sendPage(
          reply,
          r.status,
          createElement(SignInPage, {
            ctx: { siteName: office.site.siteName, styles: office.styles },
            message: r.message,
            correo,
            needsCode: r.askCode ?? false,
          }),
        )
      : reply.code(r.status).send({ error: r.message, fields: {}, ...(r.askCode ? { requiereCodigo: true } : {}) })

  app.post('/api/oficina/sesion', { ...office.postLimit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const noScript = isNoScriptPost(request)
    if (noScript && !isUrlEncoded(request)) throw apiError('unsupportedMedia')
    const c = credentialsOf(request.body)
    if (!c.correo || !c.clave) {
      const fields: Record<string, string> = {}
      if (!c.correo) fields.correo = FIELD_MSG.correo
      if (!c.clave) fields.clave = FIELD_MSG.clave
      if (noScript) return refuse(request, reply, c.correo, { status: 400, message: Object.values(fields).join(' ') })
      throw apiError('missingCredentials', fields)
    }
    const outcome = await check(c, request.ip)
    if ('status' in outcome) return refuse(request, reply, c.correo, outcome)
    await open(reply, outcome, c.recordar, request.ip)
    if (noScript) return reply.code(303).redirect('/oficina', 303)
    return reply.send({ nombre: outcome.nombre, rol: outcome.rol, destino: '/oficina' })
  })

  app.get('/api/oficina/sesion', async request => {
    const s = await office.requireApi(request)
    return { correo: s.account.correo, nombre: s.account.nombre, rol: s.account.rol, formularios: s.account.formularios ?? null }
  })

  app.post('/api/oficina/salir', { ...office.postLimit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const s = await office.sessionOf(request)
    const noScript = isNoScriptPost(request)
    if (noScript) office.checkFormToken(request, s)
    if (s) {
      await store.revokeSession(tokenHash(s.token), now())
      await store.audit({ evento: 'salida', cuentaId: s.account.id, direccion: request.ip, now: now() })
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    if (noScript) return reply.code(303).redirect('/acceder', 303)
    return reply.send({ ok: true })
  })
}
