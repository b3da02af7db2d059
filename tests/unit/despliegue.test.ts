/**
 * docs/decisions/testing.md: the systemd unit an IT person installs (despliegue/sitio-hospital.service) is one systemd accepts
 * without a warning (`systemd-analyze verify`, Debian's systemd package, which needs no running systemd), and
 * keeps the hardening the operator's guide promises.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const UNIT = path.join(ROOT, 'despliegue', 'sitio-hospital.service')

/** The unit's [Service] settings, key → values (a key may repeat). */
function settings(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim())
    if (m) out.set(m[1]!, [...(out.get(m[1]!) ?? []), m[2]!])
  }
  return out
}

describe('systemd unit', () => {
  it('passes systemd-analyze verify with no warning', () => {
    expect(fs.existsSync('/usr/bin/systemd-analyze'), 'Instale el paquete de Debian «systemd» (apt-get install systemd).').toBe(true)
    // verify checks that ExecStart's program exists: on a machine whose node is elsewhere, point it there.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unidad-'))
    try {
      let text = fs.readFileSync(UNIT, 'utf8')
      if (!fs.existsSync('/usr/bin/node')) text = text.replace('/usr/bin/node', process.execPath)
      fs.writeFileSync(path.join(dir, 'sitio-hospital.service'), text)
      const r = spawnSync('systemd-analyze', ['verify', path.join(dir, 'sitio-hospital.service')], { encoding: 'utf8' })
      expect(r.stderr + r.stdout).toBe('')
      expect(r.status).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a dedicated user, restarts after a crash, hardening, writes only data and releases, environment from a root file', () => {
    const s = settings(fs.readFileSync(UNIT, 'utf8'))
    expect(s.get('User')).toEqual(['sitio-hospital'])
    expect(s.get('Restart')).toEqual(['on-failure'])
    expect(s.get('NoNewPrivileges')).toEqual(['yes'])
    expect(s.get('ProtectSystem')).toEqual(['strict'])
    expect(s.get('PrivateTmp')).toEqual(['yes'])
    expect(s.get('EnvironmentFile')).toEqual(['/etc/sitio-hospital/entorno'])
    expect(s.get('ReadWritePaths')).toEqual(['/opt/sitio-hospital/data /opt/sitio-hospital/publicaciones'])
    expect(s.get('WantedBy')).toEqual(['multi-user.target'])
  })
})
