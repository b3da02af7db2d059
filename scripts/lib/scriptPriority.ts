/**
 * Hydration scripts load after what the first paint needs (issue 16, item 4).
 *
 * Every pre-rendered page is complete without JavaScript: the header, the
 * text and the forms work before any script runs (forms post natively until
 * hydrated). On a slow phone connection, though, the module script and the
 * module preloads Vike writes into each page start together with the style
 * sheets at high priority and share their bandwidth, so the first paint of a
 * hydrated page waited for about 90 KB of JavaScript it does not need
 * (Lighthouse mobile: first paint 2.1 s on /pqrsd vs 1.3 s on a plain-HTML
 * page). Vike writes these tags itself with fixed attributes (its
 * `injectFilter` can move or drop a tag, not add an attribute), so after
 * pre-rendering each page's `<script type="module">` and
 * `<link rel="modulepreload">` get `fetchpriority="low"`: the browser fetches
 * them after the style sheets and the images in view, and still before the
 * page is idle. Run on every build, full or content-only.
 */
import fs from 'node:fs'
import path from 'node:path'

const MODULE_SCRIPT = /<script src="[^"]+" type="module" async(?![^>]*fetchpriority)/g
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g

/** The page's HTML with its module script and module preloads at low fetch priority. */
export function lowerScriptPriority(html: string): string {
  return html.replace(MODULE_SCRIPT, '$& fetchpriority="low"').replace(MODULE_PRELOAD, '$& fetchpriority="low"')
}

/** Applies lowerScriptPriority to every pre-rendered page under clientDir; returns how many pages changed. */
export function lowerScriptPriorityIn(clientDir: string): number {
  let changed = 0
  for (const rel of fs.readdirSync(clientDir, { recursive: true, withFileTypes: false }).map(String)) {
    if (!rel.endsWith('.html')) continue
    const file = path.join(clientDir, rel)
    const html = fs.readFileSync(file, 'utf8')
    const next = lowerScriptPriority(html)
    if (next !== html) {
      fs.writeFileSync(file, next)
      changed++
    }
  }
  return changed
}
