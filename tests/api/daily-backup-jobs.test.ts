/**
 * Daily backups as jobs on the platform's PostgreSQL queue (docs/decisions/platform.md, «Jobs on a PostgreSQL queue»),
 * through a platform server's own wiring (siteHosts.ts `platformJobs`), in this process: two nodes (own data folders
 * and destinations) whose timers fire at the same instant send one job per site and day between them, and one archive
 * per site is made by whichever node's worker took it. A claim that a dead attempt left without an outcome is taken
 * over by the job's next run: that day's backup is still made.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformSite } from '../../src/manifest/platform.ts'
import { ARCHIVE_PATTERN } from '../../src/server/features/backup/archive.ts'
import type { PlatformJobs } from '../../src/server/jobs/platformJobs.ts'
import { BACKUP_QUEUE, openQueue } from '../../src/server/jobs/queue.ts'
import { platformJobs } from '../../src/server/siteHosts.ts'
import { type PlatformDatabase, platformDatabase, querySite } from '../helpers/platformDatabase.ts'
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
const nodes: PlatformJobs[] = []

/** A node's view of the sites: its own data folders. */
const sitesOf = (node: string): PlatformSite[] =>
  SITES.map(id => ({
    id,
    nombre: `E.S.E. ${id}`,
    dominios: [`${id}.example.gov.co`],
    folder: node,
    manifestDir: node,
    publicDir: node,
    outDir: node,
    releasesDir: path.join(node, 'publicaciones', id),
    dataDir: path.join(node, 'datos', id),
  }))

/** The site's archives on every node. */
const archives = (site: string) =>
  NODES.flatMap(node => {
    const dir = path.join(node, 'respaldos', 'sitios', site)
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter(f => ARCHIVE_PATTERN.test(f)) : []
  })

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`no llegó a tiempo: ${what}`)
    await new Promise(resolve => setTimeout(resolve, 200))
  }
}

/** Every job sent so far has finished (at least `n` of them). */
const allDone = (n: number) => async () => {
  const jobs = await backupJobs()
  return jobs.length >= n && jobs.every(j => ['completed', 'failed'].includes(j.state))
}

/** The backup queue's jobs, all states. */
async function backupJobs() {
  const boss = openQueue(database!.serverUrl, false)
  await boss.start()
  try {
    return await boss.findJobs<{ sitio: string; dia: string }>(BACKUP_QUEUE)
  } finally {
    await boss.stop({ graceful: false })
  }
}

beforeAll(async () => {
  database = await platformDatabase('respaldo_trabajos', `duenio_rt_${suffix}`, `servidor_rt_${suffix}`)
  await seedOneFilingPerSite(database.serverUrl, SITES)
  for (const node of NODES) {
    const jobs = await platformJobs(
      {
        dataDir: path.join(node, 'datos'),
        clientDir: node,
        databaseUrl: database.serverUrl,
        backup: { hour: '03:00', destination: path.join(node, 'respaldos') },
        now: clock.now,
        jobConcurrency: 1,
      },
      sitesOf(node),
      log,
    )
    nodes.push(jobs!)
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(nodes.map(n => n.stop()))
  await database?.drop()
})

describe('the daily backup as jobs on the PostgreSQL queue', () => {
  it('two nodes whose timers fire at once send one job per site and day; one archive per site', async () => {
    await Promise.all(nodes.map(n => n.sendBackups(clock.now())))
    await until('los trabajos terminados', allDone(2))
    const jobs = await backupJobs()
    expect(jobs.map(j => `${j.data.sitio} ${j.data.dia} ${j.state}`).sort()).toEqual(['a 2026-11-25 completed', 'b 2026-11-25 completed'])
    expect(SITES.map(archives).map(a => a.length)).toEqual([1, 1])
    // No row content in the log.
    expect(lines.join('')).not.toContain('de a')
  }, 120_000)

  it('a claim left without an outcome by a dead attempt is taken over: the day still gets its backup', async () => {
    clock.set(bogota('2026-11-26T03:00'))
    // What a worker killed mid-backup leaves: the day's row for A, claimed, no outcome.
    await querySite(database!.serverUrl, 'a', "INSERT INTO respaldos_diarios (dia, nodo, reclamado_en) VALUES ('2026-11-26', 'nodo-muerto', $1)", [
      clock.now().toISOString(),
    ])
    await nodes[0]!.sendBackups(clock.now())
    await until('los trabajos del 26 terminados', allDone(4))
    expect(SITES.map(archives).map(a => a.length)).toEqual([2, 2])
    const [row] = await querySite<{ nodo: string; ok: boolean }>(database!.serverUrl, 'a', "SELECT nodo, ok FROM respaldos_diarios WHERE dia = '2026-11-26'")
    expect(row).toMatchObject({ ok: true })
    expect(row!.nodo).not.toBe('nodo-muerto')
  }, 120_000)
})
