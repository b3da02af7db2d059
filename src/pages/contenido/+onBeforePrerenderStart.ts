import { loadValidManifestCached } from '../../manifest/load.ts'
import { announcesConfigLoaded, inShare, planShare, SHARE_CONFIG_LOADED } from '../../renderer/prerenderShard.ts'

/** Every manifest route (Vike routes each to the plain-HTML or the hydrated page); in a process started for one share of a large site, that share's routes only. */
export function onBeforePrerenderStart(): string[] {
  const routes = loadValidManifestCached().pages.map(p => p.data.ruta)
  const share = planShare()
  // Vike's configuration is loaded by now: the build may start the next share, or another build's Vike process
  // may load its own (see SHARE_CONFIG_LOADED).
  if (share || announcesConfigLoaded()) console.log(SHARE_CONFIG_LOADED)
  if (!share) return routes
  return inShare(routes, r => r, share)
}
