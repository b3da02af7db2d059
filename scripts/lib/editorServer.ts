/**
 * `npm run editor`'s page server: /admin (the CMS bundle from node_modules, no CDN, and the configuration
 * generated from schemas/) and the CMS's backend calls (`/api/v1`), which it checks and hands to
 * decap-server running in this process on a private socket (decapBackend.ts). Nothing else listens.
 * Every request must name the editor's Host, every state change must come from the editor's Origin, every
 * backend call must carry the per-start secret that only the editor's page receives, and every path is
 * confined to manifest/ and public/assets/ (editorGuard.ts, docs/decisions/staff-tooling.md). A save is merged into the file as
 * staff wrote it (editorSave.ts) and checked by the validator; a change (save, upload, delete) that adds a
 * validation error is undone and the browser gets the validator's Spanish messages. The editor's CSP lives
 * here only: Decap needs inline styles, which the public site's CSP never allows.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { nodeBin, spawnOptions } from '../../src/build/commands.ts'
import { startDecapBackend, type DecapBackend } from './decapBackend.ts'
import { editorIndexHtml, writeEditorFiles } from './editorConfig.ts'
import { checkRequest, confine, contentRoots, dataExposure, newToken, pathsOf, Refused, TOKEN_HEADER, tokenMatches, type ContentRoots } from './editorGuard.ts'
import { changedIdentifier } from './editorIdentifiers.ts'
import { fieldTitles, problemField } from './editorProblems.ts'
import { mergeSaved } from './editorSave.ts'
import { previewStyles, renderPreview } from './editorPreview.ts'
import { placeUploads } from './editorUploads.ts'
import { SITE_ICON } from '../../src/manifest/urls.ts'

export interface EditorSetup {
  /** Folder holding manifest/, schemas/ and public/ (the working copy the editor writes into). */
  repo: string
  /** Project root (where node_modules is). */
  root: string
  port: number
  host?: string
  quiet?: boolean
  /** The clock of the new rows' year (tests set it); the machine's by default. */
  now?: () => Date
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

/** A file under `base` (real paths: a symlink leading out of it is refused), or undefined. */
function inside(base: string, rel: string): string | undefined {
  const file = path.resolve(base, rel)
  const r = path.relative(base, file)
  if (r.startsWith('..') || path.isAbsolute(r)) return undefined
  try {
    const real = fs.realpathSync(file)
    const rr = path.relative(fs.realpathSync(base), real)
    return rr.startsWith('..') || path.isAbsolute(rr) ? undefined : real
  } catch {
    return undefined
  }
}

export async function startEditor(s: EditorSetup): Promise<RunningEditor> {
  const host = s.host ?? '127.0.0.1'
  const roots = contentRoots(s.repo)
  const exposed = dataExposure(s.repo, s.root, roots)
  if (exposed) throw new Error(exposed)
  const ownOrigin = `http://${host}:${s.port}`
  const adminDir = path.join(s.repo, '.editor', 'admin')
  // The CMS talks only to this server (same origin), which checks each call before decap-server sees it.
  writeEditorFiles(adminDir, { root: s.repo, localBackendUrl: `${ownOrigin}/api/v1`, now: s.now })
  const cmsDist = path.join(s.root, 'node_modules', 'decap-cms', 'dist')
  const csp = editorCsp()
  const token = newToken()
  const backend = await startDecapBackend(s.root, s.repo, newToken())
  const guard = new SaveGuard(s, roots, backend)
  const security = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  }

  const server = http.createServer((req, res) => {
    try {
      checkRequest(
        { method: req.method ?? 'GET', host: req.headers.host, origin: req.headers.origin, secFetchSite: req.headers['sec-fetch-site'] as string | undefined },
        { host, port: s.port },
      )
    } catch (e) {
      return refuse(res, e, s.quiet)
    }
    const url = new URL(req.url ?? '/', ownOrigin)
    let file: string | undefined
    let p: string
    try {
      p = decodeURIComponent(url.pathname)
    } catch {
      return send(res, 400, { error: 'Dirección no válida' })
    }
    if (p === '/api/v1') {
      if (req.method !== 'POST') return send(res, 405, { error: 'Use POST' })
      if (!tokenMatches(token, req.headers[TOKEN_HEADER])) {
        return refuse(res, new Refused(403, 'Solicitud rechazada: falta la clave de esta sesión del editor. Recargue la página del editor (F5).'), s.quiet)
      }
      // Never let a failed call stop the editor: the browser gets a Spanish error, the next call retries.
      guard.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent)
          send(res, 502, {
            error: `El editor no pudo completar la operación: ${e instanceof Error ? e.message : String(e)}. Si se repite, cierre el editor (Ctrl+C) y ejecute otra vez npm run editor.`,
          })
      })
      return
    }
    if (p === '/api/vista-previa') {
      if (req.method !== 'POST') return send(res, 405, { error: 'Use POST' })
      if (!tokenMatches(token, req.headers[TOKEN_HEADER])) {
        return refuse(res, new Refused(403, 'Solicitud rechazada: falta la clave de esta sesión del editor. Recargue la página del editor (F5).'), s.quiet)
      }
      preview(req, s.repo, roots).then(
        r => send(res, 200, r),
        (e: unknown) => send(res, 400, { aviso: `No se pudo preparar la vista previa: ${e instanceof Error ? e.message : String(e)}` }),
      )
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'Método no permitido' })
    if (p === '/admin/vista-previa.css') {
      // Read at each request: a change to the site's styles shows at the next preview.
      res.writeHead(200, { ...security, 'content-type': TYPES['.css'] }).end(previewStyles(s.root))
      return
    }
    if (p === '/' || p === '/admin') {
      res.writeHead(302, { location: '/admin/' }).end()
      return
    }
    if (p === '/admin/') {
      // The page carries the secret; it is never written to disk nor served as a script another site could load.
      res.writeHead(200, { ...security, 'content-type': TYPES['.html'] }).end(editorIndexHtml(token))
      return
    }
    if (p === '/admin/config.yml' || p === '/admin/avisos.js' || p === '/admin/editor-es.js') file = path.join(adminDir, p.slice('/admin/'.length))
    else if (p.startsWith('/admin/')) file = inside(cmsDist, p.slice('/admin/'.length))
    else if (p.startsWith('/assets/')) file = inside(roots.assets, p.slice('/assets/'.length))
    // The site's icon (public/favicon.svg), which the editor's page links: no 404 in the browser's console.
    else if (p === SITE_ICON) file = path.join(path.dirname(roots.assets), SITE_ICON.slice(1))
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado')
      return
    }
    res.writeHead(200, { ...security, 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(res)
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(s.port, host, () => resolve())
    })
  } catch (e) {
    await backend.close()
    throw e
  }
  return {
    url: `${ownOrigin}/admin/`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>(r => server.close(() => r()))
      await backend.close()
    },
  }
}

