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
import type { Platform } from '../../src/manifest/platform.ts'
import { BACKUP_MAX_AGE_HOURS, platformOverview } from '../../src/server/platformOverview.ts'
import { siteList } from '../../src/server/siteListCommand.ts'
import { fileB, RELEASE, writeOverviewSites } from '../helpers/overviewSites.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { bogota, pinnedClock, TestClock } from '../helpers/testClock.ts'

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
    platform = writeOverviewSites(dir)
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
