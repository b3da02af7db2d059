import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { keepValidation, reuseValidation } from '../../scripts/lib/validationCache.ts'
import { loadManifest } from '../../src/manifest/load.ts'

/**
 * The validation a build keeps for the next one (issue 29, scripts/lib/validationCache.ts) is kept while its pages
 * render: keeping it must never fail that build.
 */
// Entries belong to the manifest folder being built (MANIFEST_DIR).
vi.stubEnv('MANIFEST_DIR', path.resolve('tests/fixtures/manifest-min'))
afterAll(() => vi.unstubAllEnvs())
const { manifest } = loadManifest()
const warning = { file: 'manifest/site.yaml', line: 1, col: 1, message: 'aviso de prueba', level: 'aviso' as const }

describe('kept validation', () => {
  it('an entry kept for a key is found again for that key only', () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-validacion-'))
    expect(keepValidation(cacheDir, 'clave-1', manifest, [warning])).toBe(true)
    const kept = reuseValidation(cacheDir, 'clave-1')
    expect(kept?.warnings).toEqual([warning])
    expect(kept?.manifest.pages.map(p => p.data.ruta)).toEqual(manifest.pages.map(p => p.data.ruta))
    expect(reuseValidation(cacheDir, 'clave-2')).toBeUndefined()
  })

  it('an entry that cannot be written does not throw (the build goes on), and nothing half-written is read', () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-validacion-'))
    // A file where the entries' folder should be: every write below it fails.
    fs.writeFileSync(path.join(cacheDir, 'validacion'), '')
    expect(keepValidation(cacheDir, 'clave-1', manifest, [])).toBe(false)
    expect(reuseValidation(cacheDir, 'clave-1')).toBeUndefined()
  })
})
