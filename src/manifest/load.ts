import fs from 'node:fs'
import path from 'node:path'
import { readManifestSnapshot } from './manifestSnapshot.ts'
import { manifestDir } from './paths.ts'
import type { Problem } from './problem.ts'
import { withConsentField } from './privacyNotice.ts'
import { resolvePlaceholders } from './resolve.ts'
import { manifestValidators, type ManifestKind } from './schemas.ts'
import { relevantErrors, translateAjvError } from './schemaMessages.ts'
import { problemAt, readYaml } from './yamlSource.ts'
import type { Declared, Manifest, Sourced } from './manifestShape.ts'
import type { DocumentList, FormDefinition, Lookups, MatrizITA, NewsItem, PageManifest, SiteManifest } from './types.generated.ts'

// The manifest's shape lives in its own module so resolve.ts can use it without importing the loader back.
export type { Declared, Manifest, Sourced } from './manifestShape.ts'

export interface LoadResult {
  manifest: Manifest
  problems: Problem[]
}

function yamlFilesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...yamlFilesUnder(full))
    else if (/\.ya?ml$/.test(entry.name)) out.push(full)
  }
  return out.sort()
}

const DECLARING_KEY: Partial<Record<ManifestKind, { key: string; set: 'routes' | 'documentIds' | 'formIds' }>> = {
  page: { key: 'ruta', set: 'routes' },
  documents: { key: 'id', set: 'documentIds' },
  form: { key: 'id', set: 'formIds' },
}

function declare(declared: Declared, kind: ManifestKind, file: string, data: unknown): void {
  declared.files.add(file)
  const d = DECLARING_KEY[kind]
  if (!d) return
  let value: unknown = data && typeof data === 'object' ? (data as Record<string, unknown>)[d.key] : undefined
  if (value === undefined) {
    const m = new RegExp(`^${d.key}:\\s*["']?([^"'\\s#]+)`, 'm').exec(fs.readFileSync(file, 'utf8'))
    value = m?.[1]
  }
  if (typeof value === 'string') declared[d.set].add(value)
}

function loadOne<T>(file: string, kind: ManifestKind, problems: Problem[], declared: Declared): Sourced<T> | undefined {
  const { source, problems: syntax } = readYaml(file)
  problems.push(...syntax)
  if (!source) {
    declare(declared, kind, file, undefined)
    return undefined
  }
  if (source.data === null || typeof source.data !== 'object' || Array.isArray(source.data)) {
    problems.push(problemAt(source, [], 'el archivo debe contener un bloque de campos (clave: valor)'))
    declared.files.add(file)
    return undefined
  }
  const validate = manifestValidators()[kind]
  if (!validate(source.data)) {
    declare(declared, kind, file, source.data)
    declared.invalid?.push({ source, data: source.data })
    for (const error of relevantErrors(validate.errors ?? [])) {
      const t = translateAjvError(error, source.data)
      problems.push(problemAt(source, t.path, t.message, 'error', t.atKey))
    }
    return undefined
  }
  return { source, data: source.data as T }
}

type Loader = <T>(file: string, kind: ManifestKind) => Sourced<T> | undefined

function loadFormFiles(manifest: Manifest, load: Loader): void {
  for (const f of yamlFilesUnder(path.join(manifest.dir, 'forms'))) {
    if (path.basename(f).startsWith('lookups.')) manifest.lookups = load<Lookups>(f, 'lookups')
    else {
      const form = load<FormDefinition>(f, 'form')
      if (form) manifest.forms.push(form)
    }
  }
}

/** An empty manifest of a folder with its site.yaml read (when the file exists), and the loader that records problems. */
function startLoad(dir: string): LoadResult & { load: Loader } {
  const problems: Problem[] = []
  const declared: Declared = { routes: new Set(), documentIds: new Set(), formIds: new Set(), files: new Set(), invalid: [] }
  const manifest: Manifest = { dir, declared, pages: [], documents: [], forms: [], news: [] }
  const load: Loader = (file, kind) => loadOne(file, kind, problems, declared)
  const siteFile = path.join(dir, 'site.yaml')
  if (fs.existsSync(siteFile)) manifest.site = load<SiteManifest>(siteFile, 'site')
  return { manifest, problems, load }
}

