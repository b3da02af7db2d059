import type { PageContextServer } from 'vike/types'
import { loadValidManifestCached } from '../../manifest/load.ts'
import { buildPageData } from '../../renderer/pageData.ts'
import type { PageData } from '../../renderer/types.ts'

export function data(pageContext: PageContextServer): PageData {
  return buildPageData(loadValidManifestCached(), pageContext.routeParams.ruta!)
}
