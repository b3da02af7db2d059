/**
 * A site's build keeps what the server needs from its manifest in one small file (src/server/siteDataFile.ts,
 * docs/decisions/platform.md «Opening a site reads one small file»). The server reads it only while the manifest is
 * exactly what the build read; otherwise, and for a damaged file, it reads the manifest, as before.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { deriveSiteData, keepSiteData, loadSiteData } from '../../src/server/siteData.ts'
import { manifestKey, SITE_DATA_FILE } from '../../src/server/siteDataFile.ts'

const SAMPLE = path.resolve('manifest')
let dir: string
let manifest: string
let client: string
let kept: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datos-servidor-'))
  manifest = path.join(dir, 'manifest')
  client = path.join(dir, 'client')
  kept = path.join(client, SITE_DATA_FILE)
  fs.cpSync(SAMPLE, manifest, { recursive: true })
  fs.mkdirSync(client)
  // The search index a build writes beside it (its absence is a warning of its own).
  fs.writeFileSync(path.join(client, 'search-index.json'), '[]')
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Keeps the data of the manifest copy as a build does, then renames the site in the kept file only. */
function keepRenamed(name: string): void {
  keepSiteData(client, manifestKey(manifest), loadManifest(manifest).manifest)
  const data = JSON.parse(fs.readFileSync(kept, 'utf8')) as { siteName: string }
  fs.writeFileSync(kept, JSON.stringify({ ...data, siteName: name }))
}

describe('the server data a build keeps', () => {
  it('gives the server what it would derive from the manifest', () => {
    const derived = deriveSiteData(loadManifest(manifest))
    keepSiteData(client, manifestKey(manifest), loadManifest(manifest).manifest)
    const read = loadSiteData(manifest, client)
    expect(read).toEqual(derived)
    // The filings are derived again from the kept forms: every form the server receives, with its numbering.
    expect(read.filings.map(f => f.endpoint)).toEqual(derived.filings.map(f => f.endpoint))
    expect(read.filings.length).toBeGreaterThan(3)
  })

  it('is what the server reads while the manifest is unchanged', () => {
    keepRenamed('Nombre solo en el archivo guardado')
    expect(loadSiteData(manifest, client).siteName).toBe('Nombre solo en el archivo guardado')
  })

  it('is not read once a manifest file changed, nor for another site’s manifest', () => {
    keepRenamed('Nombre solo en el archivo guardado')
    const page = path.join(manifest, 'pages', fs.readdirSync(path.join(manifest, 'pages')).find(f => f.endsWith('.yaml'))!)
    const before = fs.readFileSync(page, 'utf8')
    fs.appendFileSync(page, '\n# editado después de la compilación\n')
    try {
      expect(loadSiteData(manifest, client).siteName).not.toBe('Nombre solo en el archivo guardado')
    } finally {
      fs.writeFileSync(page, before)
    }
    expect(loadSiteData(manifest, client).siteName).toBe('Nombre solo en el archivo guardado')
    const other = path.join(dir, 'otro-manifest')
    fs.cpSync(manifest, other, { recursive: true })
    fs.writeFileSync(path.join(other, 'forms', 'nuevo.txt'), 'un archivo más')
    expect(loadSiteData(other, client).siteName).not.toBe('Nombre solo en el archivo guardado')
  })

  it('when damaged or of another shape, is left aside for the manifest, without an error', () => {
    const derived = deriveSiteData(loadManifest(manifest))
    keepSiteData(client, manifestKey(manifest), loadManifest(manifest).manifest)
    const whole = fs.readFileSync(kept, 'utf8')
    fs.writeFileSync(kept, whole.slice(0, whole.length / 2))
    expect(loadSiteData(manifest, client)).toEqual(derived)
    fs.writeFileSync(kept, JSON.stringify({ ...JSON.parse(whole), forms: 'ninguno' }))
    expect(loadSiteData(manifest, client)).toEqual(derived)
  })

  it('is replaced, not written in place: a site copied with hard links keeps its source’s file', () => {
    keepRenamed('Nombre del sitio de origen')
    const copy = path.join(dir, 'copia')
    fs.mkdirSync(copy)
    fs.linkSync(kept, path.join(copy, SITE_DATA_FILE))
    keepSiteData(copy, manifestKey(manifest), loadManifest(manifest).manifest)
    expect(JSON.parse(fs.readFileSync(kept, 'utf8')).siteName).toBe('Nombre del sitio de origen')
  })
})
