/**
 * React's server renderer writes a `<link rel="preload" as="image">` for each eagerly loaded image of the page
 * (here the GOV.CO bar's two logos). Rendering the page's body rather than a whole document, it has no `<head>` to
 * put them in, so they open `<div id="root">`, before the skip link. The browser renders no such elements, so
 * hydration found two unexpected nodes first and moved the skip link, header, main and footer in front of them:
 * every element of the page left the document for an instant, and a keyboard user who had already tabbed into the
 * header (a slow phone hydrates seconds after the first paint) lost focus to the top of the page
 * (docs/decisions/accessibility.md, «Hydration moves nothing»). As each page is written, the hints go to `<head>`,
 * where a preload belongs: the same images, fetched as early, and a root holding exactly what the browser renders.
 */
const ROOT_OPEN = '<div id="root">'
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/

export function imagePreloadsToHead(html: string): string {
  const start = html.indexOf(ROOT_OPEN)
  const head = html.indexOf('</head>')
  if (start < 0 || head < 0 || head > start) return html
  const inside = start + ROOT_OPEN.length
  const links = LEADING_IMAGE_PRELOADS.exec(html.slice(inside))?.[0]
  if (!links) return html
  return `${html.slice(0, head)}${links}\n${html.slice(head, inside)}${html.slice(inside + links.length)}`
}
