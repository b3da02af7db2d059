import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { npmBanner, writeData } from '../../src/server/npmBanner.ts'

const NPM_ENV = {
  npm_command: 'run',
  npm_lifecycle_event: 'export',
  npm_lifecycle_script: 'tsx src/server/export.ts',
  npm_package_name: 'ese-hospital-sitio',
  npm_package_version: '0.1.0',
}
const ARGS = ['pqrs', '--since', '2025-04-01']

/** A file as the shell leaves it for the script: opened for writing, holding what was there plus what npm wrote. */
function redirected(before: string, env: NodeJS.ProcessEnv, flags: 'r+' | 'a'): { file: string; fd: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'banner-')), 'salida.csv')
  fs.writeFileSync(file, before + (npmBanner(env, ARGS) ?? ''))
  const fd = fs.openSync(file, flags)
  return { file, fd }
}

describe("npm's banner in a redirected export", () => {
  it('is exactly what npm prints for this command line, and nothing when npm was silent or not the starter', () => {
    expect(npmBanner(NPM_ENV, ARGS)).toBe('\n> ese-hospital-sitio@0.1.0 export\n> tsx src/server/export.ts pqrs --since 2025-04-01\n\n')
    expect(npmBanner({ ...NPM_ENV, npm_config_loglevel: 'silent' }, ARGS)).toBeUndefined()
    expect(npmBanner({ ...NPM_ENV, npm_config_json: 'true' }, ARGS)).toBeUndefined()
    expect(npmBanner({}, ARGS)).toBeUndefined()
  })

  it('is cut from a file that holds only the banner; a file with earlier content (>>) keeps all of it', () => {
    // `>`: the shell truncated the file; npm's banner is all it holds (the descriptor's offset after it).
    const fresh = redirected('', NPM_ENV, 'r+')
    writeData('"Radicado"\r\n', NPM_ENV, ARGS, fresh.fd)
    fs.closeSync(fresh.fd)
    expect(fs.readFileSync(fresh.file, 'utf8')).toBe('"Radicado"\r\n')
    // `>>`: earlier content, then the banner: nothing is cut (the person is told to use -s or --salida).
    const appended = redirected('contenido anterior\n', NPM_ENV, 'a')
    writeData('"Radicado"\r\n', NPM_ENV, ARGS, appended.fd)
    fs.closeSync(appended.fd)
    expect(fs.readFileSync(appended.file, 'utf8')).toBe(`contenido anterior\n${npmBanner(NPM_ENV, ARGS)}"Radicado"\r\n`)
  })
})
