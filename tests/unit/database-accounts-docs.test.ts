/**
 * The PostgreSQL accounts as the operator meets them (docs/guia-operacion.md §7.4 and §12, despliegue/): the server's
 * account that despliegue/entorno.ejemplo names is the one §12 creates and bd:preparar grants, and no command the guide
 * gives puts a database password on the command line (visible in `ps`, sudo's log and the shell's history).
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

const GUIDE = fs.readFileSync('docs/guia-operacion.md', 'utf8')
const EXAMPLE = fs.readFileSync('despliegue/entorno.ejemplo', 'utf8')
const HELPER = fs.readFileSync('despliegue/servicio.sh', 'utf8')

/** The guide's shell blocks (```sh … ```), one string per line. */
const shellLines = (text: string): string[] => [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(m => m[1]!.split('\n')).map(l => l.trim())

describe('PostgreSQL accounts in the guide and despliegue/', () => {
  it('entorno.ejemplo names the server account that §12 creates and bd:preparar grants', () => {
    const example = /^# DATABASE_URL=postgres:\/\/([a-z_]+):/m.exec(EXAMPLE)?.[1]
    const created = [...GUIDE.matchAll(/CREATE ROLE ([a-z_]+) LOGIN/g)].map(m => m[1])
    const granted = /bd:preparar -- ([a-z_]+)/.exec(GUIDE)?.[1]
    expect(created).toHaveLength(2)
    expect(example).toBe(granted)
    expect(created).toContain(example)
    // Not the owner: the server refuses to start with the owner's account.
    expect(GUIDE).toContain(`CREATE DATABASE radicacion OWNER ${created.find(r => r !== example)}`)
  })

  it('no shell command of the guide carries a password in a postgres:// address', () => {
    const leaking = shellLines(GUIDE).filter(l => !l.startsWith('#') && /postgres(ql)?:\/\/[^:@/\s]+:[^@\s]+@/.test(l))
    expect(leaking).toEqual([])
  })

  it('servicio_duenio reads the owner account from its root-only file, as root, then runs as the service user', () => {
    const fn = /servicio_duenio\(\) \{\n\t(.*)\n\}/.exec(HELPER)?.[1]
    expect(fn).toContain('. /etc/sitio-hospital/duenio;')
    expect(fn).toContain('exec runuser -u sitio-hospital --')
    expect(GUIDE).toContain('servicio_duenio npm run -s bd:preparar -- radicacion_servidor')
    expect(GUIDE).toContain('servicio_duenio npm run actualizar')
  })
})
