/**
 * After validation, every consumer (renderer, search index, server) reads
 * manifest text with its placeholders already replaced, so a phone number or
 * a year range is computed in one place. `Sourced.source.data` keeps what
 * staff wrote (the validator reads that, with positions).
 */
import type { Manifest } from './manifestShape.ts'
import { contactCell, expandPlaceholders, yearRange, type PlaceholderContext } from './placeholders.ts'
import type { Fila, NewsItem, PageManifest, SiteManifest } from './types.generated.ts'

/** Keys whose value is Markdown: placeholders of phones and e-mails become links there. */
const MARKDOWN_KEYS = new Set(['contenido', 'respuesta', 'cuerpo'])

type Json = unknown

function mapStrings(value: Json, key: string | number | undefined, ctx: PlaceholderContext, rowsOf: (s: Record<string, unknown>) => Fila[]): Json {
  if (typeof value === 'string') return value.includes('((') ? expandPlaceholders(value, ctx, typeof key === 'string' && MARKDOWN_KEYS.has(key)) : value
  if (Array.isArray(value)) return value.map((v, i) => mapStrings(v, i, ctx, rowsOf))
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>
    if (obj.tipo === 'tabla' && Array.isArray(obj.filas)) {
      const filas = (obj.filas as unknown[][]).map(row =>
        row.map((cell, j) => (typeof cell === 'string' ? (contactCell(cell, ctx) ?? mapStrings(cell, j, ctx, rowsOf)) : mapStrings(cell, j, ctx, rowsOf))),
      )
      return { ...mapObject(obj, ctx, rowsOf), filas }
    }
    // In a documents section, ((vigencias)) is the range of that section's rows.
    const inner = obj.tipo === 'documentos' ? { ...ctx, years: yearRange(rowsOf(obj)) ?? ctx.years } : ctx
    return mapObject(obj, inner, rowsOf)
  }
  return value
}

function mapObject(obj: Record<string, unknown>, ctx: PlaceholderContext, rowsOf: (s: Record<string, unknown>) => Fila[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) out[k] = mapStrings(v, k, ctx, rowsOf)
  return out
}

/** Every documents section of a page, nested ones included. */
export function documentSectionsOf(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) documentSectionsOf(v, out)
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>
    if (obj.tipo === 'documentos' && typeof obj.fuente === 'string') out.push(obj)
    for (const v of Object.values(obj)) documentSectionsOf(v, out)
  }
  return out
}

/** The rows a documents section shows: its list, filtered by its category. */
export function rowsOfSectionData(manifest: Manifest, section: Record<string, unknown>): Fila[] {
  const rows = manifest.documents.find(d => d.data.id === section.fuente)?.data.filas ?? []
  return typeof section.categoria === 'string' ? rows.filter(r => r.categoria === section.categoria) : rows
}

/** The year range of every document a page shows («2016 a 2025»), or undefined when it shows none. */
export function pageYearRange(manifest: Manifest, page: unknown): string | undefined {
  return yearRange(documentSectionsOf(page).flatMap(s => rowsOfSectionData(manifest, s)))
}

export function resolvePlaceholders(manifest: Manifest): void {
  const rawSite = manifest.site?.data
  const base: PlaceholderContext = { site: rawSite }
  const rowsOf = (s: Record<string, unknown>) => rowsOfSectionData(manifest, s)
  if (manifest.site) {
    const { contacto, ...rest } = manifest.site.data
    manifest.site = { ...manifest.site, data: { ...(mapObject(rest, base, rowsOf) as Omit<SiteManifest, 'contacto'>), contacto } as SiteManifest }
  }
  manifest.pages = manifest.pages.map(p => {
    const ctx = { ...base, years: pageYearRange(manifest, p.data) }
    return { ...p, data: mapObject(p.data as unknown as Record<string, unknown>, ctx, rowsOf) as unknown as PageManifest }
  })
  manifest.news = manifest.news.map(n => ({ ...n, data: mapObject(n.data as unknown as Record<string, unknown>, base, rowsOf) as unknown as NewsItem }))
}
