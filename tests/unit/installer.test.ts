/**
 * `npm run instalar` (docs/decisions/operations.md, «The installer»): into a temporary root (`--raiz`), twice, with
 * paths from options; the second run changes nothing and keeps the generated secret; systemd accepts the unit it wrote.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { install, parseInstallArgs, variableIn } from '../../scripts/lib/installer.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const raiz = path.join(ROOT, 'test-results', 'instalar-raiz')
fs.rmSync(raiz, { recursive: true, force: true })
afterAll(() => fs.rmSync(raiz, { recursive: true, force: true }))

const args = ['--raiz', raiz, '--usuario', 'radicador', '--casa', '/var/lib/radicador', '--config', '/srv/conf', '--unidades', '/srv/unidades']
const args2 = [...args, '--datos', '/srv/datos', '--publicaciones', '/srv/pub']
const mode = (p: string) => (fs.statSync(path.join(raiz, p)).mode & 0o777).toString(8)

describe('the installer', () => {
  const options = parseInstallArgs(args2, ROOT, process.execPath)

  it('writes the account folders, the environment file and a unit with the paths given, and systemd accepts the unit', () => {
    const first = install(options)
    expect(mode('/var/lib/radicador')).toBe('700')
    expect(mode('/srv/datos')).toBe('700')
    expect(mode('/srv/conf/entorno')).toBe('600')
    const env = fs.readFileSync(path.join(raiz, 'srv/conf/entorno'), 'utf8')
    expect(variableIn(env, 'DATA_DIR')).toBe('/srv/datos')
    expect(variableIn(env, 'PUBLICACIONES_DIR')).toBe('/srv/pub')
    expect(variableIn(env, 'DATABASE_CLAVE_SITIOS')).toMatch(/^[0-9a-f]{64}$/)
    const unit = fs.readFileSync(first.unit, 'utf8')
    expect(first.unit).toBe(path.join(raiz, 'srv/unidades/radicador.service'))
    expect(unit).toContain('User=radicador\n')
    expect(unit).toContain('EnvironmentFile=/srv/conf/entorno\n')
    expect(unit).toContain(`WorkingDirectory=${ROOT}\n`)
    expect(unit).toContain('ReadWritePaths=/srv/datos /srv/pub\n')
    expect(unit).toContain(`ExecStart=${process.execPath} --import tsx src/server/main.ts\n`)
    expect(unit).not.toMatch(/\/opt\/sitio-hospital|\/etc\/sitio-hospital/)
    const shortcut = fs.readFileSync(path.join(raiz, 'srv/conf/servicio.sh'), 'utf8')
    expect(shortcut).toContain('runuser -u radicador -- env HOME=/var/lib/radicador')
    expect(shortcut).not.toContain('/etc/sitio-hospital')
    const verify = spawnSync('systemd-analyze', ['verify', first.unit], { encoding: 'utf8' })
    expect(verify.stderr + verify.stdout).toBe('')
    expect(verify.status).toBe(0)
  })

  it('run again, changes nothing and keeps the environment file and its secret', () => {
    const env = fs.readFileSync(path.join(raiz, 'srv/conf/entorno'), 'utf8')
    fs.appendFileSync(path.join(raiz, 'srv/conf/entorno'), 'SMTP_URL=smtps://a:b@correo.example:465\n')
    const second = install(options)
    expect(second.steps.filter(s => s.hecho)).toEqual([])
    expect(fs.readFileSync(path.join(raiz, 'srv/conf/entorno'), 'utf8')).toBe(`${env}SMTP_URL=smtps://a:b@correo.example:465\n`)
    const verify = spawnSync('systemd-analyze', ['verify', second.unit], { encoding: 'utf8' })
    expect(verify.stderr + verify.stdout).toBe('')
  })

  it("refuses the program's folder as the account's home, and relative paths", () => {
    expect(() => parseInstallArgs(['--raiz', raiz, '--casa', ROOT], ROOT, process.execPath)).toThrow(/no puede ser la del programa/)
    expect(() => parseInstallArgs(['--raiz', raiz, '--config', 'etc'], ROOT, process.execPath)).toThrow(/ruta completa/)
  })
})
