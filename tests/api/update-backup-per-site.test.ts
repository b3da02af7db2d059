/**
 * `npm run actualizar` backs up before it changes anything (docs/decisions/updates-and-releases.md). On a platform
 * that backup is one per site, each named with `--sitio`: a backup that names no site is refused
 * (docs/decisions/platform.md, «A command never guesses the site»), and the folder the service's DATA_DIR names is no
 * hospital's, so the update must neither stop there nor back up nothing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadPlatform } from '../../src/manifest/platform.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { backupFirst } from '../../scripts/lib/updateDatabase.ts'
import { writeTwoSites } from '../helpers/twoSites.ts'
import { ROOT } from './helpers.ts'

const dir = path.resolve('test-results/actualizar-plataforma')
const dataDir = path.join(dir, 'data-del-servicio')
const destination = path.join(dir, 'respaldos')

beforeAll(async () => {
  writeTwoSites(dir)
  vi.stubEnv('PLATAFORMA', path.join(dir, 'plataforma.yaml'))
  vi.stubEnv('DATA_DIR', dataDir)
  vi.stubEnv('RESPALDO_DESTINO', destination)
  for (const k of ['DATABASE_URL', 'MANIFEST_DIR', 'PUBLIC_DIR', 'PUBLICACIONES_DIR']) vi.stubEnv(k, undefined)
  for (const site of loadPlatform().platform!.sites) {
    const store = await openFilingStore({ dataDir: site.dataDir, plan: loadFilingForms(site.manifestDir).plan })
    try {
      await store.createFiling({ kind: 'contacto', datos: { nombre: `Persona de ${site.id}`, tipo: '1' } })
    } finally {
      await store.close()
    }
  }
}, 60_000)

afterAll(() => {
  vi.unstubAllEnvs()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the backup before an update, on a platform', () => {
  it('backs up every site, each in its own folder, and nothing of the service folder', () => {
    expect(backupFirst(ROOT, dataDir, false)).toBe(true)
    for (const id of ['a', 'b'])
      expect(
        fs.readdirSync(path.join(destination, 'sitios', id)).filter(n => n.endsWith('.tar.gz')),
        id,
      ).toHaveLength(1)
    expect(fs.readdirSync(destination)).toEqual(['sitios'])
  }, 120_000)
})
