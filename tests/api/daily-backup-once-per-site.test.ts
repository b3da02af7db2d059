/**
 * One daily backup per site and day across every node sharing the PostgreSQL database (docs/decisions/platform.md,
 * «One daily backup per site and day»): two nodes, each with its own data folder and backup destination, run the
 * daily backup of the same sites at the same pinned instant, as their timers would; one archive per site is made,
 * the other node skips with a log line, and the next day one more. The operator's overview read on a third node (no
 * backup status file of its own for the run) reports the recorded backup.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/manifest/platform.ts'
import { ARCHIVE_PATTERN } from '../../src/server/features/backup/archive.ts'
import { dailyBackup } from '../../src/server/features/backup/index.ts'
import { platformOverview } from '../../src/server/platformOverview.ts'
import { fileB, writeOverviewSites } from '../helpers/overviewSites.ts'
import { type PlatformDatabase, platformDatabase } from '../helpers/platformDatabase.ts'
import { bogota, TestClock } from '../helpers/testClock.ts'
import { tempDataDir } from './helpers.ts'
import { capturedLog } from '../helpers/capturedLog.ts'
import { seedOneFilingPerSite } from '../helpers/filingPerSite.ts'

const suffix = `${process.pid}_${Date.now() % 100_000}`
const SITES = ['a', 'b']
const NODES = [tempDataDir('nodo1'), tempDataDir('nodo2')]
const clock = new TestClock(bogota('2026-11-25T03:00'))
const { log, lines } = capturedLog()

let database: PlatformDatabase | undefined

/** Each node's daily run of one site: its own data folder and destination, the same database and clock. */
const runDaily = (node: string, site: string) =>
  dailyBackup(
    {
      dataDir: path.join(node, 'datos', site),
      databaseUrl: database!.serverUrl,
      siteId: site,
      programVersion: 'prueba',
      schedule: { hour: '03:00', destination: path.join(node, 'respaldos', site) },
      now: clock.now,
    },
    log,
  )

/** The site's archives on every node. */
const archives = (site: string) =>
  NODES.flatMap(node => {
    const dir = path.join(node, 'respaldos', site)
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter(f => ARCHIVE_PATTERN.test(f)) : []
  })

const skips = () => lines.filter(l => l.includes('otro nodo ya lo hizo')).length

beforeAll(async () => {
  database = await platformDatabase('respaldo_unico', `duenio_resp_${suffix}`, `servidor_resp_${suffix}`)
  await seedOneFilingPerSite(database.serverUrl, SITES)
}, 120_000)

afterAll(async () => {
  await database?.drop()
})

describe('the daily backup on several nodes sharing PostgreSQL', () => {
  it('two nodes firing at once make one archive per site; the next day, one more', async () => {
    await Promise.all(NODES.flatMap(node => SITES.map(site => runDaily(node, site))))
    expect(SITES.map(archives).map(a => a.length)).toEqual([1, 1])
    expect(skips()).toBe(2)

    clock.set(bogota('2026-11-26T03:00'))
    await Promise.all(NODES.flatMap(node => SITES.map(site => runDaily(node, site))))
    expect(SITES.map(archives).map(a => a.length)).toEqual([2, 2])
    expect(skips()).toBe(4)
    // The skip line names the day only: no row content, no personal data.
    expect(lines.join('')).not.toContain('de a')
  }, 120_000)

  it('the operator’s overview on another node reports the recorded daily backup, not its own folder’s older failure', async () => {
    const dir = path.join(tempDataDir('nodo3'), 'plataforma')
    // A third node's folders: its own status files say A's backup failed at 02:30 on the 25th (writeOverviewSites).
    const platform: Platform = writeOverviewSites(dir)
    await fileB(platform, database!.serverUrl)
    const rows = await platformOverview(platform, { databaseUrl: database!.serverUrl, now: clock.now })
    const a = rows.find(r => r.id === 'a')!
    expect(a.backup).toMatchObject({ ok: true, verificado: true, archivo: archives('a').sort().at(-1) })
    expect(a.backup!.fin.slice(0, 10)).toBe('2026-11-26')
    expect(a.attention).toEqual([])
  }, 120_000)
})
