import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { markExternalLinks } from '../manifest/externalLinks.ts'
import { markdownStore } from './markdownStore.ts'

const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
}

export function sanitize(html: string): string {
  return markExternalLinks(sanitizeHtml(html, ALLOWED))
}

/** Markdown written by staff, rendered and sanitized at build time (or taken from the pre-render's store, markdownStore.ts). */
export function markdownToHtml(md: string): string {
  const store = markdownStore()
  const kept = store?.get(md)
  if (kept !== undefined) return kept
  const html = sanitize(marked.parse(md, { async: false, gfm: true }))
  store?.set(md, html)
  return html
}
