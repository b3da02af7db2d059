/**
 * `npm run editor`'s two processes: decap-server (Decap CMS's local-repository backend, which reads and
 * writes the working copy) and a small page server for /admin (the CMS bundle from node_modules, no CDN,
 * and the configuration generated from schemas/). The page server also stands between the CMS and
 * decap-server (`/api/v1`): a save is merged into the file as staff wrote it (editorSave.ts) and checked
 * by the validator; a save that adds a validation error is undone and the browser gets the validator's
 * Spanish `archivo:línea:columna` messages. The editor's CSP lives here only: Decap needs inline styles,
 * which the public site's CSP never allows.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { nodeBin, spawnOptions } from './commands.ts'
import { writeEditorFiles } from './editorConfig.ts'
import { mergeSaved } from './editorSave.ts'

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

export function editorCsp(backendOrigin?: string): string {
  return [
    "default-src 'self'",
    // The CMS bundle compiles some templates at run time; this route is local to a staff PC only.
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob: data:${backendOrigin ? ` ${backendOrigin}` : ''}`,
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
  // The CMS talks to this server (same origin), which checks each save before and after decap-server writes it.
  writeEditorFiles(adminDir, { root: s.repo, localBackendUrl: `http://${host}:${s.port}/api/v1` })
  const cmsDist = path.join(s.root, 'node_modules', 'decap-cms', 'dist')
  const assetsDir = path.join(s.repo, 'public', 'assets')
  const csp = editorCsp()
  const guard = new SaveGuard(s, backendOrigin)

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

  // decap-server must not outlive the editor, even when the editor stops on an error.
  const stopBackend = () => backend.kill()
  process.once('exit', stopBackend)

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    let file: string | undefined
    const p = decodeURIComponent(url.pathname)
    if (p === '/api/v1' && req.method === 'POST') {
      // Never let a failed call stop the editor: the browser gets a Spanish error, the next call retries.
      guard.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) send(res, 502, { error: `El editor no pudo comunicarse con su servidor interno (decap-server): ${e instanceof Error ? e.message : String(e)}. Si se repite, cierre el editor (Ctrl+C) y ejecute otra vez npm run editor.` })
      })
      return
    }
    if (p === '/' || p === '/admin') {
      res.writeHead(302, { location: '/admin/' }).end()
      return
    }
    if (p === '/admin/') file = path.join(adminDir, 'index.html')
    else if (p === '/admin/config.yml' || p === '/admin/avisos.js') file = path.join(adminDir, p.slice('/admin/'.length))
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
      process.off('exit', stopBackend)
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

export interface SaveProblem {
  archivo: string
  linea: number
  columna: number
  nivel: 'error' | 'aviso'
  mensaje: string
}

/** `archivo:línea:columna: mensaje`, as `npm run validate` prints it. */
export const formatSaveProblem = (p: SaveProblem) => `${p.archivo}:${p.linea}:${p.columna}: ${p.nivel === 'aviso' ? 'aviso: ' : ''}${p.mensaje}`

/** The validator on the editor's working copy (its compiled copy, the same code as `npm run validate`). */
export function validateWorkingCopy(root: string, repo: string): Promise<SaveProblem[]> {
  const spec = nodeBin(root, path.join('scripts', 'compiled.mjs'), ['validate', '--formato', 'json'])
  return new Promise((resolve, reject) => {
    const child = spawn(
      spec.command,
      spec.args,
      spawnOptions(spec, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, MANIFEST_DIR: path.join(repo, 'manifest'), PUBLIC_DIR: path.join(repo, 'public'), GITHUB_ACTIONS: '' },
      }),
    )
    let out = ''
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d))
    child.on('error', reject)
    child.on('close', () => {
      try {
        resolve((JSON.parse(out) as { problemas: SaveProblem[] }).problemas)
      } catch {
        reject(new Error('el validador no respondió; ejecute npm run validate en la ventana de comandos'))
      }
    })
  })
}

