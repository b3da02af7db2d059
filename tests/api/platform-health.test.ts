/**
 * A platform's health and metrics (src/server/platformHealth.ts; docs/decisions/operations.md): on the server itself,
 * with a `Host` that names no site, /salud, /salud/detalle and /metricas answer for every site at once — the metrics
 * once per process and each site's series marked `sitio` — while each site's own answer stays at its domain. From an
 * address that may not ask, the platform's paths are the unknown host's 404.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPlatform, type Platform } from '../../src/manifest/platform.ts'
import { buildHostsServer, UNKNOWN_HOST_TEXT } from '../../src/server/siteHosts.ts'
import { askHost } from '../helpers/hostRequest.ts'
import { buildTwoSites, TWO_SITES_DIR, TWO_SITES_HOST, writeTwoSites } from '../helpers/twoSites.ts'

// Its own copy: tests/api/site-hosts.test.ts may run the other one at the same time.
const dir = `${TWO_SITES_DIR}-salud`
let platform: Platform
const fronts: FastifyInstance[] = []

async function front(metricsAllowed?: string): Promise<(host: string, url: string) => ReturnType<typeof askHost>> {
  const server = await buildHostsServer({ dataDir: dir, clientDir: dir, logLevel: 'silent', metricsAllowed }, platform)
  fronts.push(server)
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return (host, url) => askHost(port, host === 'local' ? `127.0.0.1:${port}` : host, 'GET', url)
}

beforeAll(() => {
  writeTwoSites(dir)
  buildTwoSites(dir)
  const loaded = loadPlatform(path.join(dir, 'plataforma.yaml'))
  expect(loaded.problems).toEqual([])
  platform = loaded.platform!
}, 600_000)
afterAll(async () => {
  for (const f of fronts) await f.close()
})

describe('platform health and metrics', () => {
  it('on loopback without a site’s Host: every site’s health, detail and metrics; with a site’s Host: that site’s own', async () => {
    const ask = await front()
    const health = await ask('local', '/salud')
    expect(health.status).toBe(200)
    expect(JSON.parse(health.text)).toEqual({ estado: 'en servicio', sitios: { a: 'en servicio', b: 'en servicio' } })

    const detail = await ask('local', '/salud/detalle')
    expect(detail.status).toBe(200)
    const body = JSON.parse(detail.text) as { estado: string; sitios: Record<string, { estado: string; radicaciones: { almacenamiento: string } }> }
    expect(body.estado).toBe('ok')
    expect(Object.keys(body.sitios).sort()).toEqual(['a', 'b'])
    for (const site of ['a', 'b']) expect(body.sitios[site]).toMatchObject({ estado: 'ok', radicaciones: { almacenamiento: 'sqlite' } })

    const metrics = await ask('local', '/metricas')
    expect(metrics.status).toBe(200)
    for (const site of ['a', 'b']) {
      expect(metrics.text).toMatch(new RegExp(`^base_datos_disponible\\{motor="sqlite",sitio="${site}"\\} 1$`, 'm'))
      expect(metrics.text).toMatch(new RegExp(`^radicaciones_vencidas\\{formulario="contacto",sitio="${site}"\\} 0$`, 'm'))
      expect(metrics.text).toMatch(new RegExp(`^respaldo_exitoso\\{sitio="${site}"\\} 0$`, 'm'))
    }
    // The process's own metrics once, and each metric described once (a valid exposition).
    expect(metrics.text.match(/^process_resident_memory_bytes /gm)).toHaveLength(1)
    const types = [...metrics.text.matchAll(/^# TYPE (\S+) /gm)].map(m => m[1])
    expect(types.length).toBe(new Set(types).size)

    const own = await ask(TWO_SITES_HOST.a, '/metricas')
    expect(own.status).toBe(200)
    expect(own.text).toContain('sitio="a"')
    expect(own.text).not.toContain('sitio="b"')
    expect(JSON.parse((await ask(TWO_SITES_HOST.b, '/salud')).text)).toEqual({ estado: 'en servicio' })
  })

  it('an address outside METRICAS_PERMITIDAS gets the unknown host’s 404 for the platform’s metrics', async () => {
    const ask = await front('10.0.0.0/8')
    const metrics = await ask('local', '/metricas')
    expect(metrics.status).toBe(404)
    expect(metrics.text).toBe(UNKNOWN_HOST_TEXT)
    // The machine itself still reads the platform's health.
    expect((await ask('local', '/salud')).status).toBe(200)
  })

  it('a site with no release to serve: the platform’s /salud is 503 and names it «sin publicación»', async () => {
    const ask = await front()
    const index = path.join(dir, 'dist', 'sitios', 'b', 'client', 'index.html')
    fs.renameSync(index, `${index}.aparte`)
    try {
      const health = await ask('local', '/salud')
      expect(health.status).toBe(503)
      expect(JSON.parse(health.text)).toEqual({ estado: 'hay sitios sin servicio', sitios: { a: 'en servicio', b: 'sin publicación' } })
      expect((await ask('local', '/metricas')).text).toMatch(/^publicacion_servida\{publicacion="",sitio="b"\} 0$/m)
    } finally {
      fs.renameSync(`${index}.aparte`, index)
    }
  })
})
