import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ADDRESS_SECRET_DIR, addressKeys } from '../../src/server/addressKeys.ts'

/**
 * The rate limits' keys for a client address (docs/decisions/security.md, «Rate limits that keep no address»): an
 * HMAC under a secret of the day kept in DATA_DIR, the same for every process sharing the folder, a new one each day
 * with the day before deleted. Each test sets its own clock.
 */

const dirs: string[] = []
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'claves-direccion-'))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const DAY1 = Date.parse('2026-03-02T15:04:27.123Z')
const DAY2 = Date.parse('2026-03-03T09:00:00.000Z')

describe('keys of client addresses', () => {
  it('hide the address, and two processes sharing DATA_DIR agree on them', () => {
    const dir = dataDir()
    const a = addressKeys(dir)
    const b = addressKeys(dir)
    const key = a.keyOf('198.51.100.77', DAY1)
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(key).not.toContain('198.51.100.77')
    expect(b.keyOf('198.51.100.77', DAY1 + 3_600_000)).toBe(key)
    expect(a.keyOf('198.51.100.78', DAY1)).not.toBe(key)
    // Another installation (another folder, another secret) gives another key for the same address.
    expect(addressKeys(dataDir()).keyOf('198.51.100.77', DAY1)).not.toBe(key)
  })

  it('keep the secret readable by the server alone, and a new day forgets the old one', () => {
    const dir = dataDir()
    const keys = addressKeys(dir)
    const first = keys.keyOf('198.51.100.77', DAY1)
    const folder = path.join(dir, ADDRESS_SECRET_DIR)
    expect(fs.readdirSync(folder)).toEqual(['2026-03-02.clave'])
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(folder, '2026-03-02.clave')).mode & 0o777).toBe(0o600)
    const next = addressKeys(dir).keyOf('198.51.100.77', DAY2)
    expect(next).not.toBe(first)
    // The day before's secret is gone: its keys can no longer be matched to an address, not even by the server.
    expect(fs.readdirSync(folder)).toEqual(['2026-03-03.clave'])
    expect(addressKeys(dir).keyOf('198.51.100.77', DAY1)).not.toBe(first)
  })

  it('count in this process only, never on the address, when the secret cannot be kept', () => {
    const dir = dataDir()
    fs.writeFileSync(path.join(dir, ADDRESS_SECRET_DIR), 'no es una carpeta')
    const problems: string[] = []
    const keys = addressKeys(dir, e => problems.push(e.name))
    const key = keys.keyOf('198.51.100.77', DAY1)
    expect(problems).toHaveLength(1)
    expect(key).not.toContain('198.51.100.77')
    expect(keys.keyOf('198.51.100.77', DAY1 + 1_000)).toBe(key)
  })
})
