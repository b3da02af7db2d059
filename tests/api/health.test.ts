/**
 * docs/decisions/operations.md: /salud, /salud/detalle and /metricas. The detail answers 503 exactly while a filing could not be
 * stored (store locked or unreachable, disk short) and 200 again once it could; metrics count filings per form.
 */
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { DB_FILE } from '../../src/server/store/sqlite.ts'
import { dropPostgresDatabase, freshPostgresDatabase, onClusterDatabase } from '../helpers/postgres.ts'
import { Client, startInProcess, validPqrs, type RunningServer } from './helpers.ts'

const servers: RunningServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})
const start = async (...args: Parameters<typeof startInProcess>) => {
  const s = await startInProcess(...args)
  servers.push(s)
  return s
}

interface Detail {
  estado: string
  version: string
  publicacion: string
  radicaciones: { almacenamiento: string; escribible: boolean; motivo?: string }
  disco: { libreMB: number | null; minimoMB: number; suficiente: boolean }
  respaldo: { ultimo: string | null }
  correo: { configurado: boolean; ultimoEnvio: string | null }
}
const detail = async (url: string): Promise<{ status: number; body: Detail; text: string }> => {
  const res = await fetch(`${url}/salud/detalle`)
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text) as Detail, text }
}

describe('health', () => {
  it('/salud answers 200; /salud/detalle says what an operator needs and no path, address or personal data', async () => {
    const s = await start({ label: 'salud' })
    const res = await fetch(`${s.url}/salud`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const d = await detail(s.url)
    expect(d.status).toBe(200)
    expect(d.body).toMatchObject({
      estado: 'ok',
      radicaciones: { almacenamiento: 'sqlite', escribible: true },
      disco: { suficiente: true },
      respaldo: { ultimo: null },
      correo: { configurado: false, ultimoEnvio: null },
    })
    expect(d.body.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(d.text).not.toContain(s.dataDir)
  })

  it('SQLite locked by another process: 503 with the reason, filings refused; lock released: 200 and filings stored', async () => {
    const s = await start({ label: 'salud-bloqueo' })
    expect((await detail(s.url)).status).toBe(200)
    // Another program (a backup tool, a hand-opened sqlite3) holding the write lock.
    const foreign = new Database(path.join(s.dataDir, DB_FILE))
    foreign.exec('BEGIN EXCLUSIVE')
    try {
      const d = await detail(s.url)
      expect(d.status).toBe(503)
      expect(d.body.estado).toBe('no se pueden recibir radicaciones')
      expect(d.body.radicaciones).toEqual({ almacenamiento: 'sqlite', escribible: false, motivo: 'la base de datos está bloqueada por otro proceso' })
    } finally {
      foreign.exec('ROLLBACK')
      foreign.close()
    }
    expect((await detail(s.url)).status).toBe(200)
    const client = await new Client(s.url).init()
    expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(200)
  })

  it('free disk below SALUD_DISCO_MIN_MB: 503', async () => {
    const s = await start({ label: 'salud-disco', minFreeMb: 1_000_000_000 })
    const d = await detail(s.url)
    expect(d.status).toBe(503)
    expect(d.body.disco).toMatchObject({ minimoMB: 1_000_000_000, suficiente: false })
    expect(d.body.radicaciones.escribible).toBe(true)
  })

  it('PostgreSQL stops accepting connections: 503; back: 200 without a restart', async () => {
    const url = await freshPostgresDatabase('salud')
    const name = new URL(url).pathname.slice(1)
    try {
      const s = await start({ label: 'salud-pg', databaseUrl: url })
      expect((await detail(s.url)).body.radicaciones).toEqual({ almacenamiento: 'postgresql', escribible: true })
      await onClusterDatabase(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`)
      await onClusterDatabase(url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`)
      const down = await detail(s.url)
      expect(down.status).toBe(503)
      expect(down.body.radicaciones.escribible).toBe(false)
      expect(down.text).not.toContain(name)
      await onClusterDatabase(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)
      expect((await detail(s.url)).status).toBe(200)
      await s.close()
      servers.splice(servers.indexOf(s), 1)
    } finally {
      await dropPostgresDatabase(url)
    }
  })
})

describe('metrics', () => {
  it('Prometheus text from loopback: filings accepted and refused per form, response times, store errors', async () => {
    const s = await start({ label: 'metricas' })
    const client = await new Client(s.url).init()
    expect((await client.postJson('/api/pqrs', validPqrs())).status).toBe(200)
    expect((await client.postJson('/api/pqrs', validPqrs({ nombre: '' }))).status).toBe(400)
    expect((await client.postJson('/api/pqrs', validPqrs({ nombre: '' }))).status).toBe(400)
    const res = await fetch(`${s.url}/metricas`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    expect(text).toMatch(/^radicaciones_total\{formulario="pqrsd",resultado="aceptada"\} 1$/m)
    expect(text).toMatch(/^radicaciones_total\{formulario="pqrsd",resultado="rechazada"\} 2$/m)
    expect(text).toMatch(/^http_respuesta_segundos_count\{metodo="POST",ruta="\/api\/pqrs",estado="200"\} 1$/m)
    expect(text).toContain('# TYPE almacenamiento_errores_total counter')
    expect(text).toContain('process_resident_memory_bytes')
  })

  it('an address not in METRICAS_PERMITIDAS gets 403 in Spanish', async () => {
    const s = await start({ label: 'metricas-no', metricsAllowed: '10.0.0.0/8' })
    const res = await fetch(`${s.url}/metricas`)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: string }).error).toMatch(/^Las métricas solo se pueden consultar/)
    // The server itself still reads its detailed health (what `npm run actualizar` checks).
    expect((await fetch(`${s.url}/salud/detalle`)).status).toBe(200)
  })

  it('behind a trusted proxy on loopback, a visitor from outside is refused (the visitor, not the proxy, is checked)', async () => {
    const s = await start({ label: 'metricas-proxy', trustProxy: '127.0.0.1' })
    expect((await fetch(`${s.url}/metricas`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403)
    expect((await fetch(`${s.url}/metricas`)).status).toBe(200)
    // The detailed health is for the same operators; the public check stays public.
    const outside = await fetch(`${s.url}/salud/detalle`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(outside.status).toBe(403)
    const refusal = (await outside.json()) as { error: string }
    expect(refusal.error).toMatch(/^El estado detallado solo se puede consultar/)
    expect(JSON.stringify(refusal)).not.toMatch(/version|publicacion|respaldo/)
    expect((await fetch(`${s.url}/salud`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200)
    expect((await fetch(`${s.url}/salud/detalle`)).status).toBe(200)
  })
})
