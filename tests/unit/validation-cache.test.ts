import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { keepValidation, reuseValidation } from '../../src/build/validationCache.ts'
import { loadManifest } from '../../src/manifest/load.ts'

/**
 * The validation a build keeps for the next one (src/build/validationCache.ts) is kept while its pages
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

  it('a reused validation still refuses a logo file replaced by something that is not an image (same name)', () => {
    // public/'s names are in the key, not its files' contents: the checks that read contents run again on reuse.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-validacion-logo-'))
    fs.cpSync('tests/fixtures/manifest-min', path.join(root, 'manifest'), { recursive: true })
    fs.cpSync('tests/fixtures/public-min', path.join(root, 'public'), { recursive: true })
    const logo = path.join(root, 'public', 'assets', 'identidad', 'logo.svg')
    fs.mkdirSync(path.dirname(logo), { recursive: true })
    fs.writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"/>\n')
    const site = path.join(root, 'manifest', 'site.yaml')
    fs.appendFileSync(site, 'identidad:\n  logo: { url: /assets/identidad/logo.svg, textoAlternativo: Logo del hospital }\n')
    vi.stubEnv('MANIFEST_DIR', path.join(root, 'manifest'))
    vi.stubEnv('PUBLIC_DIR', path.join(root, 'public'))
    try {
      const withLogo = loadManifest().manifest
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-validacion-'))
      expect(keepValidation(cacheDir, 'clave-logo', withLogo, [])).toBe(true)
      expect(reuseValidation(cacheDir, 'clave-logo')?.manifest.site?.data.identidad?.logo?.url).toBe('/assets/identidad/logo.svg')
      fs.writeFileSync(logo, 'no es una imagen\n')
      expect(reuseValidation(cacheDir, 'clave-logo')).toBeUndefined()
    } finally {
      vi.unstubAllEnvs()
      vi.stubEnv('MANIFEST_DIR', path.resolve('tests/fixtures/manifest-min'))
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it('an entry that cannot be written does not throw (the build goes on), and nothing half-written is read', () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ese-validacion-'))
    // A file where the entries' folder should be: every write below it fails.
    fs.writeFileSync(path.join(cacheDir, 'validacion'), '')
    expect(keepValidation(cacheDir, 'clave-1', manifest, [])).toBe(false)
    expect(reuseValidation(cacheDir, 'clave-1')).toBeUndefined()
  })
})
