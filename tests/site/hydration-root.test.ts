/**
 * Hydration moves nothing (docs/decisions/accessibility.md): every page's `<div id="root">` holds exactly what the
 * browser renders into it, starting with the skip link. React's server renderer put its image preload hints at the
 * root's start; hydration then moved the whole page in front of them, and a keyboard user who had tabbed into the
 * header before the page hydrated lost focus. The hints live in `<head>`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { clientDir } from '../helpers/builtSite.ts'

function pages(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap(e => (e.isDirectory() ? pages(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []))
}

it('every built page starts its root with the skip link and keeps the logos’ preload hints in its head', () => {
  const files = pages(clientDir())
  expect(files.length).toBeGreaterThan(100)
  const wrong: string[] = []
  for (const file of files) {
    const html = fs.readFileSync(file, 'utf8')
    if (!html.includes('<div id="root">')) continue
    const name = path.relative(clientDir(), file)
    const root = html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length)
    if (!root.startsWith('<a class="saltar"')) wrong.push(`${name}: la raíz empieza por ${root.slice(0, 60)}`)
    const head = html.slice(0, html.indexOf('</head>'))
    if (!/<link rel="preload" as="image" href="\/assets\/identidad\/govco\.svg"/.test(head)) wrong.push(`${name}: sin la precarga del logo de GOV.CO en <head>`)
  }
  expect(wrong).toEqual([])
})
