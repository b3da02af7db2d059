import { spawnSync } from 'node:child_process'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, countRows, ROOT, startInProcess, storedFiling, tempDataDir, TINY_PDF, validPqrs, type RunningServer } from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * A written petition registered at the window carries its scan and annexes (Ley 1755 de 2015 art. 16), checked
 * exactly as a citizen's attachments are: one reading of multipart filings (filings/receive.ts receiveWithFiles;
 * docs/decisions/office.md).
 */
const STAFF = { correo: 'ventanilla.escrita@hospital.gov.co', clave: 'clave larga de la ventanilla escrita', nombre: 'Luis Ventanilla' }
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9])
const NOT_A_PDF = Buffer.from('MZ\x90\x00 programa de Windows', 'latin1')

const asStrings = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))

describe('the office attaches the scanned petition and its annexes', () => {
  let server: RunningServer
  let dataDir: string
  let client: Client
  let session = ''

  const cookies = () => [`XSRF-TOKEN=${client.token}`, session && `oficina_sesion=${session}`].filter(Boolean).join('; ')
  const form = (files: Array<{ content: Buffer; name: string }>) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(asStrings(validPqrs({ mensaje: 'Petición escrita entregada en la ventanilla.' })))) body.append(k, v)
    body.append('_canal', 'escrito')
    for (const f of files) body.append('adjuntos', new Blob([new Uint8Array(f.content)]), f.name)
    return body
  }
  const register = (body: FormData) =>
    fetch(`${client.base}/api/oficina/radicaciones?formulario=pqrsd`, { method: 'POST', headers: { cookie: cookies(), 'x-xsrf-token': client.token }, body })

  beforeAll(async () => {
    dataDir = tempDataDir('radicacion-escrita')
    const made = spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', ['crear', STAFF.correo, '--nombre', STAFF.nombre, '--rol', 'siau']), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      input: `${STAFF.clave}\n`,
      encoding: 'utf8',
    })
    expect(made.status).toBe(0)
    server = await startInProcess({ dataDir })
    client = await new Client(server.url).init()
    const res = await fetch(`${client.base}/api/oficina/sesion`, {
      method: 'POST',
      headers: { cookie: cookies(), 'x-xsrf-token': client.token, 'content-type': 'application/json' },
      body: JSON.stringify({ correo: STAFF.correo, clave: STAFF.clave }),
    })
    expect(res.status).toBe(200)
    session = res.headers
      .getSetCookie()
      .find(c => c.startsWith('oficina_sesion='))!
      .split(';')[0]!
      .slice('oficina_sesion='.length)
  })
  afterAll(async () => server?.close())

  it('stores the scan and an annex with the filing, named and typed by their content', async () => {
    const res = await register(
      form([
        { content: TINY_PDF, name: 'peticion escaneada.pdf' },
        { content: JPEG, name: 'anexo.jpg' },
      ]),
    )
    const body = (await res.json()) as { id: string; canal: string; adjuntos?: Array<{ nombre: string }> }
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.canal).toBe('escrito')
    const stored = await storedFiling(dataDir, body.id)
    expect(stored?.canal).toBe('escrito')
    expect(stored?.adjuntos?.map(a => [a.nombreOriginal, a.tipo, a.tamano])).toEqual([
      ['peticion escaneada.pdf', 'application/pdf', TINY_PDF.length],
      ['anexo.jpg', 'image/jpeg', JPEG.length],
    ])
  })

  it('refuses a file that is not what it says with the citizens’ own message, and keeps nothing', async () => {
    const before = await countRows(dataDir)
    const office = await register(form([{ content: NOT_A_PDF, name: 'peticion.pdf' }]))
    expect(office.status).toBe(400)
    const citizenForm = form([{ content: NOT_A_PDF, name: 'peticion.pdf' }])
    citizenForm.delete('_canal')
    const citizen = await (await new Client(server.url).init()).postForm('/api/pqrs', citizenForm)
    expect(citizen.status).toBe(400)
    const officeBody = (await office.json()) as { fields?: Record<string, string> }
    expect(officeBody.fields?.adjuntos).toMatch(/^Solo se admiten archivos PDF, JPEG o PNG/)
    expect(officeBody).toEqual(await citizen.json())
    expect(await countRows(dataDir)).toEqual(before)
  })

  it('without script, the HTML form sends the files with the petition and leads to its constancia', async () => {
    const page = await (await fetch(`${client.base}/oficina/radicar/pqrsd`, { headers: { cookie: cookies() } })).text()
    const html = parse(page)
    const formEl = html.querySelector('form.radicar')!
    expect(formEl.getAttribute('enctype')).toBe('multipart/form-data')
    expect(formEl.getAttribute('action')).toBe('/api/oficina/radicaciones?formulario=pqrsd')
    expect(html.querySelector('input[type=file][name=adjuntos]')?.hasAttribute('multiple')).toBe(true)
    const body = form([{ content: TINY_PDF, name: 'escaneo.pdf' }])
    body.append('_xsrf', html.querySelector('input[name=_xsrf]')!.getAttribute('value')!)
    const res = await fetch(`${client.base}${formEl.getAttribute('action')}`, {
      method: 'POST',
      headers: { cookie: cookies(), accept: 'text/html', origin: client.base },
      body,
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const constancia = await (await fetch(`${client.base}${res.headers.get('location')}`, { headers: { cookie: cookies() } })).text()
    const radicado = /PQRS-\d{4}-\d+/.exec(constancia)?.[0]
    expect((await storedFiling(dataDir, radicado!))?.adjuntos.map(a => a.nombreOriginal)).toEqual(['escaneo.pdf'])
  })
})
