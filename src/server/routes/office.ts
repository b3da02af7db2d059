import { KNOWN_TYPES, type KnownType } from '../../forms/fileType.ts'
import { hiddenFieldsOf } from '../../forms/compileFormSchema.ts'
import { CONSENT_FIELD as PERSONAL_DATA_CONSENT } from '../../manifest/privacyNotice.ts'

/** A filing whose form's rules hid the personal data and the consent (an anonymous petition, issue 26 item 3). */
function isAnonymous(form: FormDefinition, datos: Record<string, unknown>): boolean {
  return hiddenFieldsOf(form, datos).includes(PERSONAL_DATA_CONSENT)
}
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { colombiaDay } from '../../filings/businessDays.ts'
import { businessDaysLeft, termOf } from '../../filings/deadlines.ts'
import { applyAction, type Accion } from '../../filings/states.ts'
import type { FormDefinition } from '../../manifest/types.generated.ts'
import { ApiError } from '../errors.ts'
import { siteStylesheets } from '../nativePages.ts'
import { isUrlEncoded, plainFields } from '../nativeRequest.ts'
import { applyFilter, countsByState, inboxItem, isOpen, parseFilter, tramiteOf, type OfficeForm } from '../office/inbox.ts'
import { labelledFields } from '../office/format.ts'
import { auditPage, filingPage, inboxPage, messagePage, OFFICE_CSS, signInPage, type PageContext } from '../office/pages.ts'
import { burnVerification, verifyPassword } from '../office/passwords.ts'
import { DEFAULT_SESSION_POLICY, formToken, isTokenShape, newToken, sameSecret, SESSION_COOKIE, tokenHash, type SessionPolicy } from '../office/session.ts'
import { MemorySignInThrottle, type SignInThrottle } from '../office/throttle.ts'
import { checkTotp } from '../office/totp.ts'
import { NO_NOTIFIER, type Notifier } from '../notify.ts'
import { registrationRoutes } from '../features/radicacion/plugin.ts'
import { canalLabel } from '../../filings/channels.ts'
import { noticeAfterAction } from '../office/citizenNotices.ts'
import type { SiteData } from '../siteData.ts'
import { StaleActionError, type AccountRow, type OfficeFilingRow, type OfficeStore, type TramiteRow } from '../store/office.ts'
import { discardUpload, keepUpload, receiveToTemp, removeKept, safeLabel, uploadsDir, type ReceivedFile } from '../store/uploads.ts'

/** What the office needs of the store: its own part plus listing filings of a kind. */
export type OfficeBackend = OfficeStore & {
  listFilings(kind: string): Promise<OfficeFilingRow[]>
}

export interface OfficeRouteOptions {
  site: SiteData
  store: OfficeBackend
  dataDir: string
  clientDir: string
  /** Filing forms and the kind each is stored as. */
  forms: OfficeForm[]
  session?: Partial<SessionPolicy>
  /** Sign-in attempts per account and address (default: in this process's memory). */
  throttle?: SignInThrottle
  /** Clock of the office (tests of expiry and deadlines). */
  now?: () => Date
  /** OFICINA_2FA=admin: admin accounts must use their second factor. */
  twoFactor?: 'admin'
  /** POSTs per client address and window, as for the filing forms (RATE_LIMIT_MAX); none when absent. */
  rateLimit?: { max: number; timeWindow: number }
  /** E-mails to citizens on the answer, a forward and an extension (issue 12); none when absent. */
  notifier?: Notifier
  /** Longest wait at shutdown for citizens' e-mails still being sent and recorded (default 5 s). */
  shutdownMailWaitMs?: number
}

