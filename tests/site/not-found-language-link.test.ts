/**
 * The «not found» page answers at any unknown address and has none of its own: its «Español» link leads to a page
 * that exists (the home page), never to /404 (docs/decisions/accessibility.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { parse } from 'node-html-parser'
import { clientDir, htmlFileFor } from '../helpers/builtSite.ts'

it('the 404 page links «Español» to a built page', () => {
  const page = parse(fs.readFileSync(path.join(clientDir(), '404.html'), 'utf8'))
  const spanish = page.querySelectorAll('a[lang="es"]').find(a => a.textContent.trim() === 'Español')
  const href = spanish?.getAttribute('href') ?? ''
  expect(href).not.toBe('/404')
  expect(fs.existsSync(htmlFileFor(href)), href).toBe(true)
})
