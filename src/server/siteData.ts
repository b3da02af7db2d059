import fs from 'node:fs'
import path from 'node:path'
import { filingFormDefect, filingForms, type FilingForm } from '../manifest/filingForms.ts'
import { loadForms, loadManifest, type LoadResult, type Manifest } from '../manifest/load.ts'
import { manifestDir as defaultManifestDir } from '../manifest/paths.ts'
import { phoneById, SEARCH_HELP_PHONES } from '../manifest/placeholders.ts'
import type { PrivacyNotice } from '../manifest/privacyNotice.ts'
import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { newsItems } from '../news/news.ts'
import { createSearcher } from '../search/search.ts'
import type { SearchDoc } from '../search/searchDoc.ts'
import { type KeptSiteData, readSiteDataFile, writeSiteDataFile } from './siteDataFile.ts'
import type { SiteData } from './siteDataShape.ts'
import type { NumberingPlan } from './store/store.ts'

/** The numbering plan of the filing forms: each `radicacion.tipo` → its `serie`, and the newsletter's series. */
export function numberingPlan(filings: readonly FilingForm[]): NumberingPlan {
  return {
    series: Object.fromEntries(filings.filter(f => f.clase === 'radicacion').map(f => [f.kind, f.serie])),
    subscriptionSeries: filings.find(f => f.clase === 'suscripcion')?.serie,
  }
}

/**
 * The filing forms of a manifest folder and their numbering plan, for the
 * commands that need no site (the export, the tests). A form with an error
 * stops them, with its file:line:col.
 */
export function loadFilingForms(manifestDir?: string): FilingSetup {
  return filingSetup(loadForms(manifestDir))
}

export interface FilingSetup {
  filings: FilingForm[]
  plan: NumberingPlan
  forms: FormDefinition[]
  lookups: Lookups | undefined
  /** site.yaml's privacy notice: its version is stored with every authorization. */
  privacyNotice: PrivacyNotice | undefined
  /** site.yaml's `nombre`: the hospital, e.g. the issuer an authenticator app shows. */
  siteName: string | undefined
}

function filingSetup({ manifest, problems }: LoadResult): FilingSetup {
  const formErrors = problems.filter(p => p.level === 'error' && /(^|[\\/])forms[\\/]/.test(p.file))
  if (formErrors.length > 0)
    throw new Error(`Hay errores en los formularios de manifest/forms:\n${formErrors.map(e => `${e.file}:${e.line}:${e.col}: ${e.message}`).join('\n')}`)
  const forms = manifest.forms.map(f => f.data)
  for (const form of manifest.forms) {
    const defect = filingFormDefect(form.data)
    if (defect) throw new Error(`${form.source.file}: ${defect}`)
  }
  const filings = filingForms(forms)
  return {
    filings,
    plan: numberingPlan(filings),
    forms,
    lookups: manifest.lookups?.data,
    privacyNotice: manifest.site?.data.avisoPrivacidad,
    siteName: manifest.site?.data.nombre,
  }
}

// The shape lives in its own module so the kept file's module (siteDataFile.ts) can use it without importing this one.
export type { SiteData } from './siteDataShape.ts'

/** The search index a build wrote into its client folder; undefined when there is none or it cannot be read. */
export function readSearchIndex(clientDir: string): SearchDoc[] | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, SEARCH_INDEX_FILE), 'utf8')) as SearchDoc[]
  } catch {
    return undefined
  }
}

const SEARCH_INDEX_FILE = 'search-index.json'
type Searcher = (query: string, limit?: number) => SearchDoc[]

/**
 * How many search indexes the process keeps ready, for all its sites together (docs/decisions/platform.md, «Memory
 * flat in the number of sites»). An index is a site's largest state in memory (its documents' titles, folded, and
 * Fuse's index: about 1.5 MiB for the sample site) and is used only by a search, so it is built on the first search
 * and dropped for the index searched longest ago, not kept by every site in memory.
 */
export const SEARCH_INDEXES_KEPT = 16
const searchers = new Map<string, Searcher>()

