import type { PrerenderContext } from 'vike/types'
import { planShare } from '../renderer/prerenderShard.ts'

/**
 * The pages of a share are chosen where their URLs are listed (contenido/+onBeforePrerenderStart.ts), so a
 * process routes only its own; the 404 page, which Vike adds to every process's list, is written by the first.
 */
export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const share = planShare()
  if (!share || share.index === 0) return undefined
  return { prerenderContext: { pageContexts: prerenderContext.pageContexts.filter(p => !p.is404) } }
}
