import type { FastifyInstance } from 'fastify'
import { HOME_NEWS_COUNT } from '../../../news/news.ts'
import { servedSearch } from '../../siteData.ts'
import type { SiteRoot } from '../../releases.ts'
import type { SiteData } from '../../siteData.ts'

/** What the content feature is built from (index.ts registers this API and the static files with it). */
export interface ContentOptions {
  site: SiteData
  /** The folder of the release served, asked for on every request (`npm run publicar` switches it). */
  root: SiteRoot
}

/** The lookup lists of spec §7, in the order the site needs them. */
export const LOOKUP_PATHS = ['tipo-solicitud', 'tipo-persona', 'tipo-identificacion', 'tipo-respuesta', 'tipo-servicio', 'tipo-jornada'] as const

const API_READ_CACHE = 'no-cache'

/** Read-only endpoints: news, lookup lists and search, all from the manifest the site was built from. */
/** `q` as a list: a repeated `q` is answered with its first value, never an error (ajv wraps a single value). */
const searchQuery = { type: 'object', properties: { q: { type: 'array', items: { type: 'string' } } } } as const

export async function contentApi(app: FastifyInstance, { site, root }: ContentOptions): Promise<void> {
  const news = site.news.map(n => ({
    id: n.id,
    encabezado: n.encabezado ?? '',
    titulo: n.titulo,
    dependencia: n.dependencia,
    cuerpo: n.cuerpo,
    fechaCreacion: n.fechaCreacion,
  }))
  app.get('/api/noticias', async (_req, reply) => reply.header('cache-control', API_READ_CACHE).send(news))
  app.get('/api/noticias/review', async (_req, reply) => reply.header('cache-control', API_READ_CACHE).send(news.slice(0, HOME_NEWS_COUNT)))

  const names = new Set<string>([...LOOKUP_PATHS, ...Object.keys(site.lookups.listas ?? {})])
  for (const name of names) {
    if (!/^[a-z0-9-]+$/.test(name)) continue
    const list = (site.lookups.listas?.[name] ?? []).map(o => ({ id: o.id, name: o.nombre }))
    app.get(`/api/${name}`, async (_req, reply) => reply.header('cache-control', API_READ_CACHE).send(list))
  }

  const search = servedSearch(root)
  app.get<{ Querystring: { q?: string[] } }>('/api/search', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const q = request.query.q?.[0] ?? ''
    const results = search(q.slice(0, 200)).map(d => ({
      route: d.route,
      title: d.title,
      date: d.date,
      abstract: d.abstract,
      category: d.category,
      ti_doc: d.ti_doc,
    }))
    return reply.header('cache-control', API_READ_CACHE).send(results)
  })
}
