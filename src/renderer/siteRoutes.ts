/**
 * The manifest's routes, split between the two Vike pages (src/pages/contenido: plain HTML; src/pages/interactivo:
 * hydrated), read when a page is routed, never bundled: the client and server bundles depend on the code only, so
 * every site of a platform renders against the same bundles (docs/decisions/build.md, «One bundle for every site»).
 *
 * The pre-render (scripts/prerender.ts) hands over the list of the site it renders. Elsewhere (`npm run dev`, a bare
 * `npx vike build`) the list is the checkout's `src/generated/routes.json`, read again whenever the file changes. This
 * module is loaded by Vike while it reads its configuration, so it imports nothing but Node's own modules.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface SiteRoutes {
  contenido: string[]
  interactivo: string[]
}

const PROVIDED = Symbol.for('ese-hospital.rutas-del-sitio')

/** The routes of the site this process renders (the pre-render's, for every page it asks Vike for). */
export function provideSiteRoutes(routes: SiteRoutes): void {
  ;(globalThis as Record<symbol, unknown>)[PROVIDED] = routes
}

let fromFile: { file: string; mtimeMs: number; routes: SiteRoutes } | undefined

/** The routes handed over by provideSiteRoutes, or the checkout's generated list (none yet: no route). */
export function currentSiteRoutes(): SiteRoutes {
  const provided = (globalThis as Record<symbol, unknown>)[PROVIDED] as SiteRoutes | undefined
  if (provided) return provided
  const file = path.join(process.env.PROJECT_ROOT ?? process.cwd(), 'src', 'generated', 'routes.json')
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat) return { contenido: [], interactivo: [] }
  if (fromFile?.file !== file || fromFile.mtimeMs !== stat.mtimeMs)
    fromFile = { file, mtimeMs: stat.mtimeMs, routes: JSON.parse(fs.readFileSync(file, 'utf8')) as SiteRoutes }
  return fromFile.routes
}
