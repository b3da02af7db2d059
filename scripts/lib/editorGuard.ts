/**
 * What the browser editor's page server trusts (docs/decisions/staff-tooling.md). The editor runs on a clerk's PC while the
 * clerk browses the web: any page the browser opens can send requests to 127.0.0.1, and a DNS name can be
 * re-pointed at 127.0.0.1 (DNS rebinding). So every request must name the editor's own Host, every
 * request that changes something must come from the editor's own Origin, every call to the CMS backend
 * must carry the per-start secret that only the editor's page receives, and every path the CMS reads,
 * writes or deletes must resolve (real paths, symlinks followed) inside `manifest/` or `public/assets/`.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const TOKEN_HEADER = 'x-editor-token'

export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** A fresh secret per start: 32 random bytes in hex. */
export const newToken = (): string => crypto.randomBytes(32).toString('hex')

/** Constant-time comparison of the secret (an empty or shortened value is refused). */
export function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

export interface RequestFacts {
  method: string
  host: string | undefined
  origin: string | undefined
  secFetchSite?: string | undefined
}

/** Host, Origin and fetch-site checks of every request; throws Refused with the Spanish answer. */
export function checkRequest(f: RequestFacts, own: { host: string; port: number }): void {
  const ownHost = `${own.host}:${own.port}`
  if (f.host !== ownHost) {
    throw new Refused(403, `Solicitud rechazada: el editor solo atiende en http://${ownHost}/admin/ (la dirección pedida era «${f.host ?? ''}»).`)
  }
  const safe = f.method === 'GET' || f.method === 'HEAD'
  if (!safe && f.origin !== `http://${ownHost}`) {
    throw new Refused(
      403,
      'Solicitud rechazada: solo la página del editor puede guardar o borrar contenido. Si usted está en el editor, recargue la página (F5).',
    )
  }
  // Browsers say where a request comes from; a page of another site never gets an answer.
  if (f.secFetchSite && f.secFetchSite !== 'same-origin' && f.secFetchSite !== 'none') {
    throw new Refused(403, 'Solicitud rechazada: viene de otra página distinta del editor.')
  }
}

/** The two folders the editor may touch, as real paths (created when missing). */
export interface ContentRoots {
  manifest: string
  assets: string
}

export function contentRoots(repo: string): ContentRoots {
  const manifest = path.join(repo, 'manifest')
  const assets = path.join(repo, 'public', 'assets')
  if (!fs.existsSync(manifest)) throw new Error(`la carpeta ${repo} no tiene manifest/: EDITOR_REPO debe ser la carpeta del proyecto del sitio.`)
  fs.mkdirSync(assets, { recursive: true })
  return { manifest: fs.realpathSync(manifest), assets: fs.realpathSync(assets) }
}

const within = (base: string, p: string) => {
  const r = path.relative(base, p)
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r))
}

/** The real path a (possibly not yet existing) path will have: its nearest existing ancestor resolved. */
function realTarget(abs: string): string {
  const missing: string[] = []
  let cur = abs
  for (;;) {
    try {
      fs.lstatSync(cur)
      return path.join(fs.realpathSync(cur), ...missing)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
      const up = path.dirname(cur)
      if (up === cur) return abs
      missing.unshift(path.basename(cur))
      cur = up
    }
  }
}

export type Access = 'read' | 'write' | 'delete'

/** Extensions a clerk uploads (documents and images the site links); nothing the browser would run. */
export const ASSET_EXTENSIONS = new Set([
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
  '.xlsx',
  '.xls',
  '.docx',
  '.doc',
  '.pptx',
  '.odt',
  '.ods',
  '.csv',
  '.zip',
  '.txt',
])

/**
 * `rel` (as the CMS sends it, relative to the repository) resolved and confined: reads of `manifest/` or
 * `public/assets/`; writes of YAML in `manifest/` and of documents/images in `public/assets/`; deletes
 * only in `public/assets/` (a manifest file is never deleted from the browser). Returns the absolute path.
 */
