import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, ROOT, startInProcess, tempDataDir, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * docs/decisions/testing.md: the account lock must hold when the guesses arrive together.
 * The red team's shape: a burst of wrong passwords from several addresses with
 * the right one sent last, all in flight at once.
 */
const ACCOUNT = { correo: 'recepcion@hospital.gov.co', clave: 'la clave larga y correcta 7' }
const OTHER = { correo: 'archivo@hospital.gov.co', clave: 'otra clave larga y correcta 8' }

describe('the sign-in lock under parallel guesses', () => {
  let server: RunningServer
  let client: Client

  beforeAll(async () => {
    const dataDir = tempDataDir('oficina-rafaga')
    for (const a of [ACCOUNT, OTHER]) {
      const made = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', a.correo, '--nombre', 'Personal', '--rol', 'siau']), {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        input: `${a.clave}\n`,
        encoding: 'utf8',
      })
      expect(made.status, made.stderr).toBe(0)
    }
    // The test's requests come through a "proxy" on loopback, so each can claim its own client address.
    server = await startInProcess({ dataDir, trustProxy: '127.0.0.1' })
    client = await new Client(server.url).init()
  })
  afterAll(async () => server?.close())

  const signIn = async (correo: string, clave: string, address: string) => {
    const res = await fetch(`${server.url}/api/oficina/sesion`, {
      method: 'POST',
      headers: client.headers({ 'content-type': 'application/json', 'x-forwarded-for': address }),
      body: JSON.stringify({ correo, clave }),
    })
    return {
      status: res.status,
      body: (await res.json()) as { error?: string },
      session: res.headers.getSetCookie().some(c => c.startsWith('oficina_sesion=')),
    }
  }

  /** 50 wrong passwords from five addresses, then (still in flight with them) the given last password. */
  const burst = (correo: string, last: string, net: string) =>
    Promise.all([...Array.from({ length: 50 }, (_, i) => signIn(correo, `equivocada número ${i}`, `${net}.${i % 5}`)), signIn(correo, last, `${net}.9`)])

  it('the session cookie is Secure when the request reached the trusted proxy over HTTPS, and only then', async () => {
    const over = async (proto?: string) => {
      const res = await fetch(`${server.url}/api/oficina/sesion`, {
        method: 'POST',
        headers: client.headers({ 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1', ...(proto ? { 'x-forwarded-proto': proto } : {}) }),
        body: JSON.stringify({ correo: OTHER.correo, clave: OTHER.clave }),
      })
      expect(res.status).toBe(200)
      return res.headers
        .getSetCookie()
        .find(c => c.startsWith('oficina_sesion='))!
        .split(/;\s*/)
        .slice(1)
        .map(a => a.toLowerCase())
    }
    const https = await over('https')
    expect(https).toContain('secure')
    expect(https).toContain('httponly')
    expect(https).toContain('samesite=strict')
    // Plain HTTP through the same proxy (a test on the server itself): a Secure cookie would never come back.
    expect(await over()).not.toContain('secure')
  })

  it('50 parallel wrong sign-ins from five addresses followed by the right password: the right one is refused and at most 25 were checked', async () => {
    const answers = await burst(ACCOUNT.correo, ACCOUNT.clave, '10.1.0')
    const right = answers.at(-1)!
    expect(right.status).toBe(429)
    expect(right.session).toBe(false)
    expect(right.body.error).toMatch(/^Demasiados intentos fallidos\. Espere \d+ minutos? e intente de nuevo\.$/)
    // Only the attempts counted before the locks were verified (401): five per address (the account at an address),
    // 25 in all (the account everywhere); every other one was refused unverified.
    const statuses = answers.map(a => a.status)
    expect(statuses.filter(s => s === 401)).toHaveLength(25)
    expect(statuses.filter(s => s === 429)).toHaveLength(26)
    // And later, from an address never used, the right password is still refused until the lock ends.
    const after = await signIn(ACCOUNT.correo, ACCOUNT.clave, '10.1.1.1')
    expect(after.status).toBe(429)
    expect(after.session).toBe(false)
  })

  it('an unknown account gets exactly the same answers', async () => {
    const known = await burst(OTHER.correo, 'otra equivocada más', '10.2.0')
    const unknown = await burst('nadie@hospital.gov.co', 'otra equivocada más', '10.3.0')
    const shape = (answers: Array<{ status: number; body: unknown }>) => answers.map(a => `${a.status} ${JSON.stringify(a.body)}`).sort()
    expect(shape(unknown)).toEqual(shape(known))
    expect(new Set(shape(unknown))).toEqual(
      new Set([
        `401 ${JSON.stringify({ error: 'Correo o contraseña incorrectos.', fields: {} })}`,
        `429 ${JSON.stringify({ error: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.', fields: {} })}`,
      ]),
    )
  })
})
