/**
 * The pre-rendered HTML of representative pages, compared with stored copies (issue 29, item 3: cheaper pages
 * with the HTML unchanged). Changes to how pages are pre-rendered (parts rendered once and reused, fewer hooks)
 * must not change a byte a visitor receives; a change that is meant to change pages updates the copies with
 * `npx vitest run tests/site/prerendered-html.test.ts -u` and shows the difference in its commit.
 *
 * The pages: a plain-HTML page with accordions (React ids), a document list, a hydrated form page (page data
 * serialized for the browser) and the error page (its own data hook). Normalised: runs of white space become one
 * space, and the content hash in the bundle's file names is left out (it changes with any code change, and the
 * bundles are not what these copies guard).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientDir, htmlFileFor } from '../helpers/builtSite.ts'

const PAGES: Record<string, string> = {
  'hospital-mipg': '/hospital/mipg',
  'contratacion-adquisiciones': '/contratacion/adquisiciones',
  acceder: '/acceder',
}

/**
 * Bundle file names (`/_app/…/name.HASH.js`, `chunk-HASH.js`) without their hash; white space collapsed; a line break
 * after each `>` so that a difference shows as a readable line (React writes a page as one line).
 */
function normalisedHtml(html: string): string {
  return html
    .replace(/(\/_app\/[^"' ]*?)[.-][A-Za-z0-9_-]{8}\.(js|css)\b/g, '$1.HASH.$2')
    .replace(/\s+/g, ' ')
    .replace(/>/g, '>\n')
}

const stored = (name: string) => path.join(import.meta.dirname, '__snapshots__', 'paginas', `${name}.html`)

describe('pre-rendered pages are unchanged by how they are rendered', () => {
  for (const [name, route] of Object.entries(PAGES)) {
    it(`${route} is the stored page`, async () => {
      await expect(normalisedHtml(fs.readFileSync(htmlFileFor(route), 'utf8'))).toMatchFileSnapshot(stored(name))
    })
  }

  it('the error page (404.html) is the stored page', async () => {
    await expect(normalisedHtml(fs.readFileSync(path.join(clientDir(), '404.html'), 'utf8'))).toMatchFileSnapshot(stored('404'))
  })
})
