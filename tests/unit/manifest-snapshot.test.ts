import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest, type Manifest, type Sourced } from '../../src/manifest/load.ts'
import { readManifestSnapshot, writeManifestSnapshot } from '../../src/manifest/manifestSnapshot.ts'
import { problemAt } from '../../src/manifest/yamlSource.ts'

/**
 * A build hands the manifest it validated to its pre-render processes in one file (src/manifest/manifestSnapshot.ts,
 * docs/decisions/testing.md): what they render from must be the manifest the loader gives, on the site's own content.
 */
let tmp: string
let loaded: Manifest

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-snapshot-'))
  loaded = loadManifest(path.resolve('manifest')).manifest
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** Everything a manifest holds, the sources without their parse trees. */
function plain(m: Manifest) {
  const item = (s: Sourced<unknown> | undefined) => s && { file: s.source.file, display: s.source.display, text: s.source.text, data: s.data }
  return {
    keys: Object.keys(m),
    dir: m.dir,
    declared: m.declared,
    site: item(m.site),
    lookups: item(m.lookups),
    pages: m.pages.map(item),
    documents: m.documents.map(item),
    forms: m.forms.map(item),
    news: m.news.map(item),
  }
}

describe('the manifest handed to the pre-render', () => {
  it('is the manifest the loader gives, and still places a problem at its line', () => {
    const file = path.join(tmp, 'manifiesto.v8')
    writeManifestSnapshot(loaded, file)
    const read = readManifestSnapshot(path.resolve('manifest'), file)
    expect(read).toBeDefined()
    expect(plain(read!)).toEqual(plain(loaded))
    expect(read!.pages.length).toBeGreaterThan(50)
    // The pages' data and their sources' data are one object where the loader made them one.
    for (const [i, page] of loaded.pages.entries()) expect(read!.pages[i]!.data === read!.pages[i]!.source.data).toBe(page.data === page.source.data)
    const page = read!.pages.find(p => (p.data.secciones?.length ?? 0) > 1)!
    const original = loaded.pages.find(p => p.source.file === page.source.file)!
    expect(problemAt(page.source, ['secciones', 1], 'x')).toEqual(problemAt(original.source, ['secciones', 1], 'x'))
  })

  it('is not used for another manifest folder, nor when the build named none', () => {
    const file = path.join(tmp, 'manifiesto.v8')
    writeManifestSnapshot(loaded, file)
    expect(readManifestSnapshot(path.resolve('tests/fixtures/manifest-min'), file)).toBeUndefined()
    expect(readManifestSnapshot(path.resolve('manifest'), path.join(tmp, 'ninguno.v8'))).toBeUndefined()
    expect(readManifestSnapshot(path.resolve('manifest'), '')).toBeUndefined()
  })
})
