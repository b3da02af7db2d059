import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientDir, renderedPage } from '../helpers/builtSite.ts'

/**
 * A section's styles live in its folder (src/renderer/sections/<tipo>/styles.css) and reach every
 * page in one sheet, after Pico and the global sheets, so a section's rule still overrides Pico's
 * and the cascade is the one the sheets had when they were one (docs/decisions/rendering.md).
 */
const SECTIONS_DIR = path.resolve('src/renderer/sections')
const sectionSheets = fs
  .readdirSync(SECTIONS_DIR, { withFileTypes: true })
  .filter(e => e.isDirectory() && fs.existsSync(path.join(SECTIONS_DIR, e.name, 'styles.css')))
  .map(e => e.name)

/** The first class a sheet styles, as it appears in the minified output. */
function firstClass(tipo: string): string {
  const css = fs.readFileSync(path.join(SECTIONS_DIR, tipo, 'styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  return /\.([a-z][a-z-]*)/.exec(css)![1]!
}

describe('section styles in the built site', () => {
  for (const route of ['/', '/buscar']) {
    it(`${route}: Pico first, the global sheets, then one sheet with every section's styles`, () => {
      const links = renderedPage(route)
        .querySelectorAll('link[rel="stylesheet"]')
        .map(l => l.getAttribute('href') ?? '')
      expect(links.length).toBe(5)
      expect(links[0]).toMatch(/picocss/)
      expect(links.slice(1, 4).map(h => /styles_(\w+)-/.exec(h)?.[1])).toEqual(['site', 'forms', 'interactive'])
      const sections = fs.readFileSync(path.join(clientDir(), links[4]!), 'utf8')
      expect(sectionSheets.length).toBeGreaterThan(5)
      for (const tipo of sectionSheets) expect(sections, tipo).toContain(`.${firstClass(tipo)}`)
    })
  }
})
