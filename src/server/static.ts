import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { MSG } from './messages.ts'

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

/**
 * Serves the pre-rendered site: `/ruta` and `/ruta/` answer `ruta/index.html`,
 * group paths with `redirigirA` answer 301 to their main child, anything else
 * the site's 404.html with status 404. API paths never fall into the site.
 */
export async function registerStatic(app: FastifyInstance, clientDir: string, redirects: Map<string, string>): Promise<void> {
  for (const [from, to] of redirects) {
    app.get(from, async (_request, reply) => reply.code(301).header('cache-control', CACHE.html).redirect(to, 301))
  }
  const hasSite = fs.existsSync(path.join(clientDir, 'index.html'))
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      redirect: false,
      wildcard: true,
      dotfiles: 'ignore',
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', cacheControlFor(path.relative(clientDir, filePath)))
      },
    })
  } else {
    app.log.warn('No se encontró el sitio compilado; solo se sirve la API (ejecute npm run build).')
  }
  const notFoundPage = path.join(clientDir, '404.html')
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api'
    if (isPage && hasSite && fs.existsSync(notFoundPage)) {
      return reply.code(404).header('cache-control', CACHE.html).sendFile('404.html', clientDir)
    }
    return reply.code(404).header('cache-control', 'no-store').send({ error: MSG.notFound, fields: {} })
  })
}