/** The preview pane's request: the entry being edited ({archivo, datos}, JSON, at most 5 MB), rendered as the site renders it. */
async function preview(req: http.IncomingMessage, repo: string, roots: ContentRoots): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new Error('se esperaba JSON')
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).length
    if (size > 5_000_000) throw new Error('el contenido es demasiado grande')
    chunks.push(c as Buffer)
  }
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { archivo?: unknown; datos?: unknown }
  if (typeof body.archivo !== 'string') throw new Error('falta el archivo')
  // Only what the editor may read (manifest/, real paths), as for the CMS's own calls.
  return renderPreview(repo, confine(repo, roots, body.archivo, 'read'), body.datos)
}

function refuse(res: http.ServerResponse, e: unknown, quiet?: boolean): void {
  if (e instanceof Refused) {
    if (!quiet) console.error(`Editor: ${e.message}`)
    send(res, e.status, { error: e.message })
    return
  }
  send(res, 500, { error: e instanceof Error ? e.message : String(e) })
}

export interface SaveProblem {
  archivo: string
  linea: number
  columna: number
  nivel: 'error' | 'aviso'
  mensaje: string
  /** The form's field the problem is about («Fila 1 (2027) · Fecha»), when the editor can tell. */
  campo?: string
  /** The same field as keys and row indexes of the form (`['filas', 0, 'fecha']`): the page shows the message there. */
  ruta?: Array<string | number>
}