/** Problems of `after` that `before` did not have (a save is judged by what it adds, not by older ones). */
export function newErrors(before: SaveProblem[], after: SaveProblem[]): SaveProblem[] {
  const seen = new Map<string, number>()
  const key = (p: SaveProblem) => `${p.archivo}\u0000${p.mensaje}`
  for (const p of before) if (p.nivel === 'error') seen.set(key(p), (seen.get(key(p)) ?? 0) + 1)
  return after.filter((p) => {
    if (p.nivel !== 'error') return false
    const n = seen.get(key(p)) ?? 0
    if (n > 0) seen.set(key(p), n - 1)
    return n === 0
  })
}

interface DataFile {
  path: string
  raw: string
  newPath?: string
}

/** Forwards the CMS's calls to decap-server; a save is merged, validated, and undone when it adds an error. */
class SaveGuard {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly s: EditorSetup,
    private readonly backendOrigin: string,
  ) {}

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    let message: { action?: string; params?: { entry?: DataFile; dataFiles?: DataFile[]; assets?: Array<{ path: string }> } }
    try {
      message = JSON.parse(body)
    } catch {
      return send(res, 400, { error: 'Solicitud no válida' })
    }
    if (message.action !== 'persistEntry') {
      const r = await this.forward(body)
      return send(res, r.status, r.json)
    }
    // One save at a time: each is judged against the files as the previous save left them.
    const run = this.queue.then(() => this.persist(message))
    this.queue = run.catch(() => undefined)
    try {
      const r = await run
      send(res, r.status, r.json)
    } catch (e) {
      send(res, 500, { error: `No se guardó: ${e instanceof Error ? e.message : String(e)}` })
    }
  }

  private async forward(body: string): Promise<{ status: number; json: unknown }> {
    const r = await fetch(`${this.backendOrigin}/api/v1`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body })
    return { status: r.status, json: await r.json() }
  }

  private async persist(message: any): Promise<{ status: number; json: unknown }> {
    const repo = this.s.repo
    const params = message.params ?? {}
    const dataFiles: DataFile[] = params.dataFiles ?? (params.entry ? [params.entry] : [])
    const touched = [...dataFiles.flatMap((d) => [d.path, d.newPath]), ...(params.assets ?? []).map((a: { path: string }) => a.path)].filter(
      (p): p is string => typeof p === 'string',
    )
    // Paths outside the working copy are left to decap-server, which refuses them.
    const snapshot = new Map<string, Buffer | undefined>()
    for (const rel of touched) {
      const abs = inside(repo, rel)
      if (abs) snapshot.set(abs, fs.existsSync(abs) ? fs.readFileSync(abs) : undefined)
    }
    for (const d of dataFiles) {
      const abs = inside(repo, d.path)
      const previous = abs && fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined
      d.raw = mergeSaved(previous, d.raw, d.path)
    }
    const before = await validateWorkingCopy(this.s.root, repo)
    const r = await this.forward(JSON.stringify(message))
    if (r.status >= 300) return r
    const undo = () => {
      for (const [abs, content] of snapshot) {
        if (content === undefined) fs.rmSync(abs, { force: true })
        else fs.writeFileSync(abs, content)
      }
    }
    let after: SaveProblem[]
    try {
      after = await validateWorkingCopy(this.s.root, repo)
    } catch (e) {
      undo()
      throw e
    }
    const added = newErrors(before, after)
    if (added.length === 0) return r
    undo()
    const lines = added.map(formatSaveProblem)
    if (!this.s.quiet) console.error(`No se guardó el cambio (el archivo quedó como estaba):\n${lines.join('\n')}`)
    return {
      status: 422,
      json: {
        error: `No se guardó el cambio; el archivo quedó como estaba. ${lines.join(' · ')}`,
        problemas: added,
      },
    }
  }
}

function send(res: http.ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(json))
}
