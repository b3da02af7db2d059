import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MSG } from '../../src/server/http/messages.ts'
import { SWEEP_MIN_AGE_MS } from '../../src/server/store/uploads.ts'
import { Client, historiaForm, startInProcess, storedFiling, tempDataDir, validPqrs, withStore } from './helpers.ts'

/**
 * Regression tests for bugs that once survived the whole suite (issue 15 #6).
 * Each was planted in the source once and seen to make its test fail.
 */

describe('regressions over real HTTP', () => {
  it('a restart on the same DATA_DIR keeps every clinical-record attachment (the start-up sweep removes only unreferenced files)', async () => {
    const dataDir = tempDataDir('regress-sweep')
    const first = await startInProcess({ dataDir })
    let radicado: string
    try {
      const client = await new Client(first.url).init()
      const res = await client.postForm('/api/historia-clinica', historiaForm())
      expect(res.status).toBe(200)
      radicado = ((await res.json()) as { id: string }).id
    } finally {
      await first.close()
    }
    const before = await storedFiling(dataDir, radicado)
    const archivo = before!.adjuntos[0]!.archivo
    expect(fs.existsSync(path.join(dataDir, 'adjuntos', archivo))).toBe(true)
    // Old enough for the sweep to consider it (it leaves young files alone: another process may be committing them).
    const longAgo = new Date(Date.now() - 3 * SWEEP_MIN_AGE_MS)
    fs.utimesSync(path.join(dataDir, 'adjuntos', archivo), longAgo, longAgo)

    const second = await startInProcess({ dataDir })
    try {
      // The server is up again: its sweep has run.
      expect((await fetch(`${second.url}/api/tipo-solicitud`)).ok).toBe(true)
      expect(fs.existsSync(path.join(dataDir, 'adjuntos', archivo))).toBe(true)
      const after = await storedFiling(dataDir, radicado)
      expect(after!.adjuntos.map(a => a.archivo)).toEqual([archivo])
      expect(await withStore(dataDir, s => s.attachmentFiles())).toContain(archivo)
    } finally {
      await second.close()
    }
  })

  it('the no-script confirmation page escapes `volver`: no HTML injected through /api/radicado', async () => {
    const server = await startInProcess({ label: 'regress-xss' })
    try {
      const client = await new Client(server.url).init()
      const filed = await client.postJson('/api/pqrs', validPqrs())
      expect(filed.status).toBe(200)
      const { id } = (await filed.json()) as { id: string }
      const evil = '/servicios"><script>alert(1)</script><a"'
      const res = await client.get(`/api/radicado?${new URLSearchParams({ formulario: 'pqrsd', id, volver: evil })}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain(id)
      expect(html).not.toContain('<script>alert(1)</script>')
      expect(html).toContain('href="/servicios&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a&quot;"')
    } finally {
      await server.close()
    }
  })

  it('an internal error answers 500 with the generic Spanish message: no stack, no file paths, no error text', async () => {
    const server = await startInProcess({ label: 'regress-500' })
    try {
      server.app.store.createFiling = async () => {
        throw new Error(`disco roto en ${path.join(server.dataDir, 'radicaciones.sqlite')}`)
      }
      const client = await new Client(server.url).init()
      const res = await client.postJson('/api/pqrs', validPqrs())
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: MSG.serverError, fields: {} })
      expect(text).not.toMatch(/disco roto|\.sqlite|\.ts\b|\bat \w|node_modules|stack/i)
    } finally {
      await server.close()
    }
  })

  it('every POST route the server registers answers 429 after RATE_LIMIT_MAX requests', async () => {
    const max = 2
    const server = await startInProcess({ label: 'regress-429', rateLimitMax: max })
    try {
      const posts = server.app.registeredRoutes.filter(r => r.method === 'POST').map(r => r.url)
      // The filing forms (from the manifests) and the office's routes are all there.
      expect(posts).toEqual(expect.arrayContaining(['/api/pqrs', '/api/cita', '/api/historia-clinica', '/api/suscripcion', '/api/oficina/sesion']))
      const client = await new Client(server.url).init()
      const unlimited: string[] = []
      for (const route of posts) {
        const url = route.replace(/:[A-Za-z]+/g, 'PQRS-2025-000001')
        let last: Response | undefined
        for (let i = 0; i <= max; i++) {
          last = await client.postJson(url, {})
          if (i < max) await last.arrayBuffer()
        }
        if (last!.status !== 429) unlimited.push(`${route} → ${last!.status}`)
        else expect(await last!.json()).toEqual({ error: MSG.rateLimited, fields: {} })
      }
      expect(unlimited).toEqual([])
    } finally {
      await server.close()
    }
  })
})