/**
 * A form with `avisoPrivacidad` gets its consent checkbox here, once, from
 * site.yaml's notice (privacyNotice.ts): every consumer reads the effective
 * form. `source.data` keeps what staff wrote.
 */
function addConsentFields(manifest: Manifest): void {
  const notice = manifest.site?.data.avisoPrivacidad
  manifest.forms = manifest.forms.map(f => ({ ...f, data: withConsentField(f.data, notice) }))
}

/**
 * Only manifest/forms (form definitions and lookups) and site.yaml (the
 * privacy notice the forms carry), schema-validated: for the commands that
 * need nothing else (export, usuarios), which would otherwise read every page
 * and document list.
 */
export function loadForms(dir = manifestDir()): LoadResult {
  const { manifest, problems, load } = startLoad(dir)
  loadFormFiles(manifest, load)
  addConsentFields(manifest)
  return { manifest, problems }
}

/** Reads and schema-validates every manifest file. Invalid files are reported and left out. */
export function loadManifest(dir = manifestDir()): LoadResult {
  const { manifest, problems, load } = startLoad(dir)
  if (!fs.existsSync(path.join(dir, 'site.yaml')))
    problems.push({ file: 'manifest/site.yaml', line: 1, col: 1, message: 'falta el archivo site.yaml', level: 'error' })
  for (const f of yamlFilesUnder(path.join(dir, 'pages'))) {
    const page = load<PageManifest>(f, 'page')
    if (page) manifest.pages.push(page)
  }
  for (const f of yamlFilesUnder(path.join(dir, 'documents'))) {
    const docs = load<DocumentList>(f, 'documents')
    if (docs) manifest.documents.push(docs)
  }
  loadFormFiles(manifest, load)
  for (const f of yamlFilesUnder(path.join(dir, 'news'))) {
    const item = load<NewsItem>(f, 'news')
    if (item) manifest.news.push(item)
  }
  const itaFile = path.join(dir, 'ita.yaml')
  if (fs.existsSync(itaFile)) manifest.ita = load<MatrizITA>(itaFile, 'ita')
  resolvePlaceholders(manifest)
  addConsentFields(manifest)
  return { manifest, problems }
}

/**
 * Kept on globalThis: under `npm run dev` the renderer's copy of this module (loaded by the bundler)
 * and the file watcher's copy (loaded by Node) are two instances; both must see one cache.
 */
const CACHE_KEY = Symbol.for('ese.manifest.cache')
const shared = globalThis as Record<symbol, unknown>
shared[CACHE_KEY] ??= new Map<string, Manifest>()
const cache = shared[CACHE_KEY] as Map<string, Manifest>

/** Forgets loaded manifests, so the next render reads the files again (live preview). */
export function forgetCachedManifests(): void {
  cache.clear()
}

/** The manifest for rendering: loads once per process and refuses to render an invalid one. */
export function loadValidManifestCached(dir = manifestDir()): Manifest {
  const cached = cache.get(dir)
  if (cached) return cached
  // A build's pre-render process: the manifest the build has just validated (manifestSnapshot.ts).
  const validated = readManifestSnapshot(dir)
  if (validated) {
    cache.set(dir, validated)
    return validated
  }
  const { manifest, problems } = loadManifest(dir)
  const errors = problems.filter(p => p.level === 'error')
  if (errors.length > 0) {
    throw new Error(`El manifiesto tiene errores; ejecute npm run validate.\n${errors.map(e => `${e.file}:${e.line}:${e.col}: ${e.message}`).join('\n')}`)
  }
  cache.set(dir, manifest)
  return manifest
}
