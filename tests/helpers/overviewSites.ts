/**
 * The three sites of the operator's overview tests (tests/api/platform-overview.test.ts, platform-operator-page.test.ts):
 * copies of the minimal manifest, no build (release and build folders written by hand). A published with its last
 * backup failed; B only built, backed up, with one overdue filing and one in term on PINNED_DAY; C published, backed up.
 */
import fs from 'node:fs'
import path from 'node:path'
import { loadPlatform, type Platform } from '../../src/manifest/platform.ts'
import { writeBackupStatus } from '../../src/server/features/health/index.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { bogota } from './testClock.ts'

const plan = loadFilingForms('tests/fixtures/manifest-min').plan
export const RELEASE = '2026-11-20T15-00-00-000Z'

/** Three sites beside their plataforma.yaml; A and C published, B only built; backups: A failed, B and C verified this morning. */
export function writeOverviewSites(dir: string): Platform {
  fs.rmSync(dir, { recursive: true, force: true })
  for (const id of ['a', 'b', 'c']) fs.cpSync('tests/fixtures/manifest-min', path.join(dir, 'sitios', id, 'manifest'), { recursive: true })
  fs.writeFileSync(
    path.join(dir, 'plataforma.yaml'),
    `sitios:\n${['a', 'b', 'c'].map(id => `  - id: ${id}\n    nombre: E.S.E. Hospital ${id.toUpperCase()}\n    dominios: [${id}.example.gov.co]\n`).join('')}`,
  )
  const platform = loadPlatform(path.join(dir, 'plataforma.yaml')).platform!
  for (const site of platform.sites.filter(s => s.id !== 'b')) {
    const client = path.join(site.releasesDir, RELEASE, 'client')
    fs.mkdirSync(client, { recursive: true })
    for (const page of ['index.html', '404.html']) fs.writeFileSync(path.join(client, page), '<!doctype html>')
    fs.writeFileSync(path.join(site.releasesDir, RELEASE, 'publicacion.json'), JSON.stringify({ fecha: '2026-11-20T15:00:00.000Z' }))
    fs.writeFileSync(path.join(site.releasesDir, 'actual.json'), JSON.stringify({ actual: `${RELEASE}/client` }))
  }
  const built = path.join(platform.sites[1]!.outDir, 'client')
  fs.mkdirSync(built, { recursive: true })
  fs.writeFileSync(path.join(built, 'index.html'), '<!doctype html>')
  const [a, b, c] = platform.sites
  writeBackupStatus(a!.dataDir, { fin: bogota('2026-11-25T02:30').toISOString(), ok: false, verificado: false, error: 'pg_dump terminó con error' })
  for (const s of [b!, c!]) writeBackupStatus(s.dataDir, { fin: bogota('2026-11-25T02:30').toISOString(), ok: true, verificado: true, archivo: 'x.tar' })
  return platform
}

/** B's two filings: one received on 1 October (its term ran out in October), one the day before the pinned day. */
export async function fileB(platform: Platform, databaseUrl: string | undefined): Promise<void> {
  const b = platform.sites[1]!
  const store = await openFilingStore({ dataDir: b.dataDir, plan, databaseUrl, siteId: 'b' })
  try {
    for (const day of ['2026-10-01T09:00', '2026-11-24T09:00'])
      await store.createFiling({ kind: 'contacto', datos: { nombre: 'Ana', tipo: 1, acepto: true }, now: bogota(day) })
  } finally {
    await store.close()
  }
}
