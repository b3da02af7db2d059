import type { FastifyRequest } from 'fastify'
import { XSRF_HEADER_LOWER } from '../../forms/xsrf.ts'
import type { FilingForm } from '../../manifest/filingForms.ts'
import { routeOf } from '../../manifest/urls.ts'

/**
 * The no-script path, request side: recognizing a form the browser posted
 * itself. The pre-rendered forms (and the office's pages) post natively when
 * the page's script is off or failed (`<form method="post" action=…>`,
 * url-encoded, or multipart for a form with a file). Such a post carries no
 * X-XSRF-TOKEN header and asks for HTML; the feature answers it with pages
 * instead of JSON. A route opts in with `config: NO_SCRIPT_FORM`; anti-forgery
 * on this path is the Origin (or Referer) check of `isSameOriginPost`
 * (security.ts); see docs/decisions/server-structure.md.
 */

const URLENCODED = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'

export const CONFIRMATION_PATH = '/api/radicado'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also takes a form the browser posts itself, without script (see isNoScriptPost). */
    noScriptForm?: boolean
  }
}

/** Route config of a POST route that also takes a form posted without script. */
export const NO_SCRIPT_FORM = { noScriptForm: true } as const

/** Filing endpoint → the form it receives. */
export type FilingEndpoints = ReadonlyMap<string, FilingForm>

export function filingEndpoints(filings: readonly FilingForm[]): FilingEndpoints {
  return new Map(filings.map(f => [f.endpoint, f]))
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(request: FastifyRequest): string {
  const ct = request.headers['content-type']
  return typeof ct === 'string' ? ct.split(';')[0]!.trim().toLowerCase() : ''
}

export function isUrlEncoded(request: FastifyRequest): boolean {
  return mediaType(request) === URLENCODED
}

/** The form a filing endpoint receives, if the URL is one. */
export function formOfUrl(endpoints: FilingEndpoints, url: string): FilingForm | undefined {
  // The router ignores one trailing slash, so does this.
  return endpoints.get(routeOf(url))
}

/**
 * A POST the browser sends itself from a form, to a route that takes such
 * posts (`config: NO_SCRIPT_FORM`): a form encoding (never JSON), without the
 * anti-forgery header the page's script adds, and asking for HTML (a
 * navigation). Anything else — in particular every JSON call — stays on the
 * double-submit cookie check. Each feature asks this of its own requests.
 */
export function isNoScriptPost(request: FastifyRequest): boolean {
  if (request.method !== 'POST' || request.routeOptions.config?.noScriptForm !== true) return false
  if (request.headers[XSRF_HEADER_LOWER] !== undefined) return false
  const accept = request.headers.accept
  if (typeof accept !== 'string' || !accept.toLowerCase().includes('text/html')) return false
  const type = mediaType(request)
  return type === URLENCODED || type === MULTIPART
}

/** This server's origin as the request reached it (scheme, host and port; X-Forwarded-* only with trustProxy). */
export function ownOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return undefined
  }
}

function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Anti-forgery of the no-script path: the browser states where the form was
 * posted from in `Origin` (or, when a browser leaves it out, in `Referer`);
 * a page of another site cannot forge either. Missing, `null` or foreign →
 * refused. When the browser sends `Sec-Fetch-Site`, it must say same-origin.
 *
 * Behind a proxy that terminates HTTPS without TRUST_PROXY, the server sees
 * http while the browser says https://: the same host (name and port) over
 * https is accepted then, since only the scheme differs and a cross-site page
 * can never send this host as its Origin (docs/decisions/security.md). Another host, or
 * another port, is still refused.
 */
export function isSameOriginPost(request: FastifyRequest): boolean {
  const own = ownOrigin(request)
  if (!own) return false
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string' && site !== 'same-origin') return false
  const origin = request.headers.origin
  const referer = request.headers.referer
  const source = typeof origin === 'string' && origin !== '' ? origin : typeof referer === 'string' && referer !== '' ? referer : undefined
  const claimed = source === undefined ? undefined : originOf(source)
  if (claimed === undefined) return false
  if (claimed === own) return true
  return request.protocol === 'http' && claimed === own.replace(/^http:/, 'https:').replace(/:80$/, '')
}

/** Keys that must never become properties of a plain object. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The parsed url-encoded body as a plain object; undefined when it holds a key that could touch a prototype. */
export function plainFields(body: unknown): Record<string, unknown> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (UNSAFE_KEYS.has(key)) return undefined
    out[key] = value
  }
  return out
}

/** A page path of this site to go back to (never another site, never the API). */
export function safeBack(path: string | undefined): string | undefined {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/api/') || /[\s\\]/.test(path)) return undefined
  return path
}

/** A same-origin page path of the Referer (the page the form was on), if any. */
export function refererPath(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer
  if (typeof referer !== 'string' || referer === '') return undefined
  try {
    const url = new URL(referer)
    if (url.origin !== ownOrigin(request)) return undefined
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('//')) return undefined
    return url.pathname
  } catch {
    return undefined
  }
}
