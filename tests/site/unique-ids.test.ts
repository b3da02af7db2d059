/**
 * No pre-rendered page repeats an id: a repeated id breaks the page's anchors
 * (a year panel linked as #2025), the labels of form fields and what a screen
 * reader announces (WCAG 2.1, 4.1.1 and 1.3.1). Read from every built page.
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

it('every built page gives each id to one element only', () => {
  const files = pages(clientDir())
  expect(files.length).toBeGreaterThan(100)
  const repeated: string[] = []
  for (const file of files) {
    const ids = parse(fs.readFileSync(file, 'utf8'))
      .querySelectorAll('[id]')
      .map(e => e.id)
    const seen = new Set<string>()
    for (const id of ids) {
      if (seen.has(id)) repeated.push(`${path.relative(clientDir(), file)}: «${id}»`)
      seen.add(id)
    }
  }
  expect(repeated).toEqual([])
})
