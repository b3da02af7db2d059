/**
 * The pre-render of a build, in a process of its own: src/build/buildSite.ts starts it as
 * `node scripts/compiled.mjs prerender [--empaquetar]` (compiled like validate, so no TypeScript start-up).
 *
 * Vike owns routing and rendering: each page is Vike's answer to a request for its URL, through `renderPage()`
 * of Vike's server runtime and the site's server bundle, as a server would answer it; this script lists the URLs
 * (the generated route list every `+route.ts` matches against, the 404 page) and writes each answer to the file
 * Vike's own pre-render would write. Vike's `prerender()` API, used until 2026-11-26, loads Vite, the Vite
 * configuration (bundled by rolldown) and every `+config.ts` (through esbuild and Babel) before the first page:
 * about 2 s of a 1,000-page pre-render's 8, per process. The server runtime needs none of it (docs/decisions/build.md
 * docs/decisions/build.md). `--empaquetar` bundles first in the same process (Vike's `build()`, what `vike build`
 * runs; the build's plan says `prerenderAfterBuild` so that it does not pre-render by itself).
 *
 * Each page gets its script tags for after the first paint (src/build/scriptPriority.ts) as it is written, and
 * is written only when its content changed: a content-only build after one row changed rewrites one page, not
 * 1,000 (rewriting a file in place also makes ext4 flush it to disk on close: most of this script's wall time in
 * the write call, docs/benchmarks.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { inShare, planShare } from '../src/renderer/prerenderShard.ts'
import readline from 'node:readline'
import { amendBuildPlan, readBuildPlan } from '../src/manifest/buildPlan.ts'
import { startScriptsAfterPaint } from '../src/build/scriptPriority.ts'
import { imagePreloadsToHead } from '../src/renderer/imagePreloads.ts'
import { generatedDir } from '../src/build/generatedDir.ts'
import { GO_WORD, WAIT_OPTION } from '../src/build/earlyPrerender.ts'
import { KeptMarkdown, markdownStoreFile } from '../src/build/keptMarkdown.ts'
import { MARKDOWN_STORE_KEY } from '../src/renderer/markdownStore.ts'
import { compiledCacheDir } from '../src/manifest/compiledCache.ts'
import { provideSiteRoutes, type SiteRoutes } from '../src/renderer/siteRoutes.ts'

/** Vike's answer to one request, as much of it as the pre-render reads. */
interface Answer {
  httpResponse?: { statusCode: number; body: string } | null
}

const root = process.cwd()
const outDir = path.resolve(root, process.env.BUILD_OUT_DIR ?? 'dist')
const clientDir = path.join(outDir, 'client')
/** Vike's own name for a page's file: `/` → index.html, `/a/b` → a/b/index.html, the error page → 404.html. */
function fileFor(url: string): string {
  if (url === '/404') return path.join(clientDir, '404.html')
  return path.join(clientDir, ...url.split('/').filter(Boolean), 'index.html')
}

/** Folders made (or found) by this process: one `mkdir` per folder, not per file. */
const folders = new Set<string>()
let written = 0

/** Writes a page unless the file already holds exactly this (synchronously: see docs/benchmarks.md). */
function writePage(file: string, html: string): void {
  const folder = path.dirname(file)
  if (!folders.has(folder)) {
    fs.mkdirSync(folder, { recursive: true })
    folders.add(folder)
  }
  let current: string | undefined
  try {
    current = fs.readFileSync(file, 'utf8')
  } catch {
    current = undefined
  }
  if (current === html) return
  fs.writeFileSync(file, html)
  written++
}

/** The URLs of this process: every manifest route (or its share of them), and the 404 page in the first share. */
function urlsToRender(): string[] {
  const routes = JSON.parse(fs.readFileSync(path.join(generatedDir(root), 'routes.json'), 'utf8')) as SiteRoutes
  // The bundles route against this site's list, handed over here (src/renderer/siteRoutes.ts): they bundle none.
  provideSiteRoutes(routes)
  const all = [...routes.contenido, ...routes.interactivo]
  const share = planShare()
  const mine = share ? inShare(all, r => r, share) : all
  return !share || share.index === 0 ? [...mine, '/404'] : mine
}

/** The manifest snapshot named on the first line of the input after the word to go; undefined when told to stop. */
async function wordToGo(): Promise<string | undefined> {
  const lines = readline.createInterface({ input: process.stdin })
  for await (const line of lines) {
    lines.close()
    return line.startsWith(`${GO_WORD} `) ? line.slice(GO_WORD.length + 1) : undefined
  }
  return undefined
}

/**
 * The Markdown converted by this share's last run for the same code (src/build/keptMarkdown.ts), put where the
 * pages' markdownToHtml() looks; none when the build did not say its code fingerprint or has no cache folder.
 */
function openMarkdownStore(): KeptMarkdown | undefined {
  const version = readBuildPlan().codeFingerprint
  const cacheDir = compiledCacheDir()
  if (!version || !cacheDir) return undefined
  const share = readBuildPlan().share ?? 'todas'
  const store = KeptMarkdown.open(markdownStoreFile(cacheDir, generatedDir(root), share), version)
  ;(globalThis as Record<symbol, unknown>)[MARKDOWN_STORE_KEY] = store
  return store
}

async function main(): Promise<number> {
  if (process.argv.includes('--empaquetar')) {
    const { build } = await import('vike/api')
    await build()
  }
  const { renderPage } = await import('vike/server')
  // The site's server bundle registers itself with Vike's runtime when imported (what a production server does).
  await import(pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href)
  if (process.argv.includes(WAIT_OPTION)) {
    // Started while the build validates (src/build/earlyPrerender.ts): the manifest to render, or nothing to do.
    const snapshot = await wordToGo()
    if (!snapshot) return 0
    amendBuildPlan({ manifestSnapshot: snapshot })
  }
  const markdown = openMarkdownStore()
  const failures: string[] = []
  let pages = 0
  for (const url of urlsToRender()) {
    const answer = (await renderPage({ urlOriginal: url })) as Answer
    const expected = url === '/404' ? 404 : 200
    const response = answer.httpResponse
    if (!response || response.statusCode !== expected || typeof response.body !== 'string') {
      failures.push(`${url}: ${response ? `HTTP ${response.statusCode}` : 'no answer'} (expected ${expected})`)
      continue
    }
    writePage(fileFor(url), startScriptsAfterPaint(imagePreloadsToHead(response.body)))
    pages++
  }
  if (failures.length > 0) {
    // Vike printed each page's error above; the build shows the end of this output when it fails.
    console.error(`Pre-render failed for ${failures.length} page(s):\n  ${failures.join('\n  ')}`)
    return 1
  }
  markdown?.save()
  const reused = markdown ? ` Markdown texts converted by the last build: ${markdown.reused} reused.` : ''
  console.log(`✓ ${pages} HTML documents pre-rendered (${written} written, ${pages - written} unchanged).${reused}`)
  return 0
}

let code: number
try {
  code = await main()
} catch (err) {
  console.error(err)
  code = 1
}
// As `vike prerender` does: something Vike or a page's code left open must not keep the build waiting.
process.exit(code)