const posixPath = (p: string) => p.split('\\').join('/').replace(/^\/+/, '')

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
  return after.filter(p => {
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

/** The saved files whose identifier (or file name) differs from the file on disk, as problems of their field. */
function refusedIdentifiers(dataFiles: DataFile[], previous: Array<string | undefined>): SaveProblem[] {
  return dataFiles.flatMap((d, i) => {
    const c = changedIdentifier(d.path, previous[i], d.raw, d.newPath)
    return c
      ? [{ archivo: posixPath(d.path), linea: c.linea, columna: c.columna, nivel: 'error' as const, mensaje: c.mensaje, campo: c.titulo, ruta: [c.key] }]
      : []
  })
}

/** Hands the CMS's calls to decap-server; a change is confined, merged, validated, and undone when it adds an error. */
class SaveGuard {
  private queue: Promise<unknown> = Promise.resolve()
  /** Uploads renamed in this session, old public path → new (the form keeps showing the old name). */
  private readonly renamed = new Map<string, string>()

  constructor(
    private readonly s: EditorSetup,
    private readonly roots: ContentRoots,
    private readonly backend: DecapBackend,
  ) {}

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, { error: 'Solicitud no válida: se esperaba JSON.' })
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    let message: { action?: string; params?: any }
    try {
      message = JSON.parse(body)
    } catch {
      return send(res, 400, { error: 'Solicitud no válida' })
    }
    if (!message || typeof message !== 'object') return send(res, 400, { error: 'Solicitud no válida' })
    let touched: string[]
    try {
      touched = pathsOf(message.action, message.params).map(u => confine(this.s.repo, this.roots, u.rel, u.access))
    } catch (e) {
      return refuse(res, e, this.s.quiet)
    }
    const changes =
      message.action === 'persistEntry' || message.action === 'persistMedia' || message.action === 'deleteFile' || message.action === 'deleteFiles'
    if (!changes) {
      const r = await this.backend.call(body)
      return send(res, r.status, r.json)
    }
    // One change at a time: each is judged against the files as the previous change left them.
    const run = this.queue.then(() => {
      if (message.action !== 'persistEntry') return this.change(message, touched)
      // Uploads placed as docs:add places them; the new paths are confined like any other.
      const params = message.params ?? {}
      const moves = placeUploads(params.dataFiles ?? (params.entry ? [params.entry] : []), params.assets ?? [], this.renamed)
      const placed = (params.assets ?? []).map((a: { path: string }) => confine(this.s.repo, this.roots, a.path, 'write'))
      return this.change(message, [...touched, ...placed]).then(r =>
        moves.length > 0 && r.status < 300 ? { ...r, json: { ...(r.json as object), renombrados: moves } } : r,
      )
    })
    this.queue = run.catch(() => undefined)
    try {
      const r = await run
      send(res, r.status, r.json)
    } catch (e) {
      send(res, 500, { error: `No se guardó: ${e instanceof Error ? e.message : String(e)}` })
    }
  }

  /**
   * A save's files merged into the files as they are (`sent` keeps them as the page sent them); a save that
   * changes an identifier, which is set when the item is created and never after, is refused before anything is written.
   */
  private prepareSave(params: any, sent: Map<string, string>): { status: number; json: unknown } | undefined {
    const dataFiles: DataFile[] = params.dataFiles ?? (params.entry ? [params.entry] : [])
    const previous = dataFiles.map(d => {
      const abs = confine(this.s.repo, this.roots, d.path, 'write')
      return fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined
    })
    const refused = refusedIdentifiers(dataFiles, previous)
    if (refused.length > 0) {
      if (!this.s.quiet) console.error(refused.map(formatSaveProblem).join('\n'))
      return { status: 422, json: { error: refused.map(p => p.mensaje).join(' · '), problemas: refused } }
    }
    dataFiles.forEach((d, i) => {
      sent.set(posixPath(d.path), d.raw)
      d.raw = mergeSaved(previous[i], d.raw, d.path)
    })
    return undefined
  }

  private async change(message: any, touched: string[]): Promise<{ status: number; json: unknown }> {
    const repo = this.s.repo
    const params = message.params ?? {}
    const snapshot = new Map<string, Buffer | undefined>()
    for (const abs of touched) snapshot.set(abs, fs.existsSync(abs) ? fs.readFileSync(abs) : undefined)
    /** Each file as the page sent it (the form's order), by its path in the repository. */
    const sent = new Map<string, string>()
    if (message.action === 'persistEntry') {
      const refusal = this.prepareSave(params, sent)
      if (refusal) return refusal
    }
    const before = await validateWorkingCopy(this.s.root, repo)
    const r = await this.backend.call(JSON.stringify(message))
    if (r.status >= 300) return r
    const undo = () => {
      for (const [abs, content] of snapshot) {
        if (content === undefined) fs.rmSync(abs, { force: true })
        else {
          fs.mkdirSync(path.dirname(abs), { recursive: true })
          fs.writeFileSync(abs, content)
        }
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
    // Name each problem's field from the text as saved, before it is undone, as the form shows it.
    const titles = fieldTitles(path.join(repo, 'schemas'))
    for (const p of added) {
      const abs = path.join(repo, p.archivo)
      if (/\.ya?ml$/.test(p.archivo) && fs.existsSync(abs))
        Object.assign(p, problemField(fs.readFileSync(abs, 'utf8'), p.linea, p.columna, sent.get(posixPath(p.archivo)), p.archivo, titles))
    }
    undo()
    const lines = added.map(formatSaveProblem)
    if (!this.s.quiet) console.error(`No se guardó el cambio (el archivo quedó como estaba):\n${lines.join('\n')}`)
    return {
      status: 422,
      json: {
        error: `No se guardó el cambio; el archivo quedó como estaba. ${added.map(p => (p.campo ? `${p.campo}: ` : '') + p.mensaje).join(' · ')}`,
        problemas: added,
      },
    }
  }
}

function send(res: http.ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(json))
}
