/**
 * The pre-render of a build, in a process of its own: scripts/lib/buildSite.ts starts it as
 * `node scripts/compiled.mjs prerender [--empaquetar]` (compiled like validate, so no TypeScript start-up).
 *
 * Vike owns routing and pre-rendering: this calls its `prerender()` API, what `vike prerender` runs, and only
 * decides how each file Vike produced is written (`onPagePrerender`). Each page gets its script tags for after the
 * first paint (scripts/lib/scriptPriority.ts) in memory as it is written: the build no longer reads and rewrites
 * every page in a second pass, and Vike prints no line per file for the build to relay (issue 29 item 3,
 * docs/decisions/build.md). `--empaquetar` bundles first in the same process (Vike's `build()`, what
 * `vike build` runs; the build sets ESE_PRERENDER_AFTER_BUILD so that it does not pre-render by itself).
 *
 * Vike's documentation asks to contact a maintainer before using `onPagePrerender` (it may change or go without
 * notice): package-lock.json pins Vike, and a Vike that stops calling it, or hands it another shape, writes no page
 * and fails the build here (every build test, and tests/site/page-weight.test.ts for the script tags, notices).
 * See docs/decisions/build.md.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build, prerender } from 'vike/api'
import { startScriptsAfterPaint } from './lib/scriptPriority.ts'

/** What Vike hands `onPagePrerender` for each file: where it would write it, and what. */
interface PrerenderedFile {
  _prerenderResult?: { filePath?: unknown; fileContent?: unknown }
}

let pages = 0
/** Folders made (or found) by this process: one `mkdir` per folder, not per file. */
const folders = new Set<string>()

/**
 * Written synchronously: a page is a few dozen kilobytes, and the promise-based calls Vike makes cost more in
 * handles and ticks than the write itself (6 % of a 1,000-page pre-render's profile, docs/benchmarks.md).
 */
function writePage(pageContext: PrerenderedFile): void {
  const result = pageContext._prerenderResult
  if (typeof result?.filePath !== 'string' || typeof result.fileContent !== 'string')
    throw new Error('vike changed onPagePrerender: no _prerenderResult { filePath, fileContent } (see scripts/prerender.ts)')
  const { filePath, fileContent } = result
  const html = filePath.endsWith('.html')
  if (html) pages++
  const folder = path.dirname(filePath)
  if (!folders.has(folder)) {
    fs.mkdirSync(folder, { recursive: true })
    folders.add(folder)
  }
  fs.writeFileSync(filePath, html ? startScriptsAfterPaint(fileContent) : fileContent)
}

try {
  if (process.argv.includes('--empaquetar')) await build()
  await prerender({ onPagePrerender: writePage })
  // Vike's own line (it prints none when the files are written here): the build's log keeps one per process.
  console.log(`✓ ${pages} HTML documents pre-rendered.`)
} catch (err) {
  console.error(err)
  process.exit(1)
}
// As `vike prerender` does: something Vike or a page's code left open must not keep the build waiting.
process.exit(0)
