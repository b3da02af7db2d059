import { spawnSync } from 'node:child_process'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtp, type LocalSmtp } from './smtp.ts'
import { Client, ROOT, startInProcess, tempDataDir, validPqrs, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * A receipt says it was e-mailed only when the mail server accepted it (docs/decisions/filings.md): the office's
 * constancia page, the office's API answer and the site's answer. Without a mail server, or when it refuses, they
 * say it was not, and what to do instead.
 */

const STAFF = { correo: 'ventanilla.recibos@hospital.gov.co', clave: 'clave larga de la ventanilla 7', nombre: 'Luz Ventanilla' }

function createStaff(dataDir: string): void {
  const run = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', STAFF.nombre, '--rol', 'siau']), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    input: `${STAFF.clave}\n`,
    encoding: 'utf8',
  })
  expect(run.status).toBe(0)
}

/** A signed-in office session that registers a petition through the HTML form (no script) and reads its constancia page. */
async function registerAndReadConstancia(url: string, datos: Record<string, unknown>): Promise<{ notice: string; api: Record<string, unknown> }> {
  const client = await new Client(url).init()
  const signIn = await fetch(`${url}/api/oficina/sesion`, {
    method: 'POST',
    headers: { cookie: `XSRF-TOKEN=${client.token}`, 'x-xsrf-token': client.token, 'content-type': 'application/json' },
    body: JSON.stringify({ correo: STAFF.correo, clave: STAFF.clave }),
  })
  expect(signIn.status).toBe(200)
  const session = signIn.headers
    .getSetCookie()
    .find(c => c.startsWith('oficina_sesion='))!
    .split(';')[0]!
  const cookie = `XSRF-TOKEN=${client.token}; ${session}`
  const page = parse(await (await fetch(`${url}/oficina/radicar/pqrsd`, { headers: { cookie } })).text())
  const xsrf = page.querySelector('form.radicar input[name="_xsrf"]')!.getAttribute('value')!
  const fields = { _xsrf: xsrf, _formulario: 'pqrsd', _canal: 'presencial', ...Object.fromEntries(Object.entries(datos).map(([k, v]) => [k, String(v)])) }
  const posted = await fetch(`${url}/api/oficina/radicaciones`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: url },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  expect(posted.status).toBe(303)
  const constancia = parse(await (await fetch(`${url}${posted.headers.get('location')}`, { headers: { cookie } })).text())
  const api = await fetch(`${url}/api/oficina/radicaciones`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': client.token, 'content-type': 'application/json' },
    body: JSON.stringify({ formulario: 'pqrsd', canal: 'telefónico', datos }),
  })
  expect(api.status).toBe(200)
  return { notice: constancia.querySelector('[role="status"]')?.textContent ?? '', api: (await api.json()) as Record<string, unknown> }
}

describe('an office registration without a mail server', () => {
  let server: RunningServer
  beforeAll(async () => {
    const dataDir = tempDataDir('recibos-sin-correo')
    createStaff(dataDir)
    server = await startInProcess({ dataDir })
  })
  afterAll(async () => server?.close())

  it('says the constancia was not e-mailed, and what to give the citizen instead', async () => {
    const { notice, api } = await registerAndReadConstancia(server.url, validPqrs())
    expect(notice).toContain('La constancia no se envió por correo')
    expect(notice).toContain('Entréguele la constancia impresa o en PDF, o díctele el número de radicado y el código de verificación.')
    expect(notice).not.toContain('se envió al correo')
    expect(api.correo).toBe('no-enviado')
  })

  it('answers the site the same: the receipt was not e-mailed', async () => {
    const client = await new Client(server.url).init()
    const res = await client.postJson('/api/pqrs', validPqrs())
    expect(res.status).toBe(200)
    expect(((await res.json()) as { correo?: string }).correo).toBe('no-enviado')
  })
})

describe('an office registration with a mail server', () => {
  let server: RunningServer
  let smtp: LocalSmtp
  let refusing: LocalSmtp
  let refused: RunningServer
  beforeAll(async () => {
    smtp = await startSmtp()
    refusing = await startSmtp({ reject: true })
    const dataDir = tempDataDir('recibos-con-correo')
    createStaff(dataDir)
    server = await startInProcess({ dataDir, smtpUrl: smtp.url })
    const refusedDir = tempDataDir('recibos-correo-rechazado')
    createStaff(refusedDir)
    refused = await startInProcess({ dataDir: refusedDir, smtpUrl: refusing.url })
  })
  afterAll(async () => {
    await server?.close()
    await refused?.close()
    await smtp?.close()
    await refusing?.close()
  })

  it('says it was e-mailed once the mail server accepted it', async () => {
    const { notice, api } = await registerAndReadConstancia(server.url, validPqrs({ correoElectronico: 'ciudadana@example.com' }))
    expect(notice).toContain('La constancia también se envió al correo que dio el ciudadano.')
    expect(api.correo).toBe('enviado')
    expect(smtp.inbox.filter(m => m.to.includes('ciudadana@example.com'))).toHaveLength(2)
  })

  it('says it was not when the mail server refused it', async () => {
    const { notice, api } = await registerAndReadConstancia(refused.url, validPqrs())
    expect(notice).toContain('La constancia no se envió por correo')
    expect(api.correo).toBe('no-enviado')
  })
})
