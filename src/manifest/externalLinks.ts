/**
 * How a link leaving the site is marked, everywhere (components, staff
 * Markdown, news HTML): it opens in a new window, gives the new page no
 * access to ours, and says so to screen readers.
 */
export const EXTERNAL_LINK_TARGET = '_blank'
export const EXTERNAL_LINK_REL = 'noopener noreferrer'
export const EXTERNAL_LINK_CLASS = 'externo'
/** Read by screen readers after the link text (hidden on screen). */
export const NEW_WINDOW_NOTICE = ' (abre en una ventana nueva)'
/**
 * Shown after the text of every link leaving the site (an icon and hidden text alone were not seen by everyone:
 * docs/decisions/accessibility.md); read by screen readers too, before the new-window notice.
 */
export const LEAVES_SITE_CUE = ' (sale del sitio)'
export const LEAVES_SITE_CLASS = 'sale-del-sitio'

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//.test(url)
}

/** Sanitized rich-text HTML with every external link marked as above. */
export function markExternalLinks(html: string): string {
  return html.replace(
    /<a href="(https?:\/\/[^"]+)"([^>]*)>([\s\S]*?)<\/a>/g,
    (_m, href: string, rest: string, text: string) =>
      `<a href="${href}"${rest} target="${EXTERNAL_LINK_TARGET}" rel="${EXTERNAL_LINK_REL}" class="${EXTERNAL_LINK_CLASS}">${text}<span class="${LEAVES_SITE_CLASS}">${LEAVES_SITE_CUE}</span><span class="visually-hidden">${NEW_WINDOW_NOTICE}</span></a>`,
  )
}
