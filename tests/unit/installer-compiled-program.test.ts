/**
 * `npm run instalar` for a program installed from a release archive (docs/decisions/updates-and-releases.md,
 * «Archives run by node»): the unit it writes starts the compiled server with node alone, in the link `actual`, and
 * systemd accepts it.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { install, isCompiledProgram, parseInstallArgs } from '../../scripts/lib/installer.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const dir = path.join(ROOT, 'test-results', 'instalar-paquete')
fs.rmSync(dir, { recursive: true, force: true })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const base = path.join(dir, 'sitio')
const version = path.join(base, 'versiones', '1.0.0-abcdef0123')
fs.mkdirSync(path.join(version, 'src', 'server'), { recursive: true })
fs.writeFileSync(path.join(version, 'src', 'server', 'main.js'), '')
fs.cpSync(path.join(ROOT, 'despliegue'), path.join(version, 'despliegue'), { recursive: true })
fs.symlinkSync(path.join('versiones', '1.0.0-abcdef0123'), path.join(base, 'actual'))
const raiz = path.join(dir, 'raiz')

describe('the installer, for a program from a release archive', () => {
  it('writes a unit that runs the compiled server with node in the link «actual», which systemd accepts', () => {
    const programa = path.join(base, 'actual')
    expect(isCompiledProgram(programa)).toBe(true)
    expect(isCompiledProgram(ROOT)).toBe(false)
    const options = parseInstallArgs(
      [
        '--programa',
        programa,
        '--raiz',
        raiz,
        '--usuario',
        'radicador',
        '--casa',
        '/var/lib/radicador',
        '--config',
        '/srv/conf',
        '--unidades',
        '/srv/unidades',
        '--datos',
        '/srv/datos',
        '--publicaciones',
        '/srv/pub',
      ],
      ROOT,
      process.execPath,
    )
    const result = install(options)
    expect(result.nextSteps.join('\n')).not.toContain('npm run publicar')
    const unit = fs.readFileSync(result.unit, 'utf8')
    expect(unit).toContain(`WorkingDirectory=${programa}\n`)
    expect(unit).toContain(`ExecStart=${process.execPath} ./src/server/main.js\n`)
    expect(unit).not.toContain('tsx')
    expect(fs.readFileSync(path.join(raiz, 'srv/conf/servicio.sh'), 'utf8')).toContain(`cd ${programa} &&`)
    const verify = spawnSync('systemd-analyze', ['verify', path.join(raiz, 'srv/unidades/radicador.service')], { encoding: 'utf8' })
    expect(verify.stderr + verify.stdout).toBe('')
    expect(verify.status).toBe(0)
  })
})
