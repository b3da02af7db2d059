import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup } from '../../src/server/features/backup/archive.ts'
import { restoreBackup } from '../../src/server/features/backup/restore.ts'
import { ensureBackupKey } from '../../src/server/features/backup/signature.ts'
import { verifyBackup } from '../../src/server/features/backup/verify.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { FILING_PLAN, tempDataDir } from './helpers.ts'

// RESPALDO_DESTINATARIO_AGE: archives encrypted with age; restored with the identity kept off the server,
// their MAC still checked (docs/decisions/backups.md, «Encrypted archives»).
const CORREO = 'archivo@hospital.gov.co'

describe('encrypted backups (age)', () => {
  const dataDir = tempDataDir('respaldo-cifrado')
  const identity = path.join(tempDataDir('identidad-age'), 'identidad.txt')
  let archive: string
  let verification: Awaited<ReturnType<typeof verifyBackup>> | undefined

  beforeAll(async () => {
    execFileSync('age-keygen', ['-o', identity], { stdio: 'ignore' })
    const recipient = execFileSync('age-keygen', ['-y', identity], { encoding: 'utf8' }).trim()
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    await store.createAccount({ correo: CORREO, nombre: 'Archivo', rol: 'siau', clave: 'hash-de-prueba' })
    await store.close()
    const made = await createBackup({ dataDir, destination: path.join(dataDir, 'respaldos'), programVersion: 'prueba', recipient, verify: verifyBackup })
    archive = made.file
    verification = made.verification
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('the archive on disk is not readable as a plain one, and was verified before it was encrypted', () => {
    expect(path.basename(archive)).toMatch(/^respaldo-\d{8}-\d{6}Z\.tar\.gz\.age$/)
    expect(fs.readdirSync(path.dirname(archive)).filter(n => !n.startsWith('.'))).toEqual([path.basename(archive)])
    const bytes = fs.readFileSync(archive)
    expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false)
    expect(bytes.includes(Buffer.from(CORREO))).toBe(false)
    expect(() => execFileSync('tar', ['tzf', archive], { stdio: 'ignore' })).toThrow()
    expect(verification?.ok).toBe(true)
  })

  it('without the identity nothing is restored; with it, the restore brings the accounts back', async () => {
    const key = ensureBackupKey(dataDir)
    const target = tempDataDir('respaldo-cifrado-destino')
    await expect(restoreBackup(archive, { dataDir: target, key })).rejects.toThrow(/cifrado con age: indique el archivo de identidad/)
    const restored = await restoreBackup(archive, { dataDir: target, key, identity })
    expect(restored.manifest.tablas.cuentas).toBe(1)
    const store = await openFilingStore({ dataDir: target, plan: FILING_PLAN })
    expect((await store.findAccountByEmail(CORREO))?.nombre).toBe('Archivo')
    await store.close()
    // No decrypted copy is left beside the restored data.
    expect(fs.readdirSync(target).filter(n => n.includes('descifrado'))).toEqual([])
  })

  it('the signature is still checked after decryption: another installation’s key refuses the archive', async () => {
    const other = ensureBackupKey(tempDataDir('otra-instalacion'))
    const check = await verifyBackup(archive, other, undefined, identity)
    expect(check.ok).toBe(false)
    expect(check.problems.join(' ')).toMatch(/clave/)
    expect((await verifyBackup(archive, ensureBackupKey(dataDir), undefined, identity)).ok).toBe(true)
  })
})
