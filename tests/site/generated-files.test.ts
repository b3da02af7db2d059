import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { generatedFiles } from '../../src/renderer/generatedFiles.ts'
import { clientDir } from '../helpers/builtSite.ts'

it('the build publishes the generated files at the root of the site', () => {
  const files = generatedFiles(loadManifest().manifest)
  for (const name of ['sitemap.xml', 'robots.txt', 'search-index.json']) expect(fs.existsSync(path.join(clientDir(), name))).toBe(true)
  expect(fs.readFileSync(path.join(clientDir(), 'sitemap.xml'), 'utf8')).toBe(files['public/sitemap.xml'])
})
