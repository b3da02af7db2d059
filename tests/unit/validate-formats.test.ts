/**
 * `npm run validate` speaks each Git host's language: GitHub workflow annotations, a GitLab
 * code-quality report and plain JSON. Runs the real script on the minimal fixture with one
 * error (an impossible date) and one warning (a PDF no list links).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { githubAnnotation, parseValidateArgs } from '../../src/manifest/report.ts'

const ERROR_MESSAGE = 'la fecha «2024-02-30» no es válida: use AAAA-MM-DD y una fecha que exista'
const WARNING_MESSAGE = 'ningún manifiesto enlaza este archivo'

let tmp: string

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-formats-'))
  fs.cpSync(path.resolve('tests/fixtures/manifest-min'), path.join(tmp, 'manifest'), { recursive: true })
  fs.cpSync(path.resolve('tests/fixtures/public-min'), path.join(tmp, 'public'), { recursive: true })
  const list = path.join(tmp, 'manifest/documents/informes.yaml')
  const text = fs.readFileSync(list, 'utf8')
  // The error: line 7, the date value starts at column 12.
  expect(text.split('\n')[6]).toBe('    fecha: 2024-03-01')
  fs.writeFileSync(list, text.replace('fecha: 2024-03-01', 'fecha: 2024-02-30'))
  // The warning: a PDF under public/assets that no list links.
  fs.copyFileSync(path.join(tmp, 'public/assets/docs/informe-2024.pdf'), path.join(tmp, 'public/assets/docs/sin-enlace.pdf'))
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

function validate(args: string[], env: Record<string, string> = {}) {
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, MANIFEST_DIR: path.join(tmp, 'manifest'), PUBLIC_DIR: path.join(tmp, 'public') }
  delete baseEnv.GITHUB_ACTIONS
  const result = spawnSync(process.execPath, ['scripts/compiled.mjs', 'validate', ...args], {
    encoding: 'utf8',
    env: { ...baseEnv, ...env },
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('validator output formats', () => {
  it('under GitHub Actions prints one annotation per problem, on its file, line and column', () => {
    const { status, stdout } = validate([], { GITHUB_ACTIONS: 'true' })
    expect(status).toBe(1)
    expect(stdout.split('\n').filter(l => l.startsWith('::'))).toEqual([
      `::error file=manifest/documents/informes.yaml,line=7,col=12,title=Error en el manifiesto::${ERROR_MESSAGE}`,
      `::warning file=public/assets/docs/sin-enlace.pdf,line=1,col=1,title=Aviso del manifiesto::${WARNING_MESSAGE}`,
    ])
  })

  it('outside GitHub Actions prints no annotation, only file:line:col lines', () => {
    const { status, stdout, stderr } = validate([])
    expect(status).toBe(1)
    expect(stdout + stderr).not.toContain('::')
    expect(stderr).toContain(`manifest/documents/informes.yaml:7:12: ${ERROR_MESSAGE}`)
    expect(stdout).toContain(`public/assets/docs/sin-enlace.pdf: aviso: ${WARNING_MESSAGE}`)
  })

  it('--formato json writes only the JSON report on standard output', () => {
    const { status, stdout } = validate(['--formato', 'json'])
    expect(status).toBe(1)
    expect(JSON.parse(stdout)).toEqual({
      valido: false,
      errores: 1,
      avisos: 1,
      problemas: [
        { archivo: 'manifest/documents/informes.yaml', linea: 7, columna: 12, nivel: 'error', mensaje: ERROR_MESSAGE },
        { archivo: 'public/assets/docs/sin-enlace.pdf', linea: 1, columna: 1, nivel: 'aviso', mensaje: WARNING_MESSAGE },
      ],
    })
  })

  it('--formato gitlab --salida writes a GitLab code-quality report', () => {
    const out = path.join(tmp, 'informes/calidad.json')
    const { status } = validate(['--formato=gitlab', '--salida', out])
    expect(status).toBe(1)
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>[]
    expect(report.map(({ fingerprint, ...rest }) => rest)).toEqual([
      {
        type: 'issue',
        check_name: 'manifiesto-error',
        description: ERROR_MESSAGE,
        categories: ['Bug Risk'],
        severity: 'blocker',
        location: { path: 'manifest/documents/informes.yaml', positions: { begin: { line: 7, column: 12 } } },
      },
      {
        type: 'issue',
        check_name: 'manifiesto-aviso',
        description: WARNING_MESSAGE,
        categories: ['Bug Risk'],
        severity: 'minor',
        location: { path: 'public/assets/docs/sin-enlace.pdf', positions: { begin: { line: 1, column: 1 } } },
      },
    ])
    const fingerprints = report.map(r => r.fingerprint)
    expect(fingerprints.every(f => typeof f === 'string' && /^[0-9a-f]{32}$/.test(f))).toBe(true)
    expect(new Set(fingerprints).size).toBe(2)
  })

  it('a valid manifest gives an empty report and exit 0', () => {
    const { status, stdout } = validate(['--formato', 'json'], {
      PUBLIC_DIR: path.resolve('tests/fixtures/public-min'),
      MANIFEST_DIR: path.resolve('tests/fixtures/manifest-min'),
    })
    expect(status).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ valido: true, errores: 0, avisos: 0, problemas: [] })
  })

  it('an unknown format is refused in Spanish', () => {
    const { status, stderr } = validate(['--formato', 'xml'])
    expect(status).toBe(2)
    expect(stderr).toContain('formato «xml» desconocido: use texto, json, gitlab')
    expect(() => parseValidateArgs(['--salida'])).toThrow('Falta el valor de --salida')
  })

  it('escapes what would break a workflow command', () => {
    expect(githubAnnotation({ file: 'manifest/a,b.yaml', line: 2, col: 3, level: 'error', message: '100% mal\nsegunda línea' })).toBe(
      '::error file=manifest/a%2Cb.yaml,line=2,col=3,title=Error en el manifiesto::100%25 mal%0Asegunda línea',
    )
  })
})
