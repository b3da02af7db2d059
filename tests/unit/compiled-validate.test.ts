import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { keepCompiledValidatorsIn } from '../../src/manifest/schemas.ts'
import { validateManifest } from '../../src/manifest/validate.ts'

/**
 * `npm run validate` starts from a compiled copy of the validator and keeps
 * the schema validators as Ajv standalone code (scripts/compiled.mjs). Staff
 * must get exactly the messages the in-memory validator gives.
 */
let tmp: string
let manifestDir: string
let cacheDir: string

function write(rel: string, content: string): void {
  const file = path.join(manifestDir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
}

const messages = () => validateManifest(manifestDir).problems.map(formatProblem)

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-validate-'))
  manifestDir = path.join(tmp, 'manifest')
  // Inside the project, as node_modules/.cache is: the standalone code requires Ajv's runtime from node_modules.
  cacheDir = path.resolve('test-results/compiled-validate-cache')
  fs.rmSync(cacheDir, { recursive: true, force: true })
  fs.cpSync('tests/fixtures/manifest-min', manifestDir, { recursive: true })
  fs.cpSync('tests/fixtures/public-min', path.join(tmp, 'public'), { recursive: true })
  process.env.MANIFEST_DIR = manifestDir
  process.env.PUBLIC_DIR = path.join(tmp, 'public')
  // One mistake of each kind the schemas catch: unknown key, missing field, wrong type, bad enum, bad date, bad year.
  write('pages/grupo/pagina.yaml', 'ruta: /grupo/pagina\netiqueta: Página\ntitluo: Página\nmenuLateral: grupo\nsecciones:\n  - tipo: desconocido\n')
  write(
    'documents/informes.yaml',
    'id: informes\ntitulo: Informes\nfilas:\n  - anio: 20255\n    titulo: 7\n    archivo: /assets/docs/informe-2024.pdf\n    fecha: 2023-02-30\n  - anio: 2024\n    archivo: /assets/docs/informe-2024.pdf\n',
  )
})

afterAll(() => {
  keepCompiledValidatorsIn(undefined)
  delete process.env.MANIFEST_DIR
  delete process.env.PUBLIC_DIR
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.rmSync(cacheDir, { recursive: true, force: true })
})

describe('compiled validators', () => {
  it('give the same messages as validators compiled in memory, when written and when read back', () => {
    keepCompiledValidatorsIn(undefined)
    const inMemory = messages()
    expect(inMemory.length).toBeGreaterThanOrEqual(5)

    keepCompiledValidatorsIn(cacheDir)
    expect(messages()).toEqual(inMemory)
    const files = fs.readdirSync(cacheDir).filter(f => /^manifest-validators-[0-9a-f]{16}\.cjs$/.test(f))
    expect(files).toHaveLength(1)

    // A fresh start reads the standalone code instead of compiling, and every file's data from the parse cache
    // (the problems are still placed at their line and column).
    keepCompiledValidatorsIn(cacheDir)
    expect(fs.readdirSync(path.join(cacheDir, 'yaml')).length).toBeGreaterThanOrEqual(3)
    expect(messages()).toEqual(inMemory)

    // A file edited since it was cached is read again: the fixed title disappears from the messages.
    write('pages/grupo/pagina.yaml', 'ruta: /grupo/pagina\netiqueta: Página\ntitulo: Página\nmenuLateral: grupo\nsecciones:\n  - tipo: desconocido\n')
    keepCompiledValidatorsIn(undefined)
    const afterEdit = messages()
    expect(afterEdit).not.toEqual(inMemory)
    keepCompiledValidatorsIn(cacheDir)
    expect(messages()).toEqual(afterEdit)
  })

  it('the compiled staff command prints what the TypeScript one prints', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, MANIFEST_DIR: manifestDir, PUBLIC_DIR: path.join(tmp, 'public') }
    delete env.ESE_PLAN_COMPILACION
    const strip = (s: string) => s.replace(/revisados en \d+ ms/, 'revisados en N ms')
    const viaTsx = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts'], { env, encoding: 'utf8' })
    const compiled = spawnSync(process.execPath, ['scripts/compiled.mjs', 'validate'], { env, encoding: 'utf8' })
    expect(viaTsx.status).toBe(1)
    expect(compiled.status).toBe(1)
    expect(strip(compiled.stderr)).toBe(strip(viaTsx.stderr))
    expect(strip(compiled.stdout)).toBe(strip(viaTsx.stdout))
    expect(compiled.stderr).toContain('manifest/documents/informes.yaml:')
  }, 120_000)

  it('the compiled build command (npm run build) reports an invalid manifest as the TypeScript one, in a checkout the build never ran in', () => {
    // A fresh clone has no src/generated/ (the build writes it): the compiled copy must still be made and run.
    const clone = path.resolve('test-results/compiled-build-clone')
    fs.rmSync(clone, { recursive: true, force: true })
    for (const item of ['src', 'scripts', 'schemas', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'])
      fs.cpSync(item, path.join(clone, item), { recursive: true, filter: f => !f.includes(`src${path.sep}generated`) })
    fs.symlinkSync(path.resolve('node_modules'), path.join(clone, 'node_modules'), 'junction')
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, MANIFEST_DIR: manifestDir, PUBLIC_DIR: path.join(tmp, 'public') }
      for (const k of ['ESE_PLAN_COMPILACION', 'BUILD_OUT_DIR', 'PROJECT_ROOT']) delete env[k]
      const viaTsx = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: clone, env, encoding: 'utf8' })
      const compiled = spawnSync(process.execPath, ['scripts/compiled.mjs', 'build'], { cwd: clone, env, encoding: 'utf8' })
      expect(viaTsx.status).toBe(1)
      expect(compiled.status).toBe(1)
      expect(compiled.stderr).toBe(viaTsx.stderr)
      expect(compiled.stdout).toBe(viaTsx.stdout)
      expect(compiled.stderr).toContain('manifest/documents/informes.yaml:')
      expect(compiled.stderr).toMatch(/error\(es\) en el manifiesto: no se compiló nada/)
      // A mistyped option is refused before anything is done, also as the first argument.
      const typo = spawnSync(process.execPath, ['scripts/compiled.mjs', 'build', '--completo'], { cwd: clone, env, encoding: 'utf8' })
      expect(typo.status).toBe(2)
      expect(typo.stderr).toContain('Opción desconocida: --completo.')
    } finally {
      fs.rmSync(clone, { recursive: true, force: true })
    }
  }, 120_000)
})
