import { loadValidManifestCached } from '../../manifest/load.ts'

export function onBeforePrerenderStart(): string[] {
  return loadValidManifestCached().pages.map((p) => p.data.ruta)
}
