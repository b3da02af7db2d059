import { createElement, type ReactNode } from 'react'

/**
 * True in the production browser build only, where the components run on
 * Preact (vite.config.ts). Pre-rendering, tests and `npm run dev` (React in
 * the browser) render everything.
 */
export const LAYOUT_KEPT_IN_BROWSER = import.meta.env.PROD && !import.meta.env.SSR

/** An empty `__html` that is never applied: see KeptInBrowser. */
const SERVER_MARKUP = { __html: '' }

/**
 * Markup rendered at build time and left as it is in the browser: the
 * header, breadcrumb, side menu and footer have no React state (their
 * controls are framework-free, src/renderer/client), yet hydrating them was
 * most of the hydration work of an interactive page (Lighthouse).
 * In the browser this renders only the outer element with
 * `dangerouslySetInnerHTML`, which Preact does not apply while hydrating:
 * the pre-rendered children stay, with no component run and no node
 * compared. `tag` and `className` are those of the outer element the
 * children render; the browser never renders it again with other data,
 * because every page is a full page load (server routing, +config.ts).
 */
export function KeptInBrowser({ tag, className, children }: { tag: string; className: string; children: ReactNode }) {
  if (!LAYOUT_KEPT_IN_BROWSER) return children
  return createElement(tag, { className, dangerouslySetInnerHTML: SERVER_MARKUP })
}
