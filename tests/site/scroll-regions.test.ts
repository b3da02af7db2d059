/**
 * A table wider than a 320 px screen scrolls inside its own box (WCAG 1.4.10), and a keyboard user must be able to
 * reach and scroll it (2.1.1): every scroll box of every built page is a focusable region with a name
 * (docs/decisions/accessibility.md), the rule axe's scrollable-region-focusable checks at that width.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { parse } from 'node-html-parser'
import { clientDir } from '../helpers/builtSite.ts'

function pages(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap(e => (e.isDirectory() ? pages(path.join(dir, e.name)) : e.name === 'index.html' ? [path.join(dir, e.name)] : []))
}

it('every scroll box of every built page is focusable (tabindex 0), a region, and named', () => {
  const files = pages(clientDir())
  expect(files.length).toBeGreaterThan(100)
  const unreachable: string[] = []
  let boxes = 0
  for (const file of files) {
    for (const box of parse(fs.readFileSync(file, 'utf8')).querySelectorAll('.overflow-auto')) {
      boxes++
      const named = Boolean(box.getAttribute('aria-label')?.trim() || box.getAttribute('aria-labelledby'))
      if (box.getAttribute('tabindex') !== '0' || box.getAttribute('role') !== 'region' || !named)
        unreachable.push(`${path.relative(clientDir(), file)}: ${box.outerHTML.slice(0, 80)}`)
    }
  }
  expect(boxes).toBeGreaterThan(0)
  expect(unreachable).toEqual([])
})
