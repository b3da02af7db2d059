/**
 * The platform operator's overview (src/server/platformOverview.ts, `npm run sitio -- lista`; docs/decisions/platform.md,
 * «The operator's overview»): three sites from the minimal manifest, no build (a release folder and a build folder are
 * written by hand): A's last backup failed, B has an overdue filing and one still in term, C is in order. The
 * overview and its CSV name A and B and why, and leave C unmarked; the overdue count follows the clock it is given.
 * On SQLite (each site's own file) and on PostgreSQL (one database, each site's rows read through its own connection).
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOM } from '../../src/manifest/csv.ts'
import { loadPlatform, type Platform } from '../../src/manifest/platform.ts'
import { writeBackupStatus } from '../../src/server/features/health/index.ts'
import { BACKUP_MAX_AGE_HOURS, platformOverview } from '../../src/server/platformOverview.ts'
import { loadFilingForms } from '../../src/server/siteData.ts'
import { siteList } from '../../src/server/siteListCommand.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { bogota, pinnedClock, TestClock } from '../helpers/testClock.ts'

const plan = loadFilingForms('tests/fixtures/manifest-min').plan
const RELEASE = '2026-11-20T15-00-00-000Z'

/** Three sites beside their plataforma.yaml; A and C published, B only built; backups: A failed, B and C verified this morning. */
function writePlatform(dir: string): Platform {
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
async function fileB(platform: Platform, databaseUrl: string | undefined): Promise<void> {
  const b = platform.sites[1]!
  const store = await openFilingStore({ dataDir: b.dataDir, plan, databaseUrl, siteId: 'b' })
  try {
    for (const day of ['2026-10-01T09:00', '2026-11-24T09:00'])
      await store.createFiling({ kind: 'contacto', datos: { nombre: 'Ana', tipo: 1, acepto: true }, now: bogota(day) })
  } finally {
    await store.close()
  }
}

const engines = [
  { engine: 'sqlite', database: async (): Promise<PlatformDatabase | undefined> => undefined },
  { engine: 'postgresql', database: async () => platformDatabase('resumen_operador', 'duenio_resumen', 'servidor_resumen') },
]

describe.each(engines)('the operator’s overview on $engine', ({ engine, database: makeDatabase }) => {
  const dir = path.resolve(`test-results/plataforma-resumen-${engine}`)
  let platform: Platform
  let database: PlatformDatabase | undefined
  const url = () => database?.serverUrl

  beforeAll(async () => {
    database = await makeDatabase()
    platform = writePlatform(dir)
    await fileB(platform, url())
  }, 120_000)
  afterAll(async () => {
    await database?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('names the site whose backup failed and the one with an overdue filing, and why; the site in order is not marked', async () => {
    const rows = await platformOverview(platform, { databaseUrl: url(), now: pinnedClock().now })
    expect(rows.map(r => [r.id, r.attention])).toEqual([
      ['a', ['el último respaldo falló']],
      ['b', ['1 radicación vencida']],
      ['c', []],
    ])
    const [a, b, c] = rows
    expect(a).toMatchObject({ domains: ['a.example.gov.co'], release: { label: RELEASE, date: '2026-11-20T15:00:00.000Z' }, backup: { ok: false } })
    expect(a!.filings).toEqual({ open: 0, overdue: 0 })
    expect(b).toMatchObject({ release: { label: 'b/client (sin publicar)' }, filings: { open: 2, overdue: 1 }, health: [] })
    expect(c).toMatchObject({ backup: { ok: true, verificado: true }, health: [] })
  })

  it('the command’s CSV: «;», UTF-8 with BOM, the marker column first, the summary line naming A and B', async () => {
    const list = await siteList(['--csv'], { PLATAFORMA: path.join(dir, 'plataforma.yaml'), DATABASE_URL: url() ?? '' }, pinnedClock().now)
    expect(list.output.startsWith(BOM)).toBe(true)
    const lines = list.output.slice(BOM.length).trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^"Atención";"Sitio";"Nombre";"Dominios";"Publicación servida";/)
    const cells = lines.slice(1).map(l => l.split(';').map(c => c.replace(/^"|"$/g, '')))
    expect(cells.map(c => [c[0], c[1], c[7], c[9], c[10]])).toEqual([
      ['!', 'a', 'no', '0', '0'],
      ['!', 'b', 'sí', '2', '1'],
      ['', 'c', 'sí', '0', '0'],
    ])
    expect(list.summary).toBe('3 sitios; 2 requieren atención: a (el último respaldo falló), b (1 radicación vencida).')
    const table = await siteList([], { PLATAFORMA: path.join(dir, 'plataforma.yaml'), DATABASE_URL: url() ?? '' }, pinnedClock().now)
    expect(
      table.output
        .split('\n')
        .filter(l => l.startsWith('!'))
        .map(l => l.split(/\s+/)[1]),
    ).toEqual(['a', 'b'])
  })

  it('follows the clock it is given: before the term ran out nothing is overdue; two days later C’s backup is too old', async () => {
    const early = await platformOverview(platform, { databaseUrl: url(), now: new TestClock(bogota('2026-10-02T10:00')).now })
    expect(early[1]!.filings).toEqual({ open: 2, overdue: 0 })
    const late = await platformOverview(platform, { databaseUrl: url(), now: new TestClock(bogota('2026-11-27T10:00')).now })
    expect(late[2]!.attention).toEqual([`el último respaldo tiene más de ${BACKUP_MAX_AGE_HOURS} horas`])
  })
})

describe('the overview’s backup age', () => {
  it('is the alert rule’s: SinRespaldoReciente fires past the same hours', () => {
    const rules = fs.readFileSync('despliegue/prometheus/alertas.yml', 'utf8')
    expect(rules).toContain(`respaldo_antiguedad_segundos > ${BACKUP_MAX_AGE_HOURS} * 3600`)
  })
})
