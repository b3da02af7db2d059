import fs from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FilingForm } from '../manifest/filingForms.ts'
import { RECEIPT_PDF_API, RECEIPT_PDF_BUTTON, receiptLines, type Receipt } from '../forms/receipt.ts'
import { MSG } from './http/messages.ts'
import { CONFIRMATION_PATH, filingEndpoints, formOfUrl, refererPath, safeBack } from './http/noScript.ts'
import type { SiteData } from './siteData.ts'

/**
 * The no-script path, answer side: small server-rendered Spanish pages for a
 * form the browser posted itself (see http/noScript.ts for how such a post is
 * recognized). Every value from the request or the store is escaped.
 */

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** «Descargar constancia (PDF)» on the no-script confirmation (issue 26 item 8): a plain form POST with the number and the code. */
function receiptPdfForm(r: Receipt): string {
  return `<form method="post" action="${RECEIPT_PDF_API}" class="descarga-constancia"><input type="hidden" name="radicado" value="${escapeHtml(r.id)}"><input type="hidden" name="codigo" value="${escapeHtml(r.codigo)}"><button type="submit" class="secondary">${escapeHtml(RECEIPT_PDF_BUTTON)}</button></form>`
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

export function createNativeFormPages(site: SiteData, clientDir: string): NativeFormPages {
  const styles = siteStylesheets(clientDir)
  const head = styles.map(href => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')
  const endpoints = filingEndpoints(site.filings)
  const pageOf = (filing: FilingForm | undefined): string | undefined =>
    filing && Object.hasOwn(site.formPages, filing.form.id) ? site.formPages[filing.form.id] : undefined

  const backTo = (request: FastifyRequest, filing: FilingForm | undefined): string => refererPath(request) ?? pageOf(filing) ?? '/'

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
      const subscription = filing.clase === 'suscripcion'
      const text = (form.exito ?? 'Solicitud radicada exitosamente con número: {id}').replaceAll('{id}', id)
      // The spec's success text verbatim in its own paragraph, then the receipt (issue 12).
      const lines = receipt
        ? receiptLines(receipt)
            .map(l => `<p class="recibo-linea">${escapeHtml(l)}</p>`)
            .join('\n')
        : ''
      const keep = subscription
        ? ''
        : receipt
          ? `<p>${escapeHtml(MSG.nativePrint)}</p>\n${receiptPdfForm(receipt)}\n`
          : `<p>${escapeHtml(MSG.nativeKeepNumber)}</p>\n`
      const body = `<h1>${escapeHtml(form.titulo)}</h1>
<div class="aviso-formulario aviso-exito recibo" role="status"><div class="aviso-texto"><p>${escapeHtml(text)}</p>${lines ? `\n${lines}` : ''}</div></div>
${keep}${links(safeBack(back) ?? pageOf(filing) ?? '/', subscription ? 'Volver a la página anterior' : 'Volver a la página del formulario')}`
      return send(reply, 200, page('Solicitud recibida', body))
    },

    failure(request, reply, status, message, fields) {
      const filing = formOfUrl(endpoints, request.url)
      const form = filing?.form
      const back = backTo(request, filing)
      const entries = Object.entries(fields)
      if (status === 400 && entries.length > 0) {
        const label = (name: string) => form?.campos.find(c => c.nombre === name)?.etiqueta
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
${filing || status === 403 ? `<p>${escapeHtml(status === 403 ? MSG.nativeForbiddenHelp : MSG.nativeNotStored)}</p>` : ''}
${links(back, 'Volver al formulario')}`
      return send(reply, status, page('No se pudo enviar el formulario', body))
    },
  }
}
