/**
 * A platform's /salud, /salud/detalle and /metricas start no site (docs/decisions/operations.md, «A platform's health
 * and metrics start no site»): three sites, one kept in memory (SITIOS_EN_MEMORIA=1), none built (the overview's
 * hand-written releases). Every scrape reports every site, from its folders and store, without starting any site's
 * server — a start would evict the one in memory and start the next, scrape after scrape. A site in memory is read
 * through its server. And the metrics' collectors exist once per process, whatever the number of sites.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import client from 'prom-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Platform } from '../../src/manifest/platform.ts'
import { buildHostsServer } from '../../src/server/siteHosts.ts'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { askHost } from '../helpers/hostRequest.ts'
import { fileB, writeOverviewSites } from '../helpers/overviewSites.ts'
import { pinnedClock } from '../helpers/testClock.ts'

const dir = path.resolve('test-results/plataforma-salud-sin-iniciar')
let platform: Platform
const fronts: FastifyInstance[] = []

/** The platform's front on a free port, with its log lines kept: `sitio «x» listo` is a site's server started. */
async function front(sites = platform) {
  const lines: string[] = []
  const server = await buildHostsServer(
    { dataDir: dir, clientDir: dir, logLevel: 'info', logStream: { write: l => lines.push(l) }, sitesInMemory: 1, now: pinnedClock().now },
    sites,
  )
  fronts.push(server)
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const started = () => lines.map(l => /sitio «(\w+)» listo/.exec(l)?.[1]).filter(id => id !== undefined)
  const ask = (host: string, url: string) => askHost(port, host === 'local' ? `127.0.0.1:${port}` : host, 'GET', url)
  return { ask, started }
}

beforeAll(async () => {
  platform = writeOverviewSites(dir)
  await fileB(platform, undefined)
}, 60_000)
afterEach(() => vi.restoreAllMocks())
afterAll(async () => {
  for (const f of fronts) await f.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('a platform’s health and metrics start no site', () => {
  it('scrapes report every site (its backup, its overdue filings, its release) and start none', async () => {
    const { ask, started } = await front()
    for (let i = 0; i < 2; i++) {
      const metrics = await ask('local', '/metricas')
      expect(metrics.status).toBe(200)
      expect(metrics.text).toMatch(/^respaldo_exitoso\{sitio="a"\} 0$/m)
      for (const site of ['b', 'c']) expect(metrics.text).toMatch(new RegExp(`^respaldo_verificado\\{sitio="${site}"\\} 1$`, 'm'))
      expect(metrics.text).toMatch(/^radicaciones_vencidas\{formulario="contacto",sitio="b"\} 1$/m)
      expect(metrics.text).toMatch(/^radicaciones_abiertas\{formulario="contacto",sitio="b"\} 2$/m)
      for (const site of ['a', 'b', 'c']) expect(metrics.text).toMatch(new RegExp(`^publicacion_servida\\{publicacion="[^"]+",sitio="${site}"\\} 1$`, 'm'))
    }
    const health = await ask('local', '/salud')
    expect(JSON.parse(health.text)).toEqual({ estado: 'en servicio', sitios: { a: 'en servicio', b: 'en servicio', c: 'en servicio' } })
    const detail = JSON.parse((await ask('local', '/salud/detalle')).text) as { sitios: Record<string, unknown> }
    expect(detail.sitios.a).toMatchObject({ estado: 'ok', respaldo: { exitoso: false }, radicaciones: { almacenamiento: 'sqlite', escribible: true } })
    expect(Object.keys(detail.sitios)).toEqual(['a', 'b', 'c'])
    expect(started()).toEqual([])
    // A site never written to on SQLite has no file: a scrape does not create one (its server would).
    expect(fs.existsSync(path.join(platform.sites[0]!.dataDir, DB_FILE))).toBe(false)
  })

  it('a site in memory is read through its server and stays the one in memory; its counters carry its `sitio`', async () => {
    const { ask, started } = await front()
    expect((await ask('c.example.gov.co', '/salud')).status).toBe(200)
    expect(started()).toEqual(['c'])
    const metrics = await ask('local', '/metricas')
    await ask('local', '/salud/detalle')
    expect(started()).toEqual(['c'])
    expect(metrics.text).toMatch(/^http_respuesta_segundos_count\{metodo="GET",ruta="\/salud",estado="200",sitio="c"\} 1$/m)
    // The site's own /metricas: its series only, not its neighbours' nor the process's.
    const own = await ask('c.example.gov.co', '/metricas')
    expect(own.text).toMatch(/^respaldo_verificado\{sitio="c"\} 1$/m)
    expect(own.text).not.toMatch(/sitio="[ab]"|^process_/m)
  })

  it('a site whose forms have errors: the others still read; the detail names it, its /salud still says whether it has pages', async () => {
    const { ask, started } = await front()
    const form = path.join(platform.sites[2]!.manifestDir, 'forms', 'contacto.yaml')
    const text = fs.readFileSync(form, 'utf8')
    fs.writeFileSync(form, `${text}\n  - nombre: [sin cerrar\n`)
    try {
      const detail = await ask('local', '/salud/detalle')
      expect(detail.status).toBe(503)
      const body = JSON.parse(detail.text) as { estado: string; sitios: Record<string, { estado: string }> }
      expect(body.estado).toBe('hay sitios con problemas')
      expect(body.sitios.c).toEqual({ estado: 'el sitio no pudo iniciarse' })
      expect(body.sitios.b).toMatchObject({ estado: 'ok' })
      const metrics = (await ask('local', '/metricas')).text
      expect(metrics).toMatch(/^respaldo_verificado\{sitio="b"\} 1$/m)
      expect(metrics).not.toContain('sitio="c"')
      expect(JSON.parse((await ask('local', '/salud')).text).sitios.c).toBe('en servicio')
      expect(started()).toEqual([])
    } finally {
      fs.writeFileSync(form, text)
    }
  })

  it('the metrics’ collectors are made once per process: starting three sites registers no more than starting one', async () => {
    const registered = vi.spyOn(client.Registry.prototype, 'registerMetric')
    const count = async (sites: Platform) => {
      registered.mockClear()
      const { ask, started } = await front(sites)
      for (const site of sites.sites) expect((await ask(site.dominios[0]!, '/salud')).status).toBe(200)
      expect(started()).toEqual(sites.sites.map(s => s.id))
      return registered.mock.calls.length
    }
    const one = await count({ ...platform, sites: platform.sites.slice(0, 1) })
    expect(await count(platform)).toBe(one)
  })
})
