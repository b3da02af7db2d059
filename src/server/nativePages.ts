import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { createElement, type ReactElement } from 'react'
import type { FilingForm } from '../manifest/filingForms.ts'
import type { FormDefinition } from '../manifest/types.generated.ts'
import { IDENTITY_HREF } from '../manifest/siteIdentity.ts'
import type { Receipt } from '../forms/receipt.ts'
import { MSG } from './http/messages.ts'
import { CONFIRMATION_PATH, filingEndpoints, formOfUrl, refererPath, safeBack } from './http/noScript.ts'
import type { SiteData } from './siteData.ts'
import { ConfirmationBody, NativeConfirmation, NativeFailure, NativeFieldErrors, RefillFieldMessage, RefillSummary } from './views/NativeAnswers.tsx'
import { documentHtml, refillForm, replaceMain, retitle, sitePage } from './sitePageFrame.ts'
import { typedOf } from './http/typedValues.ts'
import { isFileControl } from '../forms/compileFormSchema.ts'
import { renderToStaticMarkup } from 'react-dom/server'
import { renderDocument } from './views/ServerDocument.tsx'

/**
 * The no-script path, answer side: small server-rendered Spanish pages for a
 * form the browser posted itself (see http/noScript.ts for how such a post is
 * recognized), written by the components of views/NativeAnswers.tsx (React
 * escapes every value from the request or the store).
 */

/** The stylesheets of the built home page (Pico and the site's own), so the answers look like the site. */
export function siteStylesheets(clientDir: string): string[] {
  try {
    const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
    const out: string[] = []
    for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
      if (!/\brel=["']?stylesheet\b/i.test(tag)) continue
      const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1]
      // Only the site's own hashed files, and its identity style sheet (identidad in site.yaml) with its version.
      // A copy, not the match: V8 keeps a matched substring as a slice of the whole page, and every site in memory
      // would hold its home page twice (docs/decisions/platform.md, «Memory flat in the number of sites»).
      if (href && (/^\/_app\/[A-Za-z0-9._\-/]+\.css$/.test(href) || IDENTITY_HREF.test(href))) out.push(Buffer.from(href, 'utf8').toString('utf8'))
    }
    return out
  } catch {
    return []
  }
}

export interface NativeFormPages {
  /**
   * After a filing: 303 to the confirmation address (Post/Redirect/Get), so
   * reloading the confirmation never sends the form, and never files it, twice.
   */
  success(request: FastifyRequest, reply: FastifyReply, filing: FilingForm, id: string, receiptToken?: string): FastifyReply
  /** The confirmation page: 200 with the form's success text (`exito` with {id}), then the receipt when still held. */
  confirmation(reply: FastifyReply, filing: FilingForm, id: string, back: string | undefined, receipt?: Receipt): FastifyReply
  /** Error page: 400 with the field messages, or any other status with its message. */
  failure(request: FastifyRequest, reply: FastifyReply, status: number, message: string, fields: Record<string, string>): FastifyReply
}

export function createNativeFormPages(site: SiteData, clientDir: string, root: () => string = () => clientDir): NativeFormPages {
  const frame = { siteName: site.siteName, styles: siteStylesheets(clientDir) }
  const endpoints = filingEndpoints(site.filings)
  const pageOf = (filing: FilingForm | undefined): string | undefined =>
    filing && Object.hasOwn(site.formPages, filing.form.id) ? site.formPages[filing.form.id] : undefined

  const backTo = (request: FastifyRequest, filing: FilingForm | undefined): string => refererPath(request) ?? pageOf(filing) ?? '/'

  const send = (reply: FastifyReply, status: number, page: ReactElement): FastifyReply =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(page))
  const sendHtml = (reply: FastifyReply, status: number, html: string): FastifyReply =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  const framed = (route: string | undefined, title: string, body: ReactElement) => framedPage(root(), site.siteName, route, title, body)
  const refilled = (request: FastifyRequest, filing: FilingForm, fields: Record<string, string>) => {
    const route = pageOf(filing)
    return route === undefined ? undefined : refilledPage(root(), route, filing.form, typedOf(request), fields)
  }

  return {
    success(request, reply, filing, id, receiptToken) {
      const query = new URLSearchParams({
        formulario: filing.form.id,
        ...(id ? { id } : {}),
        ...(receiptToken ? { recibo: receiptToken } : {}),
        volver: backTo(request, filing),
      })
      return reply.code(303).header('cache-control', 'no-store').redirect(`${CONFIRMATION_PATH}?${query}`, 303)
    },

    confirmation(reply, filing, id, back, receipt) {
      const form = filing.form
      // The spec's success text verbatim in its own paragraph, then the receipt (docs/decisions/server-structure.md).
      const text = (form.exito ?? 'Solicitud radicada exitosamente con número: {id}').replaceAll('{id}', id)
      const props = { frame, titulo: form.titulo, text, subscription: filing.clase === 'suscripcion', receipt, back: safeBack(back) ?? pageOf(filing) ?? '/' }
      // Inside the site's frame, as every other page; the plain page only when no built page can be read.
      const html = framed(pageOf(filing), 'Solicitud recibida', createElement(ConfirmationBody, props))
      return html ? sendHtml(reply, 200, html) : send(reply, 200, createElement(NativeConfirmation, props))
    },

    failure(request, reply, status, message, fields) {
      const filing = formOfUrl(endpoints, request.url)
      const back = backTo(request, filing)
      const entries = Object.entries(fields)
      if (status === 400 && entries.length > 0) {
        const html = filing ? refilled(request, filing, fields) : undefined
        if (html) return sendHtml(reply, 400, html)
        const label = (name: string) => filing?.form.campos.find(c => c.nombre === name)?.etiqueta
        const items = entries.map(([name, msg]) => ({ label: label(name), message: msg }))
        return send(reply, 400, createElement(NativeFieldErrors, { frame, titulo: filing?.form.titulo ?? 'Formulario', items, back }))
      }
      const help = status === 403 ? MSG.nativeForbiddenHelp : filing ? MSG.nativeNotStored : undefined
      return send(reply, status, createElement(NativeFailure, { frame, message, help, back }))
    },
  }
}

/** A page of the site with `body` as its main content and `title` (GOV.CO bar, header, footer); undefined without a built page. */
function framedPage(root: string, siteName: string, route: string | undefined, title: string, body: ReactElement): string | undefined {
  const doc = sitePage(root, route ?? '/') ?? sitePage(root, '/')
  if (!doc || !replaceMain(doc, renderToStaticMarkup(body))) return undefined
  retitle(doc, () => `${title} | ${siteName}`)
  return documentHtml(doc)
}

/** The form's own page, filled in with what was typed, each field's message and the summary (GOV.UK's pattern). */
function refilledPage(root: string, route: string, form: FormDefinition, typed: Record<string, string>, fields: Record<string, string>): string | undefined {
  const doc = sitePage(root, route)
  if (!doc) return undefined
  const items = form.campos.filter(c => fields[c.nombre] !== undefined).map(c => ({ targetId: `${form.id}-${c.nombre}`, message: fields[c.nombre]! }))
  const summary = renderToStaticMarkup(createElement(RefillSummary, { formId: form.id, items, reattach: form.campos.some(isFileControl) }))
  const fieldError = (id: string, message: string) => renderToStaticMarkup(createElement(RefillFieldMessage, { id, message }))
  if (items.length === 0 || !refillForm(doc, form, { typed, errors: fields, summary, fieldError })) return undefined
  retitle(doc, t => `Error: ${t}`)
  return documentHtml(doc)
}
