/**
 * /metricas carries what the alert rules watch (docs/decisions/operations.md, «Monitoring that alerts»): the last
 * backup's age, success and verification from the status file the backup feature writes; free disk; the version; the
 * database up; the release served; open and overdue filings per form. And /salud says «sin publicación», not «ok»,
 * while there is no page to serve.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { writeBackupStatus } from '../../src/server/features/health/index.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { Client, clientDir, startInProcess, tempDataDir, validPqrs, type RunningServer } from './helpers.ts'

const servers: RunningServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})
const start = async (...args: Parameters<typeof startInProcess>) => {
  const s = await startInProcess(...args)
  servers.push(s)
  return s
}

/** The value of one series in Prometheus text (`name{labels} value`), or undefined when absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find(l => l.startsWith(`${series} `))
  if (line === undefined) return undefined
  const value = line.slice(series.length + 1)
  return value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value)
}

const scrape = async (url: string) => {
  const res = await fetch(`${url}/metricas`)
  expect(res.status).toBe(200)
  return res.text()
}

/** Sets a filing's state and due day in the SQLite file: far in the past (overdue while open) or far in the future. */
function setTramite(dataDir: string, radicado: string, estado: string, vence: string): void {
  const db = new Database(path.join(dataDir, DB_FILE))
  try {
    expect(db.prepare('UPDATE tramites SET estado = ?, vence = ? WHERE radicado = ?').run(estado, vence, radicado).changes).toBe(1)
  } finally {
    db.close()
  }
}

describe('operational metrics', () => {
  it('backup age, success and verification come from the backup status file; none yet: age +Inf, success 0', async () => {
    const s = await start({ label: 'metricas-respaldo' })
    const none = await scrape(s.url)
    expect(sample(none, 'respaldo_antiguedad_segundos')).toBe(Number.POSITIVE_INFINITY)
    expect(sample(none, 'respaldo_exitoso')).toBe(0)
    expect(sample(none, 'respaldo_verificado')).toBe(0)

    // Two hours old, made but not verified.
    writeBackupStatus(s.dataDir, { fin: new Date(Date.now() - 2 * 3600_000).toISOString(), ok: true, verificado: false, archivo: 'respaldo-x.tar.gz' })
    const made = await scrape(s.url)
    const age = sample(made, 'respaldo_antiguedad_segundos')!
    expect(age).toBeGreaterThanOrEqual(2 * 3600)
    expect(age).toBeLessThan(2 * 3600 + 120)
    expect(sample(made, 'respaldo_exitoso')).toBe(1)
    expect(sample(made, 'respaldo_verificado')).toBe(0)

    writeBackupStatus(s.dataDir, { fin: new Date().toISOString(), ok: true, verificado: true })
    expect(sample(await scrape(s.url), 'respaldo_verificado')).toBe(1)
    // A failed attempt is not a verified backup, whatever the file says.
    writeBackupStatus(s.dataDir, { fin: new Date().toISOString(), ok: false, verificado: true, error: 'disco lleno' })
    const failed = await scrape(s.url)
    expect(sample(failed, 'respaldo_exitoso')).toBe(0)
    expect(sample(failed, 'respaldo_verificado')).toBe(0)
  })

  it('disk, database, version and release: present with their values', async () => {
    const s = await start({ label: 'metricas-estado', minFreeMb: 123 })
    const text = await scrape(s.url)
    expect(sample(text, 'disco_libre_bytes')).toBeGreaterThan(0)
    expect(sample(text, 'disco_minimo_bytes')).toBe(123 * 1024 * 1024)
    expect(sample(text, 'base_datos_disponible{motor="sqlite"}')).toBe(1)
    // Nothing published: the commit is the checkout's own (src/server/version.ts), never empty after an install.
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
    expect(text).toMatch(new RegExp(`^sitio_version_info\\{version="\\d+\\.\\d+\\.\\d+[^"]*",codigo="${head}"\\} 1$`, 'm'))
    expect(text).toMatch(/^publicacion_servida\{publicacion="dist\/client \(sin publicar\)"\} 1$/m)
  })

  it('open and overdue filings per form, by the office inbox’s «vencida» rule', async () => {
    const s = await start({ label: 'metricas-vencidas' })
    const client = await new Client(s.url).init()
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = await client.postJson('/api/pqrs', validPqrs())
      expect(r.status).toBe(200)
      ids.push(((await r.json()) as { id: string }).id)
    }
    setTramite(s.dataDir, ids[0]!, 'radicada', '2020-01-10')
    setTramite(s.dataDir, ids[1]!, 'en_tramite', '2020-01-10')
    // Answered after its due day: closed to the office, so neither open nor overdue.
    setTramite(s.dataDir, ids[2]!, 'respondida', '2020-01-10')
    setTramite(s.dataDir, ids[3]!, 'radicada', '2999-12-31')
    const text = await scrape(s.url)
    expect(sample(text, 'radicaciones_abiertas{formulario="pqrsd"}')).toBe(3)
    expect(sample(text, 'radicaciones_vencidas{formulario="pqrsd"}')).toBe(2)
    // Every filing form has its series, zero included (an alert needs the series to exist).
    expect(text).toMatch(/^radicaciones_vencidas\{formulario="(?!pqrsd)[^"]+"\} 0$/m)
  })

  it('a filing the server could not keep counts as «fallida», apart from the citizens’ invalid ones', async () => {
    const s = await start({ label: 'metricas-fallida', storeBusyGiveUpMs: 300 })
    const client = await new Client(s.url).init()
    expect((await client.postJson('/api/pqrs', validPqrs({ nombre: '' }))).status).toBe(400)
    // Another program holding SQLite's write lock: the filing cannot be kept (503).
    const foreign = new Database(path.join(s.dataDir, DB_FILE))
    foreign.exec('BEGIN EXCLUSIVE')
    let text: string
    try {
      expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(503)
      text = await scrape(s.url)
    } finally {
      foreign.exec('ROLLBACK')
      foreign.close()
    }
    expect(sample(text, 'radicaciones_total{formulario="pqrsd",resultado="rechazada"}')).toBe(1)
    expect(sample(text, 'radicaciones_total{formulario="pqrsd",resultado="fallida"}')).toBe(1)
    expect(sample(text, 'base_datos_disponible{motor="sqlite"}')).toBe(0)
  })
})

describe('no release served', () => {
  it('/salud and /salud/detalle say «sin publicación» with 503, and publicacion_servida is 0', async () => {
    // The site's folder without its pages: a platform site never built, a release folder deleted by hand.
    const empty = path.join(tempDataDir('sin-publicacion'), 'client')
    fs.mkdirSync(empty, { recursive: true })
    for (const f of fs.readdirSync(clientDir())) if (f !== 'index.html') fs.cpSync(path.join(clientDir(), f), path.join(empty, f), { recursive: true })
    const s = await start({ label: 'sin-publicacion', clientDir: empty })
    const health = await fetch(`${s.url}/salud`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ estado: 'sin publicación' })
    const detail = await fetch(`${s.url}/salud/detalle`)
    expect(detail.status).toBe(503)
    expect(await detail.json()).toMatchObject({ estado: 'sin publicación', publicacion: null })
    expect(sample(await scrape(s.url), 'publicacion_servida{publicacion=""}')).toBe(0)
  })
})
