import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SITE_ICON } from '../../manifest/urls.ts'

/**
 * The frame of every page the server writes itself (the answers to forms posted
 * without script, the office pages): Spanish, Pico's light theme, the site's own
 * stylesheets and no script or inline style, so the strict Content-Security-Policy
 * (security.ts) holds. React escapes every value put in it.
 */
export function ServerDocument(props: { title: string; styles: readonly string[]; robots: string; bodyClass?: string; children: ReactNode }) {
  return (
    <html lang="es" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content={props.robots} />
        <title>{props.title}</title>
        {/* The site's own icon: without it every browser asks for /favicon.ico and logs a 404 (docs/decisions/accessibility.md). */}
        <link rel="icon" href={SITE_ICON} type="image/svg+xml" />
        {props.styles.map(href => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className={props.bodyClass}>{props.children}</body>
    </html>
  )
}

/** A whole page as the server sends it: the doctype (React writes none), then the markup. */
export function renderDocument(page: ReactElement): string {
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`
}