export function confine(repo: string, roots: ContentRoots, rel: unknown, access: Access): string {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0')) throw new Refused(403, 'Ruta no válida.')
  const lexical = path.resolve(repo, rel.replace(/^\/+/, ''))
  const real = realTarget(lexical)
  const inManifest = within(roots.manifest, real)
  const inAssets = within(roots.assets, real)
  const shown = rel.replace(/^\/+/, '')
  if (!inManifest && !inAssets) {
    throw new Refused(403, `El editor solo lee y escribe en manifest/ y public/assets/; «${shown}» queda fuera.`)
  }
  if (access === 'delete' && !inAssets) {
    throw new Refused(403, `El editor no borra archivos de manifest/ («${shown}»): bórrelo a mano y ejecute npm run validate.`)
  }
  if (access === 'write') {
    const ext = path.extname(real).toLowerCase()
    if (inManifest && ext !== '.yaml' && ext !== '.yml') throw new Refused(403, `En manifest/ el editor solo escribe archivos .yaml («${shown}»).`)
    if (inAssets && !ASSET_EXTENSIONS.has(ext)) {
      throw new Refused(403, `El editor no sube archivos ${ext || 'sin extensión'} («${shown}»): suba PDF, imágenes u hojas de cálculo.`)
    }
  }
  return real
}

export interface PathUse {
  rel: unknown
  access: Access
}

/** Every path one CMS call (decap-server's local file-system backend) would touch. */
export function pathsOf(action: unknown, params: any): PathUse[] {
  const p = params ?? {}
  const r = (rel: unknown): PathUse => ({ rel, access: 'read' })
  const w = (rel: unknown): PathUse => ({ rel, access: 'write' })
  switch (action) {
    case 'info':
    case 'getDeployPreview':
      return []
    case 'entriesByFolder':
      return [r(p.folder)]
    case 'entriesByFiles':
      return (Array.isArray(p.files) ? p.files : [undefined]).map((f: any) => r(f?.path))
    case 'getEntry':
    case 'getMediaFile':
      return [r(p.path)]
    case 'getMedia':
      return [r(p.mediaFolder)]
    case 'persistEntry': {
      const files: any[] = Array.isArray(p.dataFiles) ? p.dataFiles : [p.entry]
      return [
        ...files.flatMap(d => [w(d?.path), ...(d?.newPath !== undefined ? [w(d.newPath)] : [])]),
        ...(Array.isArray(p.assets) ? p.assets : []).map((a: any) => w(a?.path)),
      ]
    }
    case 'persistMedia':
      return [w(p.asset?.path)]
    case 'deleteFile':
      return [{ rel: p.path, access: 'delete' }]
    case 'deleteFiles':
      return (Array.isArray(p.paths) && p.paths.length > 0 ? p.paths : [undefined]).map((rel: unknown) => ({ rel, access: 'delete' as const }))
    default:
      throw new Refused(403, `El editor no permite la operación «${String(action)}».`)
  }
}

/**
 * The decision about `data/` (docs/decisions/staff-tooling.md): the repository root may be the project, which holds `data/`
 * after `npm start`; what the editor can reach is only `manifest/` and `public/assets/`, so it refuses to
 * start when the server's data (DATA_DIR, or a `data/` folder of the repository or project) is inside one
 * of those folders, or one of them is inside the data. Returns the Spanish reason, or undefined.
 */
export function dataExposure(repo: string, root: string, roots: ContentRoots, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = new Set<string>()
  if (env.DATA_DIR) candidates.add(path.resolve(root, env.DATA_DIR))
  candidates.add(path.join(repo, 'data'))
  candidates.add(path.join(root, 'data'))
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue
    const data = fs.realpathSync(c)
    for (const [name, dir] of [
      ['manifest/', roots.manifest],
      ['public/assets/', roots.assets],
    ] as const) {
      if (within(dir, data) || within(data, dir)) {
        return `la carpeta de datos del servidor (${c}) está dentro de ${name} del editor (o al revés): el editor podría leer las solicitudes de los ciudadanos. Use EDITOR_REPO con una copia del proyecto sin datos, o mueva DATA_DIR fuera de ${name}.`
      }
    }
  }
  return undefined
}
