import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { MSG } from '../../http/messages.ts'
import type { SiteRoot } from '../../releases.ts'

export const CACHE = {
  /** Vite's hashed files never change under the same name. */
  immutable: 'public, max-age=31536000, immutable',
  /** Pages: the browser may keep them but must ask (ETag / Last-Modified) each time. */
  html: 'no-cache',
  /** Staff documents: may be replaced under the same name, so a short life, then revalidate. */
  assets: 'public, max-age=600, must-revalidate',
} as const

function cacheControlFor(relPath: string): string {
  const p = relPath.split(path.sep).join('/')
  if (p.startsWith('_app/')) return CACHE.immutable
  if (p.startsWith('assets/')) return CACHE.assets
  return CACHE.html
}

/** `ruta/…` of a request, or undefined when it may not name a file of the site (hidden, outside, malformed). */
function requestedPath(url: string): string | undefined {
  const q = url.indexOf('?')
  let rel: string
  try {
    rel = decodeURIComponent(q === -1 ? url : url.slice(0, q))
  } catch {
    return undefined
  }
  const segments = rel.split('/').filter(Boolean)
  if (rel.includes('\0') || rel.includes('\\') || segments.some(s => s.startsWith('.'))) return undefined
  return segments.join('/')
}

/**
 * The file that answers `rel` in `dir`: the file itself, or the folder's index.html. Never a file outside `dir`,
 * even through a link inside it: what is served is only the release being served.
 */
function fileIn(dir: string, rel: string): string | undefined {
  for (const candidate of rel === '' ? ['index.html'] : [rel, `${rel}/index.html`]) {
    try {
      const real = fs.realpathSync(path.join(dir, candidate))
      const inside = path.relative(fs.realpathSync(dir), real)
      if (inside.startsWith('..') || path.isAbsolute(inside)) continue
      if (fs.statSync(real).isFile()) return candidate
    } catch {
      // not there: try the next form
    }
  }
  return undefined
}

/**
 * Serves the pre-rendered site: `/ruta` and `/ruta/` answer `ruta/index.html`,
 * group paths with `redirigirA` answer 301 to their main child, anything else
 * the site's 404.html with status 404. API paths never fall into the site.
 *
 * The folder is asked for on every request (`SiteRoot`), so `npm run publicar` can switch the
 * running server to a new build. A hashed file (`_app/…`) missing from the new build is looked up in
 * the previous one: a page loaded just before the switch still gets its own scripts and styles.
 */
export async function staticFiles(app: FastifyInstance, { root, redirects }: { root: SiteRoot; redirects: Map<string, string> }): Promise<void> {
  for (const [from, to] of redirects) {
    app.get(from, async (_request, reply) => reply.code(301).header('cache-control', CACHE.html).redirect(to, 301))
  }
  if (!fs.existsSync(path.join(root.current(), 'index.html'))) {
    app.log.warn('No se encontró el sitio compilado; solo se sirve la API (ejecute npm run build).')
  }
  await app.register(fastifyStatic, {
    root: root.current(),
    serve: false,
    dotfiles: 'ignore',
    cacheControl: false,
    etag: true,
    lastModified: true,
  })
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const rel = requestedPath(request.url)
      if (rel === undefined) return reply.callNotFound()
      const dirs = rel.startsWith('_app/') ? root.candidates() : [root.current()]
      for (const dir of dirs) {
        const file = fileIn(dir, rel)
        if (!file) continue
        reply.header('cache-control', cacheControlFor(file))
        return reply.sendFile(file, dir)
      }
      return reply.callNotFound()
    },
  })
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api'
    const dir = root.current()
    if (isPage && fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, '404.html'))) {
      return reply.code(404).header('cache-control', CACHE.html).sendFile('404.html', dir)
    }
    return reply.code(404).header('cache-control', 'no-store').send({ error: MSG.notFound, fields: {} })
  })
}
