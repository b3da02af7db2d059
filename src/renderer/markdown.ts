import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { markExternalLinks } from '../manifest/externalLinks.ts'

const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
}

export function sanitize(html: string): string {
  return markExternalLinks(sanitizeHtml(html, ALLOWED))
}

/** Markdown written by staff, rendered and sanitized at build time. */
export function markdownToHtml(md: string): string {
  return sanitize(marked.parse(md, { async: false, gfm: true }))
}
