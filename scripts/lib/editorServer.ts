/**
 * `npm run editor`'s two processes: decap-server (Decap CMS's local-repository backend, which reads and
 * writes the working copy) and a small page server for /admin (the CMS bundle from node_modules, no CDN,
 * and the configuration generated from schemas/). The editor's CSP lives here only: Decap needs inline
 * styles and a connection to decap-server, which the public site's CSP never allows.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { nodeBin, spawnOptions } from './commands.ts'
import { writeEditorFiles } from './editorConfig.ts'

export interface EditorSetup {
  /** Folder holding manifest/, schemas/ and public/ (the working copy the editor writes into). */
  repo: string
  /** Project root (where node_modules is). */
  root: string
  port: number
  backendPort: number
  host?: string
  quiet?: boolean
}

export interface RunningEditor {
  url: string
  close: () => Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
}

export function editorCsp(backendOrigin: string): string {
  return [
    "default-src 'self'",
    // The CMS bundle compiles some templates at run time; this route is local to a staff PC only.
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob: data: ${backendOrigin}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function inside(base: string, rel: string): string | undefined {
  const file = path.resolve(base, rel)
  const r = path.relative(base, file)
  return r.startsWith('..') || path.isAbsolute(r) ? undefined : file
}

export async function startEditor(s: EditorSetup): Promise<RunningEditor> {
  const host = s.host ?? '127.0.0.1'
  const backendOrigin = `http://${host}:${s.backendPort}`
  const adminDir = path.join(s.repo, '.editor', 'admin')
  writeEditorFiles(adminDir, { root: s.repo, localBackendUrl: `${backendOrigin}/api/v1` })
  const cmsDist = path.join(s.root, 'node_modules', 'decap-cms', 'dist')
  const assetsDir = path.join(s.repo, 'public', 'assets')
  const csp = editorCsp(backendOrigin)

  const spec = nodeBin(s.root, path.join('node_modules', 'decap-server', 'dist', 'index.js'))
  const backend: ChildProcess = spawn(
    spec.command,
    spec.args,
    spawnOptions(spec, {
      cwd: s.repo,
      stdio: s.quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PORT: String(s.backendPort), BIND_HOST: host, GIT_REPO_DIRECTORY: s.repo, MODE: 'fs', LOG_LEVEL: 'warn' },
    }),
  )

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    let file: string | undefined
    const p = decodeURIComponent(url.pathname)
    if (p === '/' || p === '/admin') {
      res.writeHead(302, { location: '/admin/' }).end()
      return
    }
    if (p === '/admin/') file = path.join(adminDir, 'index.html')
    else if (p === '/admin/config.yml') file = path.join(adminDir, 'config.yml')
    else if (p.startsWith('/admin/')) file = inside(cmsDist, p.slice('/admin/'.length))
    else if (p.startsWith('/assets/')) file = inside(assetsDir, p.slice('/assets/'.length))
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado')
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    fs.createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(s.port, host, () => resolve())
  })
  await waitForBackend(backendOrigin, backend)
  return {
    url: `http://${host}:${s.port}/admin/`,
    close: async () => {
      backend.kill()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

async function waitForBackend(origin: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`El servidor del editor (decap-server) se detuvo (código ${child.exitCode}).`)
    try {
      const r = await fetch(`${origin}/api/v1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"info"}' })
      if (r.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`El servidor del editor (decap-server) no respondió en ${origin}.`)
}
