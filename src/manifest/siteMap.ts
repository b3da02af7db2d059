import type { Manifest } from './load.ts'
import type { PageManifest } from './types.generated.ts'

export interface SiteMapNode {
  ruta: string
  etiqueta: string
  hijos: SiteMapNode[]
}

/** The pages of the site map (HTML section and sitemap.xml): redirects and pages marked `enMapa: false` are left out. */
export function pagesInSiteMap(manifest: Manifest): PageManifest[] {
  return manifest.pages.map(p => p.data).filter(p => !p.redirigirA && p.enMapa !== false)
}

/** Pages of the site map as a tree by route. */
export function siteMapTree(manifest: Manifest): SiteMapNode[] {
  const pages = pagesInSiteMap(manifest)
  const byRoute = new Map(pages.map(p => [p.ruta, { ruta: p.ruta, etiqueta: p.etiqueta, hijos: [] as SiteMapNode[] }]))
  const roots: SiteMapNode[] = []
  for (const node of [...byRoute.values()].sort((a, b) => a.ruta.localeCompare(b.ruta))) {
    let parent: SiteMapNode | undefined
    const parts = node.ruta.split('/').filter(Boolean)
    for (let i = parts.length - 1; i > 0 && !parent; i--) parent = byRoute.get('/' + parts.slice(0, i).join('/'))
    if (parent && node.ruta !== '/') parent.hijos.push(node)
    else roots.push(node)
  }
  return roots
}
