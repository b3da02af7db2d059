import { createElement, type ReactNode } from 'react'

/**
 * Layout parts that are the same on every page (the footer's columns with the newsletter form, the header's
 * tools row) rendered once per pre-rendering process and reused as markup (docs/decisions/header-and-editor.md). React's server
 * renderer, and the garbage it leaves, was the largest per-page cost of a build; a part that depends only on the
 * site's data gives the same markup on every page, so rendering it a thousand times bought nothing.
 *
 * The renderer is handed in by server-only code (src/renderer/pageData.ts, loaded by the pages' data hooks): a
 * static import of react-dom/server here would reach the browser bundle, which also runs the layout.
 * Production only: under `npm run dev` a component edited in place must show at once, so nothing is cached.
 */
type RenderToString = (node: ReactNode) => string

let renderToString: RenderToString | undefined
/** Markup inside the outer element, per key object (the page data's `layout`, one object per loaded manifest) and part. */
const cache = new WeakMap<object, Map<string, string | null>>()

/**
 * `<tag class="className">` with the markup `children` render, rendered once per `sameOnEveryPage` object during the
 * pre-render; elsewhere (the browser, `npm run dev`, tests) simply `children`. `children` must render exactly that
 * element, and depend on nothing but `sameOnEveryPage` (the page data's `layout`): never on the page's route.
 * A part with an image is rendered with its page (React announces a page's images at its start: see innerMarkup).
 */
export function RenderedOnce({ tag, className, sameOnEveryPage, children }: { tag: string; className: string; sameOnEveryPage: object; children: ReactNode }) {
  const inner = markupRenderedOnce(sameOnEveryPage, tag, className, children)
  return inner === undefined ? children : createElement(tag, { className, dangerouslySetInnerHTML: { __html: inner } })
}

/** Called once by server-only code; without it every part is rendered with its page (tests, the browser). */
export function renderLayoutPartsWith(render: RenderToString): void {
  renderToString = render
}

/**
 * The markup inside `<tag class="className">…</tag>` that `node` renders, from the first page that rendered it with
 * the same `key`; undefined when parts are not reused here, or when `node` does not render exactly that one
 * element (then the page renders it itself, as before).
 */
function markupRenderedOnce(key: object, tag: string, className: string, node: ReactNode): string | undefined {
  if (!renderToString || !import.meta.env.SSR || !import.meta.env.PROD) return undefined
  let parts = cache.get(key)
  if (!parts) {
    parts = new Map()
    cache.set(key, parts)
  }
  const part = `${tag}.${className}`
  if (!parts.has(part)) parts.set(part, innerMarkup(renderToString(node), tag, className))
  return parts.get(part) ?? undefined
}

/**
 * `<tag class="className">inner</tag>` → inner; null for any other shape, among them markup that starts with
 * React's `<link rel="preload" as="image">` for an image inside: in a whole page React lists those at the page's
 * start, so a part with an image rendered apart would lose them from the page.
 */
function innerMarkup(html: string, tag: string, className: string): string | null {
  const open = `<${tag} class="${className}">`
  const close = `</${tag}>`
  if (!html.startsWith(open) || !html.endsWith(close)) return null
  const inner = html.slice(open.length, html.length - close.length)
  // A second element of the same tag at the top level would make the slice wrong: render it with the page instead.
  return inner.includes(open) ? null : inner
}
