/**
 * docs/decisions/testing.md: parts of the layout that are the same on every page (the header's tools row, the footer's columns
 * with the newsletter form) are rendered once per pre-rendering process and reused as markup
 * (src/renderer/layout/renderedOnce.ts). Reusing them must not change a byte of any page: every route's header and
 * footer, rendered with the parts reused, is the markup they have when each page renders them itself. Compared on
 * the site's own content, so it holds whatever the hospital writes (no stored copies to update).
 */
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { Footer } from '../../src/renderer/layout/Footer.tsx'
import { Header } from '../../src/renderer/layout/Header.tsx'
import { renderLayoutPartsWith } from '../../src/renderer/layout/renderedOnce.ts'
import { buildPageData } from '../../src/renderer/pageData.ts'

const { manifest } = loadManifest()
const routes = manifest.pages.filter(p => !p.data.redirigirA).map(p => p.data.ruta)

function headerAndFooter(ruta: string): string {
  const data = buildPageData(manifest, ruta)
  // renderToString, as vike-react renders a page (its text separators are part of the markup).
  return renderToString(
    <>
      <Header layout={data.layout} ruta={data.ruta} />
      <Footer layout={data.layout} />
    </>,
  )
}

afterEach(() => {
  vi.unstubAllEnvs()
  renderLayoutPartsWith(renderToString)
})

it('every route has the same header and footer with the shared parts rendered once as when each page renders them', () => {
  // Outside a production pre-render nothing is reused: this is each page rendering its own parts.
  const ownParts = routes.map(headerAndFooter)
  // The pre-render's conditions, with a renderer that counts the parts it renders.
  vi.stubEnv('PROD', true)
  vi.stubEnv('SSR', true)
  let rendered = 0
  renderLayoutPartsWith(node => {
    rendered++
    return renderToString(node)
  })
  const reused = routes.map(headerAndFooter)
  expect(reused).toEqual(ownParts)
  // Each shared part once for the whole site (the header's tools row, the footer's columns), not once per page.
  expect(rendered).toBe(2)
  expect(routes.length).toBeGreaterThan(100)
})
