import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { FooterPhone } from '../../manifest/placeholders.ts'
import type { SearchDoc } from '../../search/types.ts'
import type { SiteRoot } from '../releases.ts'
import { servedSearch, type SiteData } from '../siteData.ts'

/** Id of the <noscript> of the pre-rendered /buscar page (src/renderer/sections/busqueda/Busqueda.tsx, NO_JS_RESULTS_ID). */
const NO_JS_RESULTS_ID = 'resultados-sin-js'

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The same markup as the page's own result list (class names shared with its styles). */
function resultHtml(r: SearchDoc): string {
  const external = /^https?:\/\//.test(r.route)
  const link = external
    ? `<a href="${esc(r.route)}" target="_blank" rel="noopener noreferrer">${esc(r.title)}<span class="visually-hidden"> (abre en una ventana nueva)</span></a>`
    : `<a href="${esc(r.route)}">${esc(r.title)}</a>`
  return `<li><article class="resultado-busqueda"><h3>${link}</h3><p class="ruta-resultado">${esc(r.route)}</p>${r.abstract ? `<p>${esc(r.abstract)}</p>` : ''}<dl class="meta-resultado"><div><dt>Categoría</dt><dd>${esc(r.category)}</dd></div><div><dt>Tipo</dt><dd>${esc(r.ti_doc)}</dd></div>${r.date ? `<div><dt>Fecha</dt><dd>${esc(r.date)}</dd></div>` : ''}</dl></article></li>`
}

function helpHtml(phones: FooterPhone[]): string {
  const items = phones.map((t) => `<li><strong>${esc(t.etiqueta)}:</strong> <a href="${esc(t.href)}">${esc(t.numero)}</a>${t.horario ? ` (${esc(t.horario)})` : ''}</li>`)
  items.push('<li><a href="/pqrsd">Radicar una petición, queja, reclamo, sugerencia o denuncia (PQRSD)</a></li>', '<li><a href="/citas">Solicitar una cita médica</a></li>')
  return `<div class="ayuda-busqueda"><p>¿No encontró lo que buscaba? Llámenos o use estos servicios:</p><ul>${items.join('')}</ul></div>`
}

/**
 * /buscar?q= for visitors without JavaScript: the pre-rendered search page
 * with the results of the same search function (src/search) filled into its
 * <noscript>; browsers with JavaScript ignore it and search in the page.
 * Registered before the static files; /buscar without a query is the page as built.
 */
export async function searchPageRoutes(app: FastifyInstance, site: SiteData, root: SiteRoot): Promise<void> {
  const search = servedSearch(root, site.searchDocs)
  app.get<{ Querystring: { q?: unknown } }>('/buscar', async (request, reply: FastifyReply) => {
    const raw = request.query.q
    const q = (typeof raw === 'string' ? raw : '').trim().slice(0, 100)
    const file = path.join(root.current(), 'buscar', 'index.html')
    if (!fs.existsSync(file)) return reply.callNotFound()
    const page = fs.readFileSync(file, 'utf8')
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    if (q.length < 2) return reply.send(page)
    const results = search(q)
    const status =
      results.length === 0
        ? `No se encontraron resultados para «${q}». Pruebe con otras palabras o revise la ortografía.`
        : `${results.length === 1 ? 'Se encontró 1 resultado' : `Se encontraron ${results.length} resultados`} para «${q}».`
    const body =
      `<h2>Busqueda: ${esc(q)}</h2><p class="estado-busqueda">${esc(status)}</p>` +
      (results.length === 0 ? helpHtml(site.searchHelpPhones) : `<ol class="resultados-busqueda" aria-label="${esc(`Resultados de la búsqueda «${q}»`)}">${results.map(resultHtml).join('')}</ol>`)
    const marker = `<noscript id="${NO_JS_RESULTS_ID}"></noscript>`
    return reply.send(page.replace(marker, `<noscript id="${NO_JS_RESULTS_ID}">${body}</noscript>`))
  })
}