export const OFFICE_MSG = {
  unauthenticated: 'Inicie sesión para continuar.',
  badCredentials: 'Correo o contraseña incorrectos.',
  locked: (minutes: number) => `Demasiados intentos fallidos. Espere ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intente de nuevo.`,
  forbiddenForm: 'Su cuenta no tiene acceso a las radicaciones de este formulario.',
  adminOnly: 'Solo una cuenta de administrador puede ver la auditoría.',
  codeNeeded: 'Escriba el código de verificación de 6 dígitos de su aplicación autenticadora.',
  badCode: 'El código de verificación no es válido. Escriba el código que muestra ahora su aplicación.',
  twoFactorRequired: 'Las cuentas de administrador deben usar verificación en dos pasos. Pida al área de sistemas activarla con «npm run -s usuarios -- 2fa».',
  notFound: 'No existe una radicación con ese número.',
  pdfOnly: 'La respuesta adjunta debe ser un archivo PDF.',
  pdfTooLarge: 'La respuesta en PDF supera el tamaño máximo de 10 MB.',
  oneFile: 'Solo se admite un archivo PDF de respuesta.',
  done: {
    en_tramite: 'La radicación quedó en trámite.',
    responder: 'La respuesta quedó registrada.',
    trasladar: 'El traslado quedó registrado.',
    ampliar: 'El término quedó ampliado.',
    cerrar: 'La radicación quedó cerrada.',
  } satisfies Record<Accion, string>,
} as const

const MAX_ANSWER_BYTES = 10 * 1024 * 1024
const PDF_MAGIC = '%PDF-'
const RADICADO = /^[A-Z]{1,10}-\d{4}-\d{6,}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** A native (no-script) form post to the office API: answered with HTML, checked by `_xsrf`. */
    officeForm: boolean
  }
}

/** A form post the browser sends itself to the office API (no script, no header token): see security.ts. */
export function isOfficeFormPost(request: FastifyRequest): boolean {
  if (request.method !== 'POST' || !request.url.startsWith('/api/oficina/')) return false
  if (request.headers['x-xsrf-token'] !== undefined) return false
  const accept = request.headers.accept
  if (typeof accept !== 'string' || !accept.toLowerCase().includes('text/html')) return false
  const ct = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  return ct === 'application/x-www-form-urlencoded' || ct === 'multipart/form-data'
}

interface Signed {
  token: string
  account: AccountRow
}

function maySee(account: AccountRow, formId: string): boolean {
  return !account.formularios || account.formularios.includes(formId)
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
}

