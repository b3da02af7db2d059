import fs from 'node:fs'
import path from 'node:path'
import { loadManifest } from '../manifest/load.ts'
import { phoneById, SEARCH_HELP_PHONES, type FooterPhone } from '../manifest/placeholders.ts'
import type { FormDefinition, Lookups, NewsItem } from '../manifest/types.generated.ts'
import { newsItems } from '../news/news.ts'
import type { SearchDoc } from '../search/types.ts'
import type { NumberingPlan } from './store/store.ts'

/** The forms the server receives (the induction evaluation is never sent). */
export const SERVER_FORMS = ['pqrsd', 'cita', 'historia-clinica', 'suscripcion'] as const
export type ServerFormId = (typeof SERVER_FORMS)[number]

/** Kind (radicaciones.tipo) and series of each filing form. */
export const FILING_PLAN: NumberingPlan = {
  series: { pqrs: 'PQRS', cita: 'CITA', historia: 'HC' },
  subscriptionSeries: 'SUS',
}

export interface SiteData {
  forms: Record<ServerFormId, FormDefinition>
  lookups: Lookups
  news: NewsItem[]
  /** Group path → main child, from pages with `redirigirA`. */
  redirects: Map<string, string>
  searchDocs: SearchDoc[]
  /** Manifest problems the server could live with (files left out); logged at start. */
  warnings: string[]
  /** The page each form is shown on (its `formulario` section), for the links of the no-script answers. */
  formPages: Partial<Record<ServerFormId, string>>
  /** Short name of the institution (site.yaml), for page titles. */
  siteName: string
  /** URLs of the video and embebido sections: their https origins are the frames the CSP allows. */
  embedUrls: string[]
  /** Phones offered when a search finds nothing (the same as the /buscar page's, from its section preparer). */
  searchHelpPhones: FooterPhone[]
}

/**
 * Reads what the server needs from the manifest. Unlike the build, a problem
 * in an unrelated page does not stop the server; a missing or invalid form or
 * lookup file does.
 */
export function loadSiteData(manifestDir: string | undefined, clientDir: string): SiteData {
  const { manifest, problems } = loadManifest(manifestDir)
  const errors = problems.filter((p) => p.level === 'error')
  const forms = {} as Record<ServerFormId, FormDefinition>
  for (const id of SERVER_FORMS) {
    const form = manifest.forms.find((f) => f.data.id === id)?.data
    if (!form) {
      const related = errors.filter((e) => e.file.includes('forms/')).map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`)
      throw new Error(`Falta el formulario «${id}» en manifest/forms o no es válido.${related.length ? '\n' + related.join('\n') : ''}`)
    }
    forms[id] = form
  }
  const lookups = manifest.lookups?.data
  if (!lookups) throw new Error('Falta manifest/forms/lookups.yaml o no es válido; ejecute npm run validate.')
  const redirects = new Map<string, string>()
  for (const { data } of manifest.pages) if (data.redirigirA) redirects.set(data.ruta, data.redirigirA)
  const formPages: Partial<Record<ServerFormId, string>> = {}
  for (const { data } of manifest.pages) {
    for (const s of data.secciones ?? []) {
      if (s.tipo !== 'formulario') continue
      const id = SERVER_FORMS.find((f) => f === s.formulario)
      if (id && !formPages[id]) formPages[id] = data.ruta
    }
  }
  const embedUrls: string[] = []
  for (const { data } of manifest.pages) {
    for (const s of data.secciones ?? []) if ((s.tipo === 'video' || s.tipo === 'embebido') && typeof s.url === 'string') embedUrls.push(s.url)
  }
  const indexFile = path.join(clientDir, 'search-index.json')
  // The index is written by the build (src/renderer/generatedFiles.ts, from the section modules); without a build the API search is empty.
  const searchDocs: SearchDoc[] = fs.existsSync(indexFile) ? (JSON.parse(fs.readFileSync(indexFile, 'utf8')) as SearchDoc[]) : []
  if (!fs.existsSync(indexFile)) errors.push({ file: indexFile, line: 1, col: 1, level: 'error', message: 'falta el índice de búsqueda: ejecute npm run build' })
  return {
    forms,
    lookups,
    news: newsItems(manifest),
    redirects,
    searchDocs,
    warnings: errors.map((e) => `${e.file}:${e.line}:${e.col}: ${e.message}`),
    formPages,
    siteName: manifest.site?.data.nombreCorto ?? manifest.site?.data.nombre ?? 'E.S.E.',
    embedUrls,
    searchHelpPhones: manifest.site ? SEARCH_HELP_PHONES.flatMap((id) => phoneById(manifest.site!.data, id) ?? []) : [],
  }
}
