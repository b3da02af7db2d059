/**
 * The site itself: the read-only content API (news, lookup lists, search;
 * api.ts) and the pre-rendered pages and files of the release being served
 * (staticFiles.ts), with the site's 404 page for any path no feature took.
 */
import type { FastifyInstance } from 'fastify'
import type { SiteRoot } from '../../releases.ts'
import type { SiteData } from '../../siteData.ts'
import { contentApi } from './api.ts'
import { staticFiles } from './staticFiles.ts'

export interface ContentOptions {
  site: SiteData
  /** The folder of the release served, asked for on every request (`npm run publicar` switches it). */
  root: SiteRoot
}

export async function contentPlugin(app: FastifyInstance, opts: ContentOptions): Promise<void> {
  await app.register(contentApi, opts)
  await app.register(staticFiles, { root: opts.root, redirects: opts.site.redirects })
}
