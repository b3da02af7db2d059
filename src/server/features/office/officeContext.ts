import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { ReactElement } from 'react'
import { apiError } from '../../http/errors.ts'
import { plainFields } from '../../http/noScript.ts'
import { siteStylesheets } from '../../nativePages.ts'
import type { Notifier } from '../../notify.ts'
import type { OfficeForm } from './inbox.ts'
import type { PageContext } from './views/OfficeShell.tsx'
import { DEFAULT_SESSION_POLICY, formToken, isTokenShape, sameSecret, SESSION_COOKIE, tokenHash, type SessionPolicy } from './session.ts'
import type { SignInThrottle } from './throttle.ts'
import type { SiteData } from '../../siteData.ts'
import type { AccountRow, OfficeFilingRow, OfficeStore } from '../../store/office.ts'
import type { FileContentStore, FilingStore } from '../../store/store.ts'
import { renderDocument } from '../../views/ServerDocument.tsx'

/** What the office needs of the store: its own part, listing filings of a kind, registering one (radicación by the office), the uploads' bytes. */
export type OfficeBackend = OfficeStore &
  FileContentStore &
  Pick<FilingStore, 'createFiling'> & {
    listFilings(kind: string): Promise<OfficeFilingRow[]>
  }

export interface OfficeOptions {
  site: SiteData
  store: OfficeBackend
  /** The whole store, read by the staff exports (exports.ts). */
  filingStore: FilingStore
  dataDir: string
  clientDir: string
  session?: Partial<SessionPolicy>
  /** Sign-in attempts (throttle.ts), counted in the store (storeThrottle.ts). */
  throttle: SignInThrottle
  /** Clock of the office (tests of expiry and deadlines). */
  now?: () => Date
  /** OFICINA_2FA=admin: admin accounts must use their second factor. */
  twoFactor?: 'admin'
  /** POSTs per client address and window, as for the filing forms (RATE_LIMIT_MAX); none when absent. */
  rateLimit?: { max: number; timeWindow: number }
  /** E-mails to citizens on the answer, a forward and an extension (docs/decisions/office.md); none when absent. */
  notifier?: Notifier
  /** Longest wait at shutdown for citizens' e-mails still being sent and recorded (default 5 s). */
  shutdownMailWaitMs?: number
}

/** A signed-in staff member: the session's token and the account. */
export interface Signed {
  token: string
  account: AccountRow
}

/** What every part of the office shares: its settings, the session and the rules of access. */
export interface Office {
  site: SiteData
  store: OfficeBackend
  forms: OfficeForm[]
  policy: SessionPolicy
  throttle: SignInThrottle
  twoFactor?: 'admin'
  now(): Date
  /** The site's stylesheets and the office's own, for its pages. */
  styles: string[]
  css: string
  /** The rate limit of every office POST (docs/decisions/office.md). */
  postLimit: RouteShorthandOptions
  sessionOf(request: FastifyRequest): Promise<Signed | undefined>
  /** The signed-in account, or the API's 401. */
  requireApi(request: FastifyRequest): Promise<Signed>
  /** The signed-in account, or a 303 to /acceder (the page then returns the reply). */
  requirePage(request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>
  /** Native office forms carry the session's form token in `_xsrf`. */
  checkFormToken(request: FastifyRequest, s: Signed | undefined, field?: unknown): void
  ctxOf(s: Signed): PageContext
  maySee(account: AccountRow, formId: string): boolean
}

export function maySee(account: AccountRow, formId: string): boolean {
  return !account.formularios || account.formularios.includes(formId)
}

/** An HTML page of the office, one of the components of views/ beside it. */
export function sendPage(reply: FastifyReply, status: number, page: ReactElement): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(renderDocument(page))
}

export function createOffice(app: FastifyInstance, opts: OfficeOptions): Office {
  const { site, store } = opts
  const now = opts.now ?? (() => new Date())
  const styles = siteStylesheets(opts.clientDir)
  const sessionOf = async (request: FastifyRequest): Promise<Signed | undefined> => {
    const token = request.cookies[SESSION_COOKIE]
    if (!isTokenShape(token)) return undefined
    // biome-ignore lint/correctness/useHookAtTopLevel: the store's method, not a React hook
    const s = await store.useSession(tokenHash(token), now())
    return s ? { token, account: s.account } : undefined
  }
  return {
    site,
    store,
    // Every form of manifest/forms that is a filing (not the newsletter) is answered by the office.
    forms: site.filings.filter(f => f.clase === 'radicacion').map(f => ({ kind: f.kind, form: f.form })),
    policy: { ...DEFAULT_SESSION_POLICY, ...opts.session },
    throttle: opts.throttle,
    twoFactor: opts.twoFactor,
    now,
    styles,
    css: fs.readFileSync(path.join(import.meta.dirname, 'oficina.css'), 'utf8'),
    postLimit: opts.rateLimit ? { onRequest: app.rateLimit({ ...opts.rateLimit, groupId: 'oficina' }) } : {},
    sessionOf,
    async requireApi(request) {
      const s = await sessionOf(request)
      if (!s) throw apiError('unauthenticated')
      return s
    },
    async requirePage(request, reply) {
      const s = await sessionOf(request)
      if (!s) reply.code(303).redirect('/acceder', 303)
      return s
    },
    checkFormToken(request, s, field) {
      const given = field ?? plainFields(request.body)?._xsrf
      if (!s || typeof given !== 'string' || !sameSecret(given, formToken(s.token))) throw apiError('xsrf')
    },
    ctxOf: s => ({ siteName: site.siteName, styles, account: s.account, xsrf: formToken(s.token) }),
    maySee,
  }
}
