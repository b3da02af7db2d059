import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeGeneratedFiles } from '../../src/build/generate.ts'
import { compileFormSchema } from '../../src/forms/compileFormSchema.ts'
import { validatorModule } from '../../src/forms/standalone.ts'
import { setCompiledCacheDir } from '../../src/manifest/compiledCache.ts'
import { loadManifest, type Manifest } from '../../src/manifest/load.ts'

/**
 * The build keeps each form's compiled validator code in the staff commands' cache folder (src/build/generate.ts,
 * docs/decisions/testing.md) instead of compiling it with Ajv on every build. What it writes into src/generated/validadores must be
 * what Ajv compiles from the form as it is now, never the code of an earlier version of the form.
 */
let tmp: string
let manifest: Manifest

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'form-validator-cache-'))
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  setCompiledCacheDir(path.join(tmp, 'cache'))
  manifest = loadManifest(path.resolve('tests/fixtures/manifest-min')).manifest
})

afterAll(() => {
  setCompiledCacheDir(undefined)
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** What Ajv compiles from the manifest's forms right now, by file name. */
const compiledNow = () => Object.fromEntries(manifest.forms.map(f => [`${f.data.id}.js`, validatorModule(compileFormSchema(f.data, manifest.lookups?.data))]))

function generated(genDir: string): Record<string, string> {
  writeGeneratedFiles(manifest, genDir)
  const dir = path.join(genDir, 'validadores')
  return Object.fromEntries(fs.readdirSync(dir).map(f => [f, fs.readFileSync(path.join(dir, f), 'utf8')]))
}

describe('form validators kept between builds', () => {
  it('are the code Ajv compiles from the forms as they are now, also after a form changed', () => {
    const first = generated(path.join(tmp, 'gen-1'))
    expect(Object.keys(first).sort()).toEqual(['contacto.js', 'cuestionario.js'])
    expect(first).toEqual(compiledNow())
    expect(fs.readdirSync(path.join(tmp, 'cache', 'validadores'))).toHaveLength(2)

    // A second build into another folder takes them from the cache: the same code.
    expect(generated(path.join(tmp, 'gen-2'))).toEqual(first)

    // The name field changes its limit: its validator is compiled again, the other one is not.
    const contacto = manifest.forms.find(f => f.data.id === 'contacto')!
    const nombre = contacto.data.campos.find(c => 'nombre' in c && c.nombre === 'nombre') as { longitudMaxima?: number }
    nombre.longitudMaxima = 7
    const afterEdit = generated(path.join(tmp, 'gen-3'))
    expect(afterEdit).toEqual(compiledNow())
    expect(afterEdit['contacto.js']).not.toEqual(first['contacto.js'])
    expect(afterEdit['cuestionario.js']).toEqual(first['cuestionario.js'])
    expect(fs.readdirSync(path.join(tmp, 'cache', 'validadores'))).toHaveLength(3)
  })
})