export async function officeRoutes(app: FastifyInstance, opts: OfficeRouteOptions): Promise<void> {
  const { site, store, dataDir } = opts
  const policy: SessionPolicy = { ...DEFAULT_SESSION_POLICY, ...opts.session }
  const throttle = opts.throttle ?? new MemorySignInThrottle()
  const now = opts.now ?? (() => new Date())
  const styles = siteStylesheets(opts.clientDir)
  const css = fs.readFileSync(path.join(import.meta.dirname, '../office/oficina.css'), 'utf8')
  const byId = new Map(opts.forms.map((f) => [f.form.id, f]))
  const byKind = new Map(opts.forms.map((f) => [f.kind, f]))
  app.decorateRequest('officeForm', false)
  const notifier = opts.notifier ?? NO_NOTIFIER
  // Citizens' e-mails go out after the action's answer; their outcome is written to the history before the store closes.
  const notices = new Set<Promise<unknown>>()
  app.addHook('preClose', async () => {
    await Promise.race([Promise.allSettled([...notices]), new Promise((resolve) => setTimeout(resolve, opts.shutdownMailWaitMs ?? 5_000).unref())])
  })
  // Every office POST is throttled like the filing forms (issue 15 #6): the login throttle alone leaves the other POSTs open.
  const postLimit = opts.rateLimit ? { onRequest: app.rateLimit({ ...opts.rateLimit, groupId: 'oficina' }) } : {}

  // Every office answer: never cached, never indexed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/oficina') || request.url.startsWith('/api/oficina')) noStore(reply)
    return payload
  })

  const address = (request: FastifyRequest) => request.ip

  const sessionOf = async (request: FastifyRequest): Promise<Signed | undefined> => {
    const token = request.cookies[SESSION_COOKIE]
    if (!isTokenShape(token)) return undefined
    const s = await store.useSession(tokenHash(token), now())
    return s ? { token, account: s.account } : undefined
  }

  const ctxOf = (s: Signed): PageContext => ({ siteName: site.siteName, styles, account: s.account, xsrf: formToken(s.token) })

  /** The signed-in account, or: a page → 303 to /acceder; the API → 401. */
  const requirePage = async (request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> => {
    const s = await sessionOf(request)
    if (!s) {
      reply.code(303).redirect('/acceder', 303)
      return undefined
    }
    return s
  }
  const requireApi = async (request: FastifyRequest): Promise<Signed> => {
    const s = await sessionOf(request)
    if (!s) throw new ApiError(401, OFFICE_MSG.unauthenticated)
    return s
  }

  const html = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body)

  /** A filing the account may see, or 404/403. */
  const loadFiling = async (s: Signed, radicado: string): Promise<{ filing: OfficeFilingRow; office: OfficeForm; stored?: TramiteRow; tramite: TramiteRow }> => {
    const filing = RADICADO.test(radicado) ? await store.findFiling(radicado) : undefined
    const office = filing ? byKind.get(filing.kind) : undefined
    if (!filing || !office) throw new ApiError(404, OFFICE_MSG.notFound)
    if (!maySee(s.account, office.form.id)) throw new ApiError(403, OFFICE_MSG.forbiddenForm)
    const stored = await store.getTramite(radicado)
    return { filing, office, stored, tramite: tramiteOf(filing, office.form, site.lookups, stored) }
  }

  /** Inbox items of the forms the account may see. */
  const inbox = async (account: AccountRow) => {
    const stored = new Map((await store.listTramites()).map((t) => [t.radicado, t]))
    const at = now()
    const items = []
    for (const office of opts.forms) {
      if (!maySee(account, office.form.id)) continue
      for (const f of await store.listFilings(office.kind)) {
        items.push(inboxItem(f, office, site.lookups, tramiteOf(f, office.form, site.lookups, stored.get(f.radicado)), at))
      }
    }
    return items
  }

  const visibleForms = (account: AccountRow) => opts.forms.filter((f) => maySee(account, f.form.id))
  const typesOf = (forms: OfficeForm[]) => {
    const names = new Set<string>()
    for (const { form } of forms) {
      const field = form.terminos?.campoTipo ? form.campos.find((c) => c.nombre === form.terminos?.campoTipo) : undefined
      if (field?.lista) for (const o of site.lookups.listas[field.lista] ?? []) names.add(o.nombre)
      else names.add(form.titulo)
    }
    return [...names]
  }

  // --- Sign-in and sign-out -------------------------------------------------

  app.post('/api/oficina/sesion', postLimit, async (request, reply) => {
    const native = request.officeForm
    const body = native ? plainFields(request.body) : request.body
    if (native && !isUrlEncoded(request)) throw new ApiError(415, 'El tipo de contenido de la solicitud no es válido.')
    const b = (body ?? {}) as Record<string, unknown>
    const correo = typeof b.correo === 'string' ? b.correo.trim().slice(0, 254) : ''
    const clave = typeof b.clave === 'string' ? b.clave.slice(0, 1024) : ''
    const recordar = b.recordarme === true || b.recordarme === 'true' || b.recordarme === 'on'
    const fail = (status: number, message: string, requiereCodigo = false) =>
      native
        ? html(reply, status, signInPage({ siteName: site.siteName, styles }, message, correo, requiereCodigo))
        : reply.code(status).send({ error: message, fields: {}, ...(requiereCodigo ? { requiereCodigo: true } : {}) })
    if (!correo || !clave) {
      const fields: Record<string, string> = {}
      if (!correo) fields.correo = 'Escriba su correo electrónico.'
      if (!clave) fields.clave = 'Escriba su contraseña.'
      return native ? fail(400, Object.values(fields).join(' ')) : reply.code(400).send({ error: 'Escriba su correo y su contraseña.', fields })
    }
    const ip = address(request)
    // Counted before the password is checked (issue 23 #3): past the limit, no attempt in flight or later is verified.
    const attempt = await throttle.reserve(correo, ip)
    if (!attempt.ok) {
      await store.audit({ evento: 'acceso_bloqueado', correo: correo.toLowerCase(), direccion: ip, now: now() })
      return fail(429, OFFICE_MSG.locked(Math.ceil(attempt.lockedMs / 60_000)))
    }
    const account = await store.findAccountByEmail(correo)
    const ok = account && account.activa ? await verifyPassword(account.clave, clave) : (await burnVerification(clave), false)
    if (!account || !ok) {
      // The reserved attempt stays counted as a failure.
      await store.audit({ evento: 'acceso_fallido', cuentaId: account?.id, correo: correo.toLowerCase(), direccion: ip, now: now() })
      return fail(401, OFFICE_MSG.badCredentials)
    }
    // Second factor, after the password (so a code prompt says nothing about unknown accounts).
    if (account.totp) {
      if (typeof b.codigo !== 'string' || b.codigo.trim() === '') {
        // The password was right: asking for the code is not a failed guess.
        await throttle.release(correo, ip, attempt.id)
        return fail(401, OFFICE_MSG.codeNeeded, true)
      }
      const step = await checkTotp(account.totp, b.codigo)
      // A right code already used (this sign-in or a later one) is refused like a wrong one: it may have been seen.
      const spent = step !== undefined && !(await store.claimTotpStep(account.id, step))
      if (step === undefined || spent) {
        // The reserved attempt stays counted as a failure.
        await store.audit({ evento: 'acceso_fallido', cuentaId: account.id, correo: correo.toLowerCase(), detalle: spent ? 'código de verificación ya usado' : 'código de verificación', direccion: ip, now: now() })
        return fail(401, OFFICE_MSG.badCode, true)
      }
    } else if (opts.twoFactor === 'admin' && account.rol === 'admin') {
      await throttle.release(correo, ip, attempt.id)
      await store.audit({ evento: 'acceso_fallido', cuentaId: account.id, correo: correo.toLowerCase(), detalle: 'sin segundo factor', direccion: ip, now: now() })
      return fail(403, OFFICE_MSG.twoFactorRequired)
    }
    await throttle.succeeded(correo, ip, attempt.id)
    const token = newToken()
    const at = now()
    await store.createSession({
      tokenHash: tokenHash(token),
      cuentaId: account.id,
      recordar,
      expiraEn: new Date(at.getTime() + policy.maxMs),
      inactividadMs: recordar ? policy.idleRememberMs : policy.idleMs,
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
    if (native) return reply.code(303).redirect('/oficina', 303)
    return reply.send({ nombre: account.nombre, rol: account.rol, destino: '/oficina' })
  })

  app.get('/api/oficina/sesion', async (request) => {
    const s = await requireApi(request)
    return { correo: s.account.correo, nombre: s.account.nombre, rol: s.account.rol, formularios: s.account.formularios ?? null }
  })

  app.post('/api/oficina/salir', postLimit, async (request, reply) => {
    const s = await sessionOf(request)
    if (request.officeForm) checkFormToken(request, s)
    if (s) {
      await store.revokeSession(tokenHash(s.token), now())
      await store.audit({ evento: 'salida', cuentaId: s.account.id, direccion: address(request), now: now() })
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    if (request.officeForm) return reply.code(303).redirect('/acceder', 303)
    return reply.send({ ok: true })
  })

  /** Native office forms carry the session's form token in `_xsrf`. */
  function checkFormToken(request: FastifyRequest, s: Signed | undefined, field?: unknown): void {
    const given = field ?? (plainFields(request.body) ?? {})._xsrf
    if (!s || typeof given !== 'string' || !sameSecret(given, formToken(s.token))) {
      throw new ApiError(403, 'No se pudo verificar la solicitud. Recargue la página e intente de nuevo.')
    }
  }

  // --- JSON API -------------------------------------------------------------

  app.get('/api/oficina/radicaciones', async (request, reply) => {
    const s = await requireApi(request)
    const parsed = parseFilter(request.query as Record<string, unknown>)
    if ('errors' in parsed) return reply.code(400).send({ error: 'Los filtros no son válidos.', fields: parsed.errors })
    if (parsed.filter.formulario && byId.has(parsed.filter.formulario) && !maySee(s.account, parsed.filter.formulario)) {
      throw new ApiError(403, OFFICE_MSG.forbiddenForm)
    }
    const items = await inbox(s.account)
    const filtered = applyFilter(items, parsed.filter)
    // Every read of the office is audited (issue 23 #5), the list of filings too.
    await store.audit({ evento: 'ver_bandeja', cuentaId: s.account.id, detalle: 'API', direccion: address(request), now: now() })
    return {
      total: filtered.length,
      porEstado: countsByState(items),
      radicaciones: filtered.map((i) => ({
        radicado: i.radicado,
        formulario: i.formulario,
        tipo: i.tipo,
        estado: i.estado,
        recibido: i.recibido,
        vence: i.vence,
        diasHabilesRestantes: i.diasHabilesRestantes,
        ampliada: i.ampliada,
        vencida: i.vencida,
      })),
    }
  })

  const detail = async (s: Signed, radicado: string, request: FastifyRequest) => {
    const { filing, office, tramite } = await loadFiling(s, radicado)
    const history = await store.history(radicado)
    // Every view of a filing's personal data is audited.
    await store.audit({ evento: 'ver', cuentaId: s.account.id, radicado, direccion: address(request), now: now() })
    const term = termOf(office.form, filing.datos, site.lookups)
    const at = now()
    return { filing, office, tramite, history, term, left: isOpen(tramite.estado) ? businessDaysLeft(tramite.vence, at) : null, today: colombiaDay(at) }
  }

  app.get('/api/oficina/radicaciones/:radicado', async (request) => {
    const s = await requireApi(request)
    const { radicado } = request.params as { radicado: string }
    const d = await detail(s, radicado, request)
    return {
      radicado,
      formulario: d.office.form.id,
      tipo: d.term.tipo,
      estado: d.tramite.estado,
      recibido: d.filing.recibidoEn,
      vence: d.tramite.vence,
      venceOriginal: d.tramite.venceOriginal,
      venceMaximo: d.tramite.venceMaximo,
      venceTraslado: d.tramite.venceTraslado,
      diasHabiles: d.tramite.diasHabiles,
      diasHabilesRestantes: d.left,
      ampliada: d.tramite.ampliada,
      respondida: d.tramite.respondidaEn ?? null,
      campos: labelledFields(d.office.form, site.lookups, d.filing.datos),
      datos: d.filing.datos,
      autorizacion: d.filing.autorizacion ?? null,
      autorizacionSensibles: d.filing.autorizacionSensibles ?? null,
      canal: d.filing.canal ?? 'web',
      registradaPor: d.filing.registradaPor?.nombre ?? null,
      recibidaEl: d.filing.recibidaEl ?? null,
      anonima: isAnonymous(d.office.form, d.filing.datos),
      adjuntos: d.filing.adjuntos.map((a, i) => ({ nombre: a.nombreOriginal, tamano: a.tamano, tipo: a.tipo, url: `/api/oficina/radicaciones/${radicado}/adjuntos/${i}` })),
      historial: d.history.map((h) => ({
        accion: h.accion,
        estadoAnterior: h.estadoAnterior ?? null,
        estado: h.estadoNuevo,
        en: h.en,
        por: h.cuentaNombre ?? null,
        texto: h.texto ?? null,
        entidad: h.entidad ?? null,
        nuevaFecha: h.nuevaFecha ?? null,
        tardio: h.tardio ?? false,
        negada: h.negada ?? false,
        archivo: h.archivo ? { nombre: h.archivoNombre, tamano: h.archivoTamano, url: `/api/oficina/radicaciones/${radicado}/respuestas/${h.id}` } : null,
      })),
    }
  })

  const sendFile = async (reply: FastifyReply, file: string, name: string, type = 'application/pdf') => {
    const full = path.join(uploadsDir(dataDir), path.basename(file))
    const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
    return reply
      // The type found in the content on receipt (PDF, JPEG or PNG), never one the visitor announced.
      .type(KNOWN_TYPES.includes(type as KnownType) ? type : 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(full))
  }

  app.get('/api/oficina/radicaciones/:radicado/adjuntos/:indice', async (request, reply) => {
    const s = await requireApi(request)
    const { radicado, indice } = request.params as { radicado: string; indice: string }
    const { filing } = await loadFiling(s, radicado)
    const a = /^\d{1,3}$/.test(indice) ? filing.adjuntos[Number(indice)] : undefined
    if (!a) throw new ApiError(404, 'El adjunto no existe.')
    await store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'adjunto', direccion: address(request), now: now() })
    return sendFile(reply, a.archivo, a.nombreOriginal, a.tipo)
  })

  app.get('/api/oficina/radicaciones/:radicado/respuestas/:id', async (request, reply) => {
    const s = await requireApi(request)
    const { radicado, id } = request.params as { radicado: string; id: string }
    await loadFiling(s, radicado)
    const h = (await store.history(radicado)).find((x) => String(x.id) === id && x.archivo)
    if (!h?.archivo) throw new ApiError(404, 'La respuesta no existe.')
    await store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'respuesta', direccion: address(request), now: now() })
    return sendFile(reply, h.archivo, h.archivoNombre ?? 'respuesta.pdf')
  })

  app.post('/api/oficina/radicaciones/:radicado/acciones', postLimit, async (request, reply) => {
    const native = request.officeForm
    const { radicado } = request.params as { radicado: string }
    const s = native ? await sessionOf(request) : await requireApi(request)
    if (!s) return reply.code(303).redirect('/acceder', 303)
    let file: ReceivedFile | undefined
    let kept: string | undefined
    let values: Record<string, unknown> = {}
    try {
      let extraFile = false
      let label: string | undefined
      if (request.isMultipart()) {
        const parts = request.parts({ limits: { fileSize: MAX_ANSWER_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 } })
        for await (const part of parts) {
          if (part.type === 'file') {
            if (part.fieldname !== 'archivo' || file) {
              extraFile = true
              part.file.resume()
              await new Promise<void>((resolve) => part.file.once('end', resolve).once('error', () => resolve()))
              continue
            }
            file = await receiveToTemp(dataDir, part.file, MAX_ANSWER_BYTES)
            if (part.file.truncated) file.tooLarge = true
            label = part.filename ? safeLabel(part.filename, 'respuesta.pdf') : undefined
          } else {
            values[part.fieldname] = part.value
          }
        }
      } else if (isUrlEncoded(request)) {
        if (!native) throw new ApiError(415, 'El tipo de contenido de la solicitud no es válido.')
        values = plainFields(request.body) ?? {}
      } else {
        const body = request.body
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'La solicitud no es válida.')
        values = body as Record<string, unknown>
      }
      if (native) checkFormToken(request, s, values._xsrf)
      const { filing, office, stored, tramite } = await loadFiling(s, radicado)
      const at = now()
      const today = colombiaDay(at)
      const status = { estado: tramite.estado, vence: tramite.vence, venceOriginal: tramite.venceOriginal, venceMaximo: tramite.venceMaximo, ampliada: tramite.ampliada }
      const result = applyAction(status, { accion: values.accion, texto: values.texto, entidad: values.entidad, nuevaFecha: values.nuevaFecha, negada: values.negada }, today)
      if (!result.ok) throw new ApiError(Object.keys(result.fields).length ? 400 : 409, result.error, result.fields)
      if (file && file.size === 0) file = (discardUpload(file), undefined)
      if (extraFile) throw new ApiError(400, OFFICE_MSG.oneFile, { archivo: OFFICE_MSG.oneFile })
      if (file && result.accion !== 'responder') throw new ApiError(400, 'Solo la respuesta admite un PDF adjunto.', { archivo: 'Quite el archivo.' })
      if (file?.tooLarge) throw new ApiError(413, OFFICE_MSG.pdfTooLarge, { archivo: OFFICE_MSG.pdfTooLarge })
      if (file && file.head.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) throw new ApiError(400, OFFICE_MSG.pdfOnly, { archivo: OFFICE_MSG.pdfOnly })
      if (file) kept = keepUpload(dataDir, file)
      const next: TramiteRow = {
        ...tramite,
        ...result.next,
        respondidaEn: result.accion === 'responder' || result.accion === 'trasladar' ? at.toISOString() : tramite.respondidaEn,
        cerradaEn: result.accion === 'cerrar' ? at.toISOString() : tramite.cerradaEn,
      }
      const history = {
          radicado,
          accion: result.accion,
          estadoAnterior: tramite.estado,
          estadoNuevo: next.estado,
          cuentaId: s.account.id,
          en: at.toISOString(),
          texto: result.texto,
          entidad: result.entidad,
          nuevaFecha: result.accion === 'ampliar' ? next.vence : undefined,
          ...(kept && file ? { archivo: kept, archivoNombre: label ?? 'respuesta.pdf', archivoTamano: file.size, archivoSha256: file.sha256 } : {}),
          tardio: result.accion === 'trasladar' && today > tramite.venceTraslado,
          negada: result.negada === true,
      }
      await store.recordAction({
        expected: { estado: tramite.estado, ampliada: tramite.ampliada, existed: stored !== undefined },
        tramite: next,
        history,
        audit: { evento: 'accion', cuentaId: s.account.id, radicado, detalle: result.accion, direccion: address(request), now: at },
      })
      kept = undefined
      request.log.info({ radicado, accion: result.accion }, 'acción de la oficina')
      // The action is committed: the citizen's e-mail cannot fail or undo it (its outcome goes to the history).
      const notice = noticeAfterAction({ notifier, store, dataDir, log: request.log, supersaludPhone: site.supersaludPhone }, { form: office.form, datos: filing.datos, accion: result.accion, history, tramite: next })
      notices.add(notice)
      void notice.finally(() => notices.delete(notice))
      if (native) return reply.code(303).redirect(`/oficina/radicaciones/${radicado}?hecho=${result.accion}`, 303)
      return reply.send({ radicado, estado: next.estado, vence: next.vence, ampliada: next.ampliada })
    } catch (error) {
      const err = error instanceof StaleActionError ? new ApiError(409, error.message) : error
      if (native && err instanceof ApiError && err.statusCode !== 403 && err.statusCode !== 404) {
        return renderFiling(request, reply, s, radicado, err.statusCode, { message: err.message, fields: err.fields, accion: String(values.accion ?? '') }, values)
      }
      throw err
    } finally {
      discardUpload(file)
      if (kept) removeKept(dataDir, kept)
    }
  })

  app.get('/api/oficina/auditoria', async (request) => {
    const s = await requireApi(request)
    if (s.account.rol !== 'admin') throw new ApiError(403, OFFICE_MSG.adminOnly)
    const since = (request.query as Record<string, unknown>).since
    const sinceIso = typeof since === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(since) ? new Date(`${since}T00:00:00-05:00`).toISOString() : undefined
    const registros = await store.listAudit({ since: sinceIso, limit: 1000 })
    // Reading the trail through the API is audited like its page (issue 23 #5): the trail names staff and filings.
    await store.audit({ evento: 'ver_auditoria', cuentaId: s.account.id, detalle: 'API', direccion: address(request), now: now() })
    return { registros }
  })

  // --- Pages ----------------------------------------------------------------

  app.get(OFFICE_CSS, async (_request, reply) => reply.type('text/css; charset=utf-8').send(css))

  app.get('/oficina', async (request, reply) => {
    const s = await requirePage(request, reply)
    if (!s) return reply
    const q = request.query as Record<string, unknown>
    const parsed = parseFilter({ estado: 'abiertas', ...q })
    const items = await inbox(s.account)
    await store.audit({ evento: 'ver_bandeja', cuentaId: s.account.id, direccion: address(request), now: now() })
    const forms = visibleForms(s.account)
    const view = {
      counts: countsByState(items),
      forms: forms.map((f) => ({ id: f.form.id, titulo: f.form.titulo })),
      tipos: typesOf(forms),
    }
    if ('errors' in parsed) return html(reply, 400, inboxPage(ctxOf(s), { ...view, items: [], filter: {}, errors: parsed.errors }))
    const filter = { ...parsed.filter, estado: parsed.filter.estado ?? (q.estado === 'todas' ? undefined : 'abiertas') }
    return html(reply, 200, inboxPage(ctxOf(s), { ...view, items: applyFilter(items, filter), filter: { ...filter, estado: filter.estado ?? 'todas' } }))
  })

  async function renderFiling(
    request: FastifyRequest,
    reply: FastifyReply,
    s: Signed,
    radicado: string,
    status: number,
    error?: { message: string; fields: Record<string, string>; accion?: string },
    values?: Record<string, unknown>,
  ): Promise<FastifyReply> {
    try {
      const d = await detail(s, radicado, request)
      const done = (request.query as Record<string, unknown>)?.hecho
      return html(
        reply,
        status,
        filingPage(ctxOf(s), {
          radicado,
          formTitle: d.office.form.titulo,
          tipo: d.term.tipo,
          recibido: d.filing.recibidoEn,
          tramite: d.tramite,
          diasHabilesRestantes: d.left,
          vencida: d.left !== null && d.left < 0,
          fundamento: d.term.fundamento,
          fields: labelledFields(d.office.form, site.lookups, d.filing.datos),
          autorizacion: d.filing.autorizacion,
          autorizacionSensibles: d.filing.autorizacionSensibles,
          canal: { etiqueta: canalLabel(d.filing.canal ?? 'web'), registradaPor: d.filing.registradaPor?.nombre, recibidaEl: d.filing.recibidaEl },
          anonima: isAnonymous(d.office.form, d.filing.datos),
          attachments: d.filing.adjuntos.map((a, i) => ({ indice: i, nombre: a.nombreOriginal, tamano: a.tamano })),
          history: d.history,
          today: d.today,
          error,
          notice: !error && typeof done === 'string' && done in OFFICE_MSG.done ? OFFICE_MSG.done[done as Accion] : undefined,
          values: values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) : undefined,
        }),
      )
    } catch (e) {
      if (e instanceof ApiError) return html(reply, e.statusCode, messagePage(ctxOf(s), e.statusCode === 403 ? 'Sin acceso' : 'No encontrada', e.message))
      throw e
    }
  }

  app.get('/oficina/radicaciones/:radicado', async (request, reply) => {
    const s = await requirePage(request, reply)
    if (!s) return reply
    return renderFiling(request, reply, s, (request.params as { radicado: string }).radicado, 200)
  })

  app.get('/oficina/auditoria', async (request, reply) => {
    const s = await requirePage(request, reply)
    if (!s) return reply
    if (s.account.rol !== 'admin') return html(reply, 403, messagePage(ctxOf(s), 'Sin acceso', OFFICE_MSG.adminOnly))
    const since = (request.query as Record<string, unknown>).since
    const valid = typeof since === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(since)
    const rows = await store.listAudit({ since: valid ? new Date(`${since}T00:00:00-05:00`).toISOString() : undefined, limit: 500 })
    await store.audit({ evento: 'ver_auditoria', cuentaId: s.account.id, direccion: address(request), now: now() })
    return html(reply, since && !valid ? 400 : 200, auditPage(ctxOf(s), rows, valid ? since : undefined, since && !valid ? 'Escriba la fecha como AAAA-MM-DD.' : undefined))
  })

  // Radicación by the office for every channel (issue 26 item 1): its own plugin, src/server/features/radicacion/.
  await app.register(registrationRoutes, { site, store: app.store, notifier, now, postLimit, auth: { sessionOf, ctxOf, checkFormToken } })
}

/** The filing forms of the site and the kind each one is stored as. */
export function officeForms(site: SiteData): OfficeForm[] {
  // Every form of manifest/forms that is a filing (not the newsletter) is answered by the office.
  return site.filings.filter((f) => f.clase === 'radicacion').map((f) => ({ kind: f.kind, form: f.form }))
}
