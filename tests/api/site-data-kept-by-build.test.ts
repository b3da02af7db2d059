/**
 * The build keeps the server's data of the site beside its pages (src/server/siteDataFile.ts): the server opens the
 * site from it, and never serves it (its name starts with a dot).
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import { deriveSiteData } from '../../src/server/siteData.ts'
import { readSiteDataFile, SITE_DATA_FILE } from '../../src/server/siteDataFile.ts'
import { clientDir, ROOT, startInProcess } from './helpers.ts'

describe('the server data the build kept', () => {
  let server: Awaited<ReturnType<typeof startInProcess>>
  beforeAll(async () => {
    server = await startInProcess({ label: 'datos-servidor' })
  })
  afterAll(() => server.close())

  it('is in the built site, for the manifest it was built from, with every form the server receives', () => {
    const kept = readSiteDataFile(clientDir(), path.join(ROOT, 'manifest'))
    expect(kept).toBeDefined()
    const loaded = loadManifest(path.join(ROOT, 'manifest'))
    expect(kept!.forms.map(f => f.id)).toEqual(loaded.manifest.forms.map(f => f.data.id))
    expect(kept!.forms.length).toBeGreaterThan(3)
    expect(kept!.siteName).toBe(deriveSiteData(loaded).siteName)
  })

  it('is not served: the address answers the site’s 404 page', async () => {
    const res = await fetch(`${server.url}/${SITE_DATA_FILE}`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('"clave"')
  })
})
