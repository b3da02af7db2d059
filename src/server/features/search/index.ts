import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { NO_JS_RESULTS_ID, NoScriptSearch } from '../../../views/SearchResults.tsx'
import type { SiteRoot } from '../../releases.ts'
import { servedSearch, type SiteData } from '../../siteData.ts'

export interface SearchOptions {
  site: SiteData
  root: SiteRoot
}

/** Longest query searched (the page's own field allows 100 characters). */
const MAX_QUERY = 100

const querySchema = {
  type: 'object',
  properties: { q: { type: 'string' } },
} as const

/**
 * /buscar?q= for visitors without JavaScript (register with prefix '/buscar'):
 * the pre-rendered search page with the results of the same search function
 * (src/search) rendered by the page's own result components
 * (src/views/SearchResults.tsx) into its <noscript>; browsers with JavaScript
 * ignore it and search in the page. /buscar without a query is the page as built.
 */
export async function searchPlugin(app: FastifyInstance, opts: SearchOptions): Promise<void> {
  const { site, root } = opts
  const search = servedSearch(root)
  app.get<{ Querystring: { q?: string } }>('/', { schema: { querystring: querySchema } }, async (request, reply) => {
    const q = (request.query.q ?? '').trim().slice(0, MAX_QUERY)
    const file = path.join(root.current(), 'buscar', 'index.html')
    if (!fs.existsSync(file)) return reply.callNotFound()
    const page = fs.readFileSync(file, 'utf8')
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    if (q.length < 2) return reply.send(page)
    const body = renderToStaticMarkup(createElement(NoScriptSearch, { query: q, results: search(q), phones: site.searchHelpPhones }))
    const marker = `<noscript id="${NO_JS_RESULTS_ID}"></noscript>`
    return reply.send(page.replace(marker, () => `<noscript id="${NO_JS_RESULTS_ID}">${body}</noscript>`))
  })
}
