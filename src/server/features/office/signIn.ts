import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement } from 'react'
import { apiError } from '../../http/errors.ts'
import { FIELD_MSG } from '../../http/messages.ts'
import { isNoScriptPost, isUrlEncoded, NO_SCRIPT_FORM, plainFields } from '../../http/noScript.ts'
import { SignInPage } from './views/SignInPage.tsx'
import { SESSION_COOKIE, tokenHash } from './session.ts'
import { sendPage, type Office } from './officeContext.ts'
import { checkCredentials, openSession, type Credentials, type Refusal } from './signInCheck.ts'

function credentialsOf(body: unknown): Credentials {
  const b = plainFields(body) ?? {}
  return {
    correo: typeof b.correo === 'string' ? b.correo.trim().slice(0, 254) : '',
    clave: typeof b.clave === 'string' ? b.clave.slice(0, 1024) : '',
    recordar: b.recordarme === true || b.recordarme === 'true' || b.recordarme === 'on',
    codigo: b.codigo,
  }
}

/** A refused sign-in: the sign-in page again without script, else JSON (with `requiereCodigo` when the code is asked for). */
function refuse(office: Office, request: FastifyRequest, reply: FastifyReply, correo: string, r: Refusal) {
  if (!isNoScriptPost(request)) return reply.code(r.status).send({ error: r.message, fields: {}, ...(r.askCode ? { requiereCodigo: true } : {}) })
  const ctx = { siteName: office.site.siteName, styles: office.styles }
  return sendPage(reply, r.status, createElement(SignInPage, { ctx, message: r.message, correo, needsCode: r.askCode ?? false }))
}

function signInRoute(app: FastifyInstance, office: Office) {
  app.post('/api/oficina/sesion', { ...office.postLimit, config: NO_SCRIPT_FORM }, async (request, reply) => {
    const noScript = isNoScriptPost(request)
    if (noScript && !isUrlEncoded(request)) throw apiError('unsupportedMedia')
    const c = credentialsOf(request.body)
    if (!c.correo || !c.clave) {
      const fields: Record<string, string> = {}
      if (!c.correo) fields.correo = FIELD_MSG.correo
      if (!c.clave) fields.clave = FIELD_MSG.clave
      if (noScript) return refuse(office, request, reply, c.correo, { status: 400, message: Object.values(fields).join(' ') })
      throw apiError('missingCredentials', fields)
    }
    const outcome = await checkCredentials(office, c, request.ip)
    if ('status' in outcome) return refuse(office, request, reply, c.correo, outcome)
    await openSession(office, reply, outcome, c.recordar, request.ip)
    if (noScript) return reply.code(303).redirect('/oficina', 303)
    return reply.send({ nombre: outcome.nombre, rol: outcome.rol, destino: '/oficina' })
  })
}

function sessionRoute(app: FastifyInstance, office: Office) {
  app.get('/api/oficina/sesion', async request => {
    const s = await office.requireApi(request)
    return { correo: s.account.correo, nombre: s.account.nombre, rol: s.account.rol, formularios: s.account.formularios ?? null }
  })
}

function signOutRoute(app: FastifyInstance, office: Office) {
  const { store, now } = office
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

/**
 * Staff sign-in (password, then the second factor when the account has one,
 * signInCheck.ts) and sign-out; every outcome is audited.
 */
export async function signIn(app: FastifyInstance, { office }: { office: Office }): Promise<void> {
  signInRoute(app, office)
  sessionRoute(app, office)
  signOutRoute(app, office)
}
