import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FormDefinition } from '../manifest/types.generated.ts'
import { MSG } from './messages.ts'
import type { ServerFormId, SiteData } from './siteData.ts'

/**
 * The no-script path. The pre-rendered forms post natively to their endpoint
 * when the page's script is off or failed (`<form method="post" action=…>`,
 * url-encoded, or multipart for the clinical record). Such a post carries no
 * X-XSRF-TOKEN header and asks for HTML; it is answered with a small
 * server-rendered page instead of JSON. Anti-forgery on this path is the
 * Origin (or Referer) check of `isSameOriginPost`; see docs/decisions.md.
 */

/** Filing endpoints → the form each one receives. */
export const FORM_ENDPOINTS: ReadonlyMap<string, ServerFormId> = new Map<string, ServerFormId>([
  ['/api/pqrs', 'pqrsd'],
  ['/api/cita', 'cita'],
  ['/api/historia-clinica', 'historia-clinica'],
  ['/api/suscripcion', 'suscripcion'],
])

const URLENCODED = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'
const XSRF_HEADER = 'x-xsrf-token'

declare module 'fastify' {
  interface FastifyRequest {
    /** A browser form navigation without script to a filing endpoint (answered with HTML pages). */
    nativeForm: boolean
  }
}

function pathOf(url: string): string {
  const q = url.indexOf('?')
  const p = q === -1 ? url : url.slice(0, q)
  // The router ignores one trailing slash.
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p
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
export function formOfUrl(url: string): ServerFormId | undefined {
  return FORM_ENDPOINTS.get(pathOf(url))
}

/**
 * A POST the browser sends itself from a pre-rendered form: to a filing
 * endpoint, with a form encoding (never JSON), without the anti-forgery header
 * the page's script adds, and asking for HTML (a navigation). Anything else —
 * in particular every JSON call — stays on the double-submit cookie check.
 */
export function isNativeFormPost(request: FastifyRequest): boolean {
  if (request.method !== 'POST' || !formOfUrl(request.url)) return false
  if (request.headers[XSRF_HEADER] !== undefined) return false
  const accept = request.headers.accept
  if (typeof accept !== 'string' || !accept.toLowerCase().includes('text/html')) return false
  const type = mediaType(request)
  return type === URLENCODED || type === MULTIPART
}

/** This server's origin as the request reached it (scheme, host and port; X-Forwarded-* only with trustProxy). */
function ownOrigin(request: FastifyRequest): string | undefined {
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
 * can never send this host as its Origin (issue 13 #10). Another host, or
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

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The stylesheets of the built home page (Pico and the site's own), so the answers look like the site. */
export function siteStylesheets(clientDir: string): string[] {
  try {
    const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
    const out: string[] = []
    for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
      if (!/\brel=["']?stylesheet\b/i.test(tag)) continue
      const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1]
      // Only the site's own hashed files.
      if (href && /^\/_app\/[A-Za-z0-9._\-/]+\.css$/.test(href)) out.push(href)
    }
    return out
  } catch {
    return []
  }
}

export const CONFIRMATION_PATH = '/api/radicado'

/** A page path of this site to go back to (never another site, never the API). */
export function safeBack(path: string | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/api/') || /[\s\\]/.test(path)) return undefined
  return path
}

/** A same-origin page path of the Referer (the page the form was on), if any. */
function refererPath(request: FastifyRequest): string | undefined {
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

export interface NativeFormPages {
  /**
   * After a filing: 303 to the confirmation address (Post/Redirect/Get), so
   * reloading the confirmation never sends the form, and never files it, twice.
   */
  success(request: FastifyRequest, reply: FastifyReply, formId: ServerFormId, id: string): FastifyReply
  /** The confirmation page: 200 with the form's success text (`exito` with {id}). */
  confirmation(reply: FastifyReply, formId: ServerFormId, id: string, back: string | undefined): FastifyReply
  /** Error page: 400 with the field messages, or any other status with its message. */
  failure(request: FastifyRequest, reply: FastifyReply, status: number, message: string, fields: Record<string, string>): FastifyReply
}

export function createNativeFormPages(site: SiteData, clientDir: string): NativeFormPages {
  const styles = siteStylesheets(clientDir)
  const head = styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')

  const backTo = (request: FastifyRequest, formId: ServerFormId | undefined): string =>
    refererPath(request) ?? (formId ? site.formPages[formId] : undefined) ?? '/'

  const page = (title: string, body: string): string => `<!doctype html>
<html lang="es" data-theme="light">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(site.siteName)}</title>
${head}
</head>
<body>
<main id="contenido" class="container">
${body}
</main>
</body>
</html>
`

  const links = (back: string, backLabel: string): string => {
    const items = back === '/' ? [] : [`<li><a href="${escapeHtml(back)}">${escapeHtml(backLabel)}</a></li>`]
    items.push('<li><a href="/">Ir a la página de inicio</a></li>')
    return `<nav aria-label="Enlaces"><ul>\n${items.join('\n')}\n</ul></nav>`
  }

  const send = (reply: FastifyReply, status: number, html: string): FastifyReply =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)

  const formOf = (request: FastifyRequest): { id: ServerFormId | undefined; form: FormDefinition | undefined } => {
    const id = formOfUrl(request.url)
    return { id, form: id ? site.forms[id] : undefined }
  }

  return {
    success(request, reply, formId, id) {
      const query = new URLSearchParams({ formulario: formId, ...(id ? { id } : {}), volver: backTo(request, formId) })
      return reply.code(303).header('cache-control', 'no-store').redirect(`${CONFIRMATION_PATH}?${query}`, 303)
    },

    confirmation(reply, formId, id, back) {
      const form = site.forms[formId]
      const text = (form.exito ?? 'Solicitud radicada exitosamente con número: {id}').replaceAll('{id}', id)
      const body = `<h1>${escapeHtml(form.titulo)}</h1>
<div class="aviso-formulario aviso-exito" role="status"><div class="aviso-texto">${escapeHtml(text)}</div></div>
${formId === 'suscripcion' ? '' : `<p>${escapeHtml(MSG.nativeKeepNumber)}</p>\n`}${links(safeBack(back) ?? site.formPages[formId] ?? '/', formId === 'suscripcion' ? 'Volver a la página anterior' : 'Volver a la página del formulario')}`
      return send(reply, 200, page('Solicitud recibida', body))
    },

    failure(request, reply, status, message, fields) {
      const { id, form } = formOf(request)
      const back = backTo(request, id)
      const entries = Object.entries(fields)
      if (status === 400 && entries.length > 0) {
        const label = (name: string) => form?.campos.find((c) => c.nombre === name)?.etiqueta
        const items = entries
          .map(([name, msg]) => {
            const l = label(name)
            return `<li>${l ? `<strong>${escapeHtml(l)}:</strong> ` : ''}${escapeHtml(msg)}</li>`
          })
          .join('\n')
        const body = `<h1>${escapeHtml(form?.titulo ?? 'Formulario')}</h1>
<div class="resumen-errores" role="alert" aria-labelledby="titulo-errores">
<h2 id="titulo-errores">Hay errores en el formulario</h2>
<ul>
${items}
</ul>
</div>
<p>${escapeHtml(MSG.nativeNotKept)}</p>
<p>${escapeHtml(MSG.nativeFixAndResend)}</p>
${links(back, 'Volver al formulario')}`
        return send(reply, 400, page('Hay errores en el formulario', body))
      }
      const body = `<h1>No se pudo enviar el formulario</h1>
<div class="aviso-formulario aviso-error" role="alert"><div class="aviso-texto">${escapeHtml(message)}</div></div>
<p>${escapeHtml(status === 403 ? MSG.nativeForbiddenHelp : MSG.nativeNotStored)}</p>
${links(back, 'Volver al formulario')}`
      return send(reply, status, page('No se pudo enviar el formulario', body))
    },
  }
}
