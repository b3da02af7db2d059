import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, historiaFields, historiaForm, ROOT, startInProcess, storedFiling, tempDataDir, validPqrs, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * E-mail is required only when the chosen reply channel is e-mail (`requeridoSi` in pqrsd.yaml; Ley 1755 de 2015,
 * art. 16; docs/decisions/forms.md), and WhatsApp never where a telephone is: the same rule on the site's API,
 * on a form posted without script and in the office's register, all from the form definition.
 */

const STAFF = { correo: 'ventanilla.telefono@hospital.gov.co', clave: 'clave larga de la ventanilla 9' }
const EMAIL_REQUIRED = 'La dirección de correo es obligatoria'

/** A caller without e-mail: reply by letter to the address given (tipo-respuesta 2). */
function byTelephoneWithoutEmail(tipoRespuesta: number): Record<string, unknown> {
  const datos = validPqrs({ tipoRespuesta, mensaje: 'Llamó para pedir la autorización de una cirugía; no tiene correo.' })
  delete datos.correoElectronico
  return datos
}

describe('a petition without e-mail', () => {
  let server: RunningServer
  let dataDir: string
  let office: { register(body: unknown): Promise<Response> }

  beforeAll(async () => {
    dataDir = tempDataDir('peticion-sin-correo')
    const created = spawnSync(
      process.execPath,
      compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', 'Ana Ventanilla', '--rol', 'siau']),
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        input: `${STAFF.clave}\n`,
        encoding: 'utf8',
      },
    )
    expect(created.status).toBe(0)
    server = await startInProcess({ dataDir })
    const client = await new Client(server.url).init()
    const signIn = await client.postJson('/api/oficina/sesion', { correo: STAFF.correo, clave: STAFF.clave })
    expect(signIn.status).toBe(200)
    const session = signIn.headers
      .getSetCookie()
      .find(c => c.startsWith('oficina_sesion='))!
      .split(';')[0]!
    office = {
      register: body =>
        fetch(`${server.url}/api/oficina/radicaciones`, {
          method: 'POST',
          headers: { ...client.headers({ 'content-type': 'application/json' }), cookie: `XSRF-TOKEN=${client.token}; ${session}` },
          body: JSON.stringify(body),
        }),
    }
  })
  afterAll(async () => server?.close())

  it('registered by the office from a telephone call, with the reply by letter: accepted and stored without e-mail', async () => {
    const res = await office.register({ formulario: 'pqrsd', canal: 'telefónico', datos: byTelephoneWithoutEmail(2) })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    const stored = await storedFiling(dataDir, id)
    expect(stored?.datos.tipoRespuesta).toBe(2)
    expect(stored?.datos).not.toHaveProperty('correoElectronico')
  })

  it('received on the site (API) with the reply to be picked up, or by letter without script: accepted', async () => {
    const client = await new Client(server.url).init()
    const res = await client.postJson('/api/pqrs', byTelephoneWithoutEmail(3))
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    expect((await storedFiling(dataDir, id))?.datos).not.toHaveProperty('correoElectronico')
    // Without script the browser posts the empty e-mail input as «»: no answer, not a wrong one.
    const fields = Object.fromEntries(Object.entries(validPqrs({ tipoRespuesta: 2, correoElectronico: '' })).map(([k, v]) => [k, String(v)]))
    const native = await fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })
    expect(native.status).toBe(303)
  })

  it('with the reply by e-mail and no e-mail: refused with the field message, on the site and in the office', async () => {
    const client = await new Client(server.url).init()
    const site = await client.postJson('/api/pqrs', byTelephoneWithoutEmail(1))
    expect(site.status).toBe(400)
    expect(((await site.json()) as { fields: Record<string, string> }).fields).toEqual({ correoElectronico: EMAIL_REQUIRED })
    const desk = await office.register({ formulario: 'pqrsd', canal: 'telefónico', datos: byTelephoneWithoutEmail(1) })
    expect(desk.status).toBe(400)
    expect(((await desk.json()) as { fields: Record<string, string> }).fields).toEqual({ correoElectronico: EMAIL_REQUIRED })
    // An e-mail given though the reply goes by letter is still checked: it must be one.
    const wrong = await client.postJson('/api/pqrs', validPqrs({ tipoRespuesta: 2, correoElectronico: 'no es un correo' }))
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.correoElectronico).toMatch(/^Escriba un correo electrónico válido/)
  })

  it('a clinical-record request with a telephone and no WhatsApp: accepted', async () => {
    const client = await new Client(server.url).init()
    const { whatsapp: _none, ...fields } = historiaFields()
    const res = await client.postForm('/api/historia-clinica', historiaForm(fields))
    expect(res.status).toBe(200)
  })
})
