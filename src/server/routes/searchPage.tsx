import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { renderToStaticMarkup } from 'react-dom/server'
import { createSearcher } from '../../search/search.ts'
import { NO_JS_RESULTS_ID, NoResultsHelp, ResultList } from '../../renderer/sections/busqueda/Busqueda.tsx'
import type { SiteData } from '../siteData.ts'
import type { SiteRoot } from '../releases.ts'

/**
 * /buscar?q= for visitors without JavaScript: the pre-rendered search page
 * with the results of the same search function filled into its <noscript>
 * (browsers with JavaScript ignore it and search in the page as before).
 * Registered before the static files, so only this path with a query is
 * answered here.
 */
export async function searchPageRoutes(app: FastifyInstance, site: SiteData, root: SiteRoot): Promise<void> {
  const search = createSearcher(site.searchDocs)
  const handler = async (request: { query: { q?: unknown } }, reply: import('fastify').FastifyReply) => {
    const raw = request.query.q
    const q = (typeof raw === 'string' ? raw : '').trim().slice(0, 100)
    const file = path.join(root.current(), 'buscar', 'index.html')
    if (!fs.existsSync(file)) return reply.callNotFound()
    const page = fs.readFileSync(file, 'utf8')
    if (!q) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
    const results = search(q)
    const status = results.length === 0 ? `No se encontraron resultados para «${q}». Pruebe con otras palabras o revise la ortografía.` : `${results.length === 1 ? 'Se encontró 1 resultado' : `Se encontraron ${results.length} resultados`} para «${q}».`
    const body = renderToStaticMarkup(
      <>
        <h2>{`Busqueda: ${q}`}</h2>
        <p className="estado-busqueda">{status}</p>
        {results.length === 0 ? <NoResultsHelp phones={site.searchHelpPhones} /> : <ResultList query={q} results={results} />}
      </>,
    )
    const marker = `<noscript id="${NO_JS_RESULTS_ID}"></noscript>`
    const filled = page.replace(marker, `<noscript id="${NO_JS_RESULTS_ID}">${body}</noscript>`)
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(filled)
  }
  app.get<{ Querystring: { q?: unknown } }>('/buscar', handler)
}
