import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const ALLOWED = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['scope'], td: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
}

/** External links in rich text open away from the site, announced to screen readers. */
function markExternalLinks(html: string): string {
  return html.replace(/<a href="(https?:\/\/[^"]+)"([^>]*)>([\s\S]*?)<\/a>/g, (_m, href: string, rest: string, text: string) =>
    `<a href="${href}"${rest} target="_blank" rel="noopener noreferrer" class="externo">${text}<span class="visually-hidden"> (abre en una ventana nueva)</span></a>`,
  )
}

export function sanitize(html: string): string {
  return markExternalLinks(sanitizeHtml(html, ALLOWED))
}

/** Markdown written by staff, rendered and sanitized at build time. */
export function markdownToHtml(md: string): string {
  return sanitize(marked.parse(md, { async: false, gfm: true }))
}
