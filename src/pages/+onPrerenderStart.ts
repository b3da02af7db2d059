import type { PrerenderContext } from 'vike/types'
import { inShare, parsePrerenderShare, PRERENDER_SHARE_ENV } from '../renderer/prerenderShard.ts'

/** In a pre-rendering process started for one share of the pages (see src/renderer/prerenderShard.ts), only that share is rendered. */
export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const share = parsePrerenderShare(process.env[PRERENDER_SHARE_ENV])
  if (!share) return undefined
  return { prerenderContext: { pageContexts: inShare(prerenderContext.pageContexts, (p) => p.urlOriginal, share) } }
}
