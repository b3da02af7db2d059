import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runBackupCommand } from '../../src/server/backupCommand.ts'
import { rootRefusal } from '../../src/server/serviceAccount.ts'

// Commands that write files refuse root when the service's account owns DATA_DIR
// (docs/decisions/operations.md, «Commands run as the service's account»).
const names: Record<number, string> = { 998: 'sitio-hospital' }
const facts = (uid: number, owner: number) => ({ uid, ownerOf: () => owner, nameOf: (id: number) => names[id] })

describe('commands run as the service account', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuenta-servicio-'))

  it('root over a folder of another account is refused with the sudo -u form to use', () => {
    const refusal = rootRefusal(dir, 'npm run -s respaldo', facts(0, 998))
    expect(refusal).toMatch(/^No se hizo nada: el comando se ejecutó como root, pero el servicio usa la cuenta «sitio-hospital»/)
    expect(refusal).toContain('sudo -u sitio-hospital npm run -s respaldo')
    // An owner without a name is named by number, the form sudo accepts.
    expect(rootRefusal(dir, 'npm run publicar', facts(0, 1234))).toContain('sudo -u #1234 npm run publicar')
  })

  it('root over its own folder, or the service account itself, runs', () => {
    expect(rootRefusal(dir, 'npm run -s respaldo', facts(0, 0))).toBeUndefined()
    expect(rootRefusal(dir, 'npm run -s respaldo', facts(998, 998))).toBeUndefined()
  })

  it('a data folder not made yet is judged by its nearest existing parent', () => {
    const seen: string[] = []
    rootRefusal(path.join(dir, 'sitios', 'nuevo'), 'npm run sitio', { uid: 0, ownerOf: f => (seen.push(f), 0), nameOf: () => undefined })
    expect(seen).toEqual([dir])
  })

  it.runIf(process.getuid?.() === 0)('respaldo run by root over a folder the service account owns writes nothing', async () => {
    const dataDir = path.join(dir, 'data')
    fs.mkdirSync(dataDir)
    fs.chownSync(dataDir, 65534, 65534)
    await expect(runBackupCommand([], { DATA_DIR: dataDir, RESPALDO_DESTINO: path.join(dataDir, 'respaldos') })).rejects.toThrow(
      /sudo -u \S+ npm run -s respaldo/,
    )
    expect(fs.readdirSync(dataDir)).toEqual([])
  })
})
