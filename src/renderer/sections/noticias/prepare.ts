import sanitizeHtml from 'sanitize-html'
import type { Manifest } from '../../../manifest/load.ts'
import type { SeccionNoticias } from '../../../manifest/types.generated.ts'
import { HOME_NEWS_COUNT, newsItems, plainText } from '../../../news/news.ts'

/** One news item as the browser receives it: HTML already sanitized at build time. */
export interface PreparedNoticia {
  id: string
  /** HTML (sanitized); absent when the item has no header */
  encabezado?: string
  /** Inline HTML only (it goes inside a heading) */
  titulo: string
  /** HTML (sanitized) */
  dependencia: string
  /** HTML (sanitized); the home block gets an empty body and a plain-text summary instead */
  cuerpo: string
  /** Plain-text summary of the body */
  resumen: string
  /** yyyy-MM-dd */
  fechaCreacion: string
  /** sample text the hospital must replace */
  muestra?: boolean
}

const SUMMARY_LENGTH = 200

/** A heading may hold only phrasing content: block tags of the title are unwrapped. */
function inlineOnly(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['strong', 'em', 'b', 'i', 'u', 'span', 'br'],
    allowedAttributes: {},
  }).trim()
}

function summary(html: string): string {
  const text = plainText(html)
  return text.length <= SUMMARY_LENGTH ? text : text.slice(0, SUMMARY_LENGTH).replace(/\s+\S*$/, '') + '…'
}

/** Server-side preparer of the `noticias` section (see prepare.ts). */
export function prepareNoticias(section: SeccionNoticias, manifest: Manifest): { items: PreparedNoticia[] } {
  const all = newsItems(manifest)
  const latest = section.vista === 'ultimas'
  const items = (latest ? all.slice(0, HOME_NEWS_COUNT) : all).map(n => ({
    id: n.id,
    ...(n.encabezado ? { encabezado: n.encabezado } : {}),
    titulo: inlineOnly(n.titulo),
    dependencia: n.dependencia,
    cuerpo: latest ? '' : n.cuerpo,
    resumen: summary(n.cuerpo),
    fechaCreacion: n.fechaCreacion,
    ...(n.muestra ? { muestra: true } : {}),
  }))
  return { items }
}
