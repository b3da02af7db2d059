import type { SiteMapNode } from '../../../manifest/siteMap.ts'
import { siteMapTree } from '../../../manifest/siteMap.ts'
import { defineSection } from '../module.ts'
import { MapaSitio } from './MapaSitio.tsx'

export default defineSection({
  tipo: 'mapaSitio',
  Component: MapaSitio,
  interactive: false,
  prepare: (s, { manifest }) => ({ ...s, tree: siteMapTree(manifest) }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «mapaSitio» section. */
  interface PreparedExtras {
    mapaSitio: { tree: SiteMapNode[] }
  }
}
