import type { Manifest } from '../manifest/load.ts'
import { itaMatrixFiles } from '../manifest/itaMatrix.ts'
import { openDataFiles } from '../manifest/openData.ts'
import { IDENTITY_STYLESHEET, identityStylesheet } from '../manifest/siteIdentity.ts'
import { pagesInSiteMap } from '../manifest/siteMap.ts'
import { buildSearchIndex } from '../search/buildIndex.ts'
import { isInteractivePage } from './interactivity.ts'
import { sectionsText } from './searchText.ts'

function sitemapXml(manifest: Manifest): string {
  const base = manifest.site?.data.urlPublica ?? ''
  const lastmod = manifest.site?.data.ultimaActualizacion
  const urls = pagesInSiteMap(manifest)
    .map(p => p.ruta)
    .sort()
    .map(r => `  <url><loc>${base}${r}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

function robotsTxt(manifest: Manifest): string {
  const base = manifest.site?.data.urlPublica ?? ''
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`
}

/** Relative path → content of every file derived from the manifest at build time (all git-ignored). */
export function generatedFiles(manifest: Manifest): Record<string, string> {
  const routes = (interactive: boolean) =>
    manifest.pages
      .filter(p => isInteractivePage(p.data) === interactive)
      .map(p => p.data.ruta)
      .sort()
  return {
    // Two Vike pages share the manifest's routes, keyed by their folders: src/pages/contenido (plain HTML), src/pages/interactivo (hydrated by React).
    'src/generated/routes.json': JSON.stringify({ contenido: routes(false), interactivo: routes(true) }) + '\n',
    'public/sitemap.xml': sitemapXml(manifest),
    'public/robots.txt': robotsTxt(manifest),
    // Fetched by /buscar only when a visitor searches; also loaded by the API's /api/search.
    'public/search-index.json': JSON.stringify(buildSearchIndex(manifest, sectionsText)),
    // Open data (Resolución 1519 de 2020, Anexo 4): a CSV and a JSON copy of every document list and table.
    ...openDataFiles(manifest),
    // The ITA evidence matrix (itaMatrix.ts), offered on the transparency page.
    ...itaMatrixFiles(manifest),
    // The hospital's colours and logo layout (identidad in site.yaml), linked from every page; none without it.
    ...(manifest.site?.data.identidad && { [`public/${IDENTITY_STYLESHEET}`]: identityStylesheet(manifest.site.data.identidad) }),
  }
}
