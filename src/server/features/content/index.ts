/**
 * The site itself: the read-only content API (news, lookup lists, search;
 * api.ts) and the pre-rendered pages and files of the release being served
 * (staticFiles.ts), with the site's 404 page for any path no feature took.
 */
import type { FastifyInstance } from 'fastify'
import { type ContentOptions, contentApi } from './api.ts'
import { staticFiles } from './staticFiles.ts'

export type { ContentOptions }

export async function contentPlugin(app: FastifyInstance, opts: ContentOptions): Promise<void> {
  await app.register(contentApi, opts)
  await app.register(staticFiles, { root: opts.root, redirects: opts.site.redirects })
}
