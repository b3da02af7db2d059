import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SWEEP_MIN_AGE_MS } from '../../src/server/store/uploads.ts'
import { Client, historiaForm, startInProcess, storedFiling, tempDataDir, withStore } from './helpers.ts'

/**
 * Attachments across a restart (docs/decisions/durability.md): the start-up sweep removes only files no filing
 * references, so a restart on the same DATA_DIR never loses a citizen's attachment.
 */
describe('uploads across a restart', () => {
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
})