/** The searcher of an index file as it is now on disk (path, size and time: a new build is a new key), or undefined. */
function searcherOf(clientDir: string): Searcher | undefined {
  const file = path.join(clientDir, SEARCH_INDEX_FILE)
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat) return undefined
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`
  const kept = searchers.get(key)
  if (kept) {
    // Most recently used last: Map keeps insertion order.
    searchers.delete(key)
    searchers.set(key, kept)
    return kept
  }
  const docs = readSearchIndex(clientDir)
  if (!docs) return undefined
  const search = createSearcher(docs)
  searchers.set(key, search)
  while (searchers.size > SEARCH_INDEXES_KEPT) searchers.delete(searchers.keys().next().value!)
  return search
}

/** How many search indexes are built and kept now (the tests' view of the bound). */
export function searchIndexesInMemory(): number {
  return searchers.size
}

/**
 * The site search of the build being served: after `npm run publicar`
 * switches the folder, the next search reads that build's index, so the API
 * and the no-script /buscar page find the documents just published without a
 * restart. An unreadable index keeps the last good one (read again if it left memory); none at all finds nothing.
 */
export function servedSearch(root: { current(): string }): Searcher {
  let lastGood: string | undefined
  return (query, limit) => {
    const dir = root.current()
    const current = searcherOf(dir)
    if (current) {
      lastGood = dir
      return current(query, limit)
    }
    const previous = lastGood === undefined ? undefined : searcherOf(lastGood)
    return previous ? previous(query, limit) : []
  }
}

/**
 * Reads what the server needs from the manifest: the file its build wrote beside the pages when the manifest is still
 * what that build read (siteDataFile.ts: a read of about 30 KB instead of parsing every page), else the manifest
 * itself. Unlike the build, a problem in an unrelated page does not stop the server; a missing or invalid form or
 * lookup file does.
 */
export function loadSiteData(manifestDir: string | undefined, clientDir: string): SiteData {
  const kept = readSiteDataFile(clientDir, manifestDir ?? defaultManifestDir())
  const data = (kept && siteDataFromKept(kept)) ?? deriveSiteData(loadManifest(manifestDir))
  const indexFile = path.join(clientDir, SEARCH_INDEX_FILE)
  // The index is written by the build (src/renderer/generatedFiles.ts, from the section modules), and read on the
  // first search (servedSearch); without a build the API search is empty.
  if (!fs.existsSync(indexFile)) return { ...data, warnings: [...data.warnings, `${indexFile}:1:1: falta el índice de búsqueda: ejecute npm run build`] }
  return data
}

/** What the server needs from a loaded manifest (the build keeps it in siteDataFile.ts; the server derives it when it cannot). */
export function deriveSiteData(loaded: LoadResult): SiteData {
  const { filings, plan, privacyNotice } = filingSetup(loaded)
  const { manifest, problems } = loaded
  const lookups = manifest.lookups?.data
  if (!lookups) throw new Error('Falta manifest/forms/lookups.yaml o no es válido; ejecute npm run validate.')
  const redirects = new Map<string, string>()
  for (const { data } of manifest.pages) if (data.redirigirA) redirects.set(data.ruta, data.redirigirA)
  const formPages: Record<string, string> = {}
  for (const { data } of manifest.pages) {
    for (const s of data.secciones ?? []) {
      if (s.tipo === 'formulario' && !Object.hasOwn(formPages, s.formulario)) formPages[s.formulario] = data.ruta
    }
  }
  const reportPages = manifest.pages.filter(({ data }) => (data.secciones ?? []).some(s => s.tipo === 'informeSolicitudes')).map(({ data }) => data.ruta)
  const embedUrls: string[] = []
  for (const { data } of manifest.pages) {
    for (const s of data.secciones ?? []) if ((s.tipo === 'video' || s.tipo === 'embebido') && typeof s.url === 'string') embedUrls.push(s.url)
  }
  return {
    filings,
    plan,
    lookups,
    privacyNotice,
    news: newsItems(manifest),
    redirects,
    warnings: problems.filter(p => p.level === 'error').map(e => `${e.file}:${e.line}:${e.col}: ${e.message}`),
    formPages,
    siteName: manifest.site?.data.nombreCorto ?? manifest.site?.data.nombre ?? 'E.S.E.',
    supersaludPhone: manifest.site ? phoneById(manifest.site.data, 'supersalud')?.numero : undefined,
    embedUrls,
    reportPages,
    searchHelpPhones: manifest.site ? SEARCH_HELP_PHONES.flatMap(id => phoneById(manifest.site!.data, id) ?? []) : [],
  }
}

/** Kept by a build that read `manifest` (whose files hashed to `key` before it read them), for the server to read back. */
export function keepSiteData(clientDir: string, key: string, manifest: Manifest): void {
  const { filings: _filings, plan: _plan, redirects, ...rest } = deriveSiteData({ manifest, problems: [] })
  writeSiteDataFile(clientDir, key, { ...rest, forms: manifest.forms.map(f => f.data), redirects: [...redirects] })
}

/** The site data of a kept file, its filings derived again; undefined when a form of it is not one the server can receive. */
function siteDataFromKept({ forms, redirects, ...rest }: KeptSiteData): SiteData | undefined {
  if (forms.some(form => filingFormDefect(form))) return undefined
  const filings = filingForms(forms)
  return { ...rest, filings, plan: numberingPlan(filings), redirects: new Map(redirects) }
}
