import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface RouteWeight {
  route: string
  html: number
  css: number
  js: number
  total: number
}

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: false })
    .map(String)
    .filter(f => f.endsWith('index.html'))
}

/** JavaScript a route loads up front: its module scripts, module preloads and their static imports (not dynamic imports). */
function jsClosure(clientDir: string, entries: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length) {
    const url = queue.pop()!
    if (seen.has(url)) continue
    seen.add(url)
    const file = path.join(clientDir, url)
    if (!fs.existsSync(file)) continue
    const code = fs.readFileSync(file, 'utf8')
    for (const m of code.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]!))
    }
  }
  return seen
}

/** Bytes after gzip of each pre-rendered route: HTML, CSS and JavaScript (images aside). */
export function routeWeights(clientDir: string): RouteWeight[] {
  return htmlFiles(clientDir).map(rel => {
    const html = fs.readFileSync(path.join(clientDir, rel), 'utf8')
    const route = '/' + rel.replace(/\/?index\.html$/, '')
    const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(m => m[1]!)
    // Vike's module script and preloads, or the same addresses handed to the boot script that starts them after the first paint (src/build/scriptPriority.ts).
    const js = [
      ...[
        ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
        ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
        ...html.matchAll(/<script[^>]+data-entrada="([^"]+)"/g),
      ].map(m => m[1]!),
      ...[...html.matchAll(/<script[^>]+data-precargas="([^"]*)"/g)].flatMap(m => m[1]!.split(' ').filter(Boolean)),
    ]
    const cssBytes = css.reduce((n, u) => n + (fs.existsSync(path.join(clientDir, u)) ? gz(path.join(clientDir, u)) : 0), 0)
    const jsBytes = [...jsClosure(clientDir, js)].reduce((n, u) => n + (fs.existsSync(path.join(clientDir, u)) ? gz(path.join(clientDir, u)) : 0), 0)
    const htmlBytes = gz(path.join(clientDir, rel))
    return { route, html: htmlBytes, css: cssBytes, js: jsBytes, total: htmlBytes + cssBytes + jsBytes }
  })
}
