import { renderToString } from 'react-dom/server'
import type { Manifest } from '../manifest/load.ts'
import { emailById, phoneById } from '../manifest/placeholders.ts'
import { identityStylesheet, identityStylesheetHref } from '../manifest/siteIdentity.ts'
import { logoSize } from '../manifest/logoSize.ts'
import type { PageManifest } from '../manifest/types.generated.ts'
import { preparedFormById } from '../forms/prepared.ts'
import { isInteractivePage } from './interactivity.ts'
import { renderLayoutPartsWith } from './layout/renderedOnce.ts'
import { prepareSections } from './prepare.ts'
import type { Crumb, LayoutData, PageData } from './types.ts'

/** Route → page of each loaded page list: every pre-rendered page looks up itself and its ancestors (a scan per lookup made a 1,000-page build quadratic). */
const pagesByRoute = new WeakMap<Manifest['pages'], { size: number; byRoute: Map<string, PageManifest> }>()

export function pageByRoute(manifest: Manifest, ruta: string): PageManifest | undefined {
  let index = pagesByRoute.get(manifest.pages)
  if (!index || index.size !== manifest.pages.length) {
    const byRoute = new Map<string, PageManifest>()
    // The first page of a route wins, as a scan would find it (the validator reports duplicates).
    for (const p of manifest.pages) if (!byRoute.has(p.data.ruta)) byRoute.set(p.data.ruta, p.data)
    index = { size: manifest.pages.length, byRoute }
    pagesByRoute.set(manifest.pages, index)
  }
  return index.byRoute.get(ruta)
}

/** Breadcrumb from the labels of the route and its ancestors that exist as pages. */
export function breadcrumbFor(manifest: Manifest, ruta: string): Crumb[] {
  const home = pageByRoute(manifest, '/')
  const crumbs: Crumb[] = [{ label: home?.etiqueta ?? 'Inicio', url: '/' }]
  if (ruta === '/') return crumbs
  const parts = ruta.split('/').filter(Boolean)
  for (let i = 1; i <= parts.length; i++) {
    const url = '/' + parts.slice(0, i).join('/')
    const page = pageByRoute(manifest, url)
    if (page) crumbs.push({ label: page.etiqueta, url })
  }
  return crumbs
}

// This module runs only on the server (the pages' data hooks): it gives the layout React's server renderer, so the
// parts that are the same on every page are rendered once per pre-rendering process (layout/renderedOnce.ts).
renderLayoutPartsWith(renderToString)

/** One layout object per loaded manifest: every page of a build shares it, and with it the footer's markup. */
const layoutByManifest = new WeakMap<Manifest, LayoutData>()

export function layoutData(manifest: Manifest): LayoutData {
  const kept = layoutByManifest.get(manifest)
  if (kept) return kept
  const layout = siteLayout(manifest)
  layoutByManifest.set(manifest, layout)
  return layout
}

function siteLayout(manifest: Manifest): LayoutData {
  const site = manifest.site!.data
  const logo = site.identidad?.logo && logoSize(site.identidad.logo.url)
  return {
    nombre: site.nombre,
    nombreCorto: site.nombreCorto,
    ultimaActualizacion: site.ultimaActualizacion,
    barraSuperior: site.barraSuperior,
    logosGobierno: site.logosGobierno,
    // Only when site.yaml has it: a key set to undefined would still be written into hydrated pages' data.
    ...(site.identidad && {
      identidad: {
        ...(site.identidad.logo && { logo: site.identidad.logo }),
        ...(logo && { logoSize: logo }),
        stylesheet: identityStylesheetHref(identityStylesheet(site.identidad)),
        ...(site.identidad.colores && { themeColor: site.identidad.colores.primario.toLowerCase() }),
      },
    }),
    entidad: site.contacto?.entidad,
    centroRelevo: site.centroRelevo,
    idiomas: site.idiomas ?? [],
    menu: site.menu,
    pie: {
      ...site.pie,
      telefonos: site.pie.telefonos.flatMap(id => phoneById(site, id) ?? []),
      correos: site.pie.correos.flatMap(id => emailById(site, id) ?? []),
    },
    urlPublica: site.urlPublica,
    suscripcion: manifest.forms.some(f => f.data.id === 'suscripcion')
      ? preparedFormById(manifest.forms, manifest.lookups?.data, 'suscripcion', manifest.site?.data.avisoPrivacidad)
      : undefined,
  }
}

export function buildPageData(manifest: Manifest, ruta: string): PageData {
  const page = pageByRoute(manifest, ruta)
  if (!page) throw new Error(`no page for route ${ruta}`)
  return {
    ruta,
    interactive: isInteractivePage(page),
    titulo: page.titulo,
    descripcion: page.descripcion ?? `${page.titulo} — ${manifest.site!.data.nombre}`,
    muestra: page.muestra ?? false,
    redirigirA: page.redirigirA,
    secciones: prepareSections(page.secciones ?? [], manifest),
    breadcrumb: breadcrumbFor(manifest, ruta),
    menuLateral: page.menuLateral ? manifest.site!.data.menusLaterales[page.menuLateral] : undefined,
    layout: layoutData(manifest),
  }
}
