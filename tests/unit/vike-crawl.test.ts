/**
 * Vike looks for the pages' `+` files in src/ only (src/build/vikeCrawl.ts): without git ≥ 2.43.1 it walks the whole
 * project folder, and a platform's sites, releases, data and test copies live there. Checked with Vike's own crawl.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { vikeEnvironment } from '../../src/build/buildSite.ts'
import { vikeCrawl } from '../../src/build/vikeCrawl.ts'

const VIKE_CRAWL_MODULE = path.resolve('node_modules/vike/dist/node/vite/shared/resolveVikeConfigInternal/crawlPlusFiles.js')
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vike-crawl-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function write(rel: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
  fs.writeFileSync(path.join(root, rel), 'export default {}\n')
}

describe('where Vike looks for the pages', () => {
  it('finds every `+` file under src/ and walks no other folder of the project', async () => {
    write('src/pages/+config.ts')
    write('src/pages/contenido/+route.ts')
    // A `+` file in a platform site's folder, a release, or a test copy: never the project's page.
    write('sitios/h0001/+Page.ts')
    write('publicaciones/20261129/client/+data.ts')
    write('test-results/copia/src/pages/+config.ts')
    const before = process.env.VIKE_CRAWL
    process.env.VIKE_CRAWL = vikeCrawl(root)
    try {
      const { crawlPlusFiles } = (await import(VIKE_CRAWL_MODULE)) as {
        crawlPlusFiles: (root: string) => Promise<Array<{ filePathAbsoluteUserRootDir: string }>>
      }
      const found = (await crawlPlusFiles(root.split(path.sep).join('/'))).map(f => f.filePathAbsoluteUserRootDir).sort()
      expect(found).toEqual(['/src/pages/+config.ts', '/src/pages/contenido/+route.ts'])
    } finally {
      if (before === undefined) delete process.env.VIKE_CRAWL
      else process.env.VIKE_CRAWL = before
    }
  })

  it('is what every Vike process of a build is told', () => {
    write('sitios/h0002/manifest/site.yaml')
    const env = vikeEnvironment(root, path.join(root, 'dist'), path.join(root, 'src', 'generated'))
    expect(JSON.parse(env.VIKE_CRAWL ?? '{}').ignore).toContain('sitios/**')
    expect(JSON.parse(env.VIKE_CRAWL ?? '{}').ignore).not.toContain('src/**')
  })
})
