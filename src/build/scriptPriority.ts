/**
 * Hydration scripts start after the first paint (docs/decisions/build.md).
 *
 * Every pre-rendered page is complete without JavaScript: the header, the
 * text and the forms work before any script runs (forms post natively until
 * hydrated). Vike writes a module script and module preloads into each page;
 * on a hydrated page (about 70 KB) they shared a slow phone connection with
 * the style sheets (first paint of /pqrsd at 2.1 s vs 1.3 s on a plain-HTML
 * page, Lighthouse mobile), and even at low fetch priority they usually
 * finished, and the page hydrated, before the page's largest text was
 * painted, which Lighthouse then counts into the largest contentful paint
 * (1.8 s instead of 1.2 s). As each page is written (scripts/prerender.ts),
 * this step replaces them, on hydrated pages, with one deferred classic script, public/arranque.js, that
 * carries their addresses (data-entrada, data-precargas) and adds them to the
 * page after its first paint: the same files, fetched in parallel as before,
 * still loaded up front. Plain-HTML pages load one 3 KB script, which never
 * delayed their paint: it keeps its tag, at low fetch priority. Vike writes
 * these tags itself (its `injectFilter` can move or drop a tag, not change
 * it), hence the step where the page is written. Run on every build, full or
 * content-only. No inline script: the CSP stays as it is.
 */

/** The boot script every page loads instead of Vike's tags; served from public/. */
export const BOOT_SCRIPT = '/arranque.js'

const MODULE_SCRIPT = /[ \t]*<script src="([^"]+)" type="module" async[^>]*><\/script>\n?/g
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>\n?/g
/** Vike serializes the page data into hydrated pages only. */
const HYDRATED_PAGE = '<script id="vike_pageContext" type="application/json">'
const LOW_PRIORITY_SCRIPT = /<script src="[^"]+" type="module" async(?![^>]*fetchpriority)/g
const LOW_PRIORITY_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g

/** A hydrated page's HTML with Vike's module script and module preloads handed to the boot script; a plain page's at low fetch priority. */
export function startScriptsAfterPaint(html: string): string {
  if (!html.includes(HYDRATED_PAGE)) return html.replace(LOW_PRIORITY_SCRIPT, '$& fetchpriority="low"').replace(LOW_PRIORITY_PRELOAD, '$& fetchpriority="low"')
  const entries = [...html.matchAll(MODULE_SCRIPT)].map(m => m[1]!)
  if (entries.length !== 1) return html
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(m => m[1]!)
  const boot = `        <script src="${BOOT_SCRIPT}" data-entrada="${entries[0]}" data-precargas="${preloads.join(' ')}" defer></script>\n`
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, boot)
}
