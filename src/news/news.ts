import { EXTERNAL_LINK_REL } from '../manifest/externalLinks.ts'
import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import type { Manifest } from '../manifest/load.ts'
import type { NewsItem } from '../manifest/types.generated.ts'

/** News fields are Markdown (or HTML) written by staff: only formatting and links survive. */
const NEWS_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'span'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: EXTERNAL_LINK_REL }) },
}

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, NEWS_HTML)
}

/**
 * A news field written in Markdown, like every other text staff write, to
 * sanitized HTML. HTML written by hand is Markdown too (raw HTML passes
 * through the parser), so older HTML news keep working.
 */
export function newsMarkdownToHtml(text: string): string {
  return sanitizeNewsHtml(marked.parse(text, { async: false, gfm: true })).trim()
}

export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
}

/** News items with their Markdown rendered to sanitized HTML, newest first. */
export function newsItems(manifest: Manifest): NewsItem[] {
  return manifest.news
    .map(({ data }) => ({
      ...data,
      encabezado: data.encabezado ? newsMarkdownToHtml(data.encabezado) : undefined,
      titulo: sanitizeNewsHtml(data.titulo),
      dependencia: newsMarkdownToHtml(data.dependencia),
      cuerpo: newsMarkdownToHtml(data.cuerpo),
    }))
    .sort((a, b) => b.fechaCreacion.localeCompare(a.fechaCreacion) || a.id.localeCompare(b.id))
}

/** How many news items the home page's latest-news block shows (the spec leaves it open). */
export const HOME_NEWS_COUNT = 3
