import { spawnSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3'
import { parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarDays, isBusinessDay } from '../../src/filings/businessDays.ts'
import { dueDates } from '../../src/filings/deadlines.ts'
import { spanishDay } from '../../src/forms/receipt.ts'
import { PINNED_DAY } from '../helpers/testClock.ts'
import { Client, ROOT, startInProcess, storedFiling, tempDataDir, validPqrs, type RunningServer } from './helpers.ts'
import { pdfText } from './pdfText.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

/**
 * docs/decisions/office.md: the office registers petitions from every channel with
 * the site's own form definition: by the JSON API (what a script calls) and
 * by the plain HTML form (no script), numbered in the web series, with the
 * channel and the staff member stored and audited, the term counted from
 * the chosen day of receipt, and a constancia (page and PDF) with the code.
 */

const STAFF = { correo: 'ventanilla.siau@hospital.gov.co', clave: 'clave larga de la ventanilla 1', nombre: 'Rosa Ventanilla' }
const OTHER = { correo: 'otra.siau@hospital.gov.co', clave: 'clave larga de otra persona 2' }

function usuarios(dataDir: string, args: string[], input: string): number | null {
  return spawnSync(process.execPath, compiledNodeArgs('src/server/usuarios.ts', args), {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    input,
    encoding: 'utf8',
  }).status
}

class Staff {
  session = ''
  constructor(readonly client: Client) {}
  cookies(): string {
    return [`XSRF-TOKEN=${this.client.token}`, this.session && `oficina_sesion=${this.session}`].filter(Boolean).join('; ')
  }
  async signIn(correo: string, clave: string): Promise<this> {
    const res = await fetch(`${this.client.base}/api/oficina/sesion`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token, 'content-type': 'application/json' },
      body: JSON.stringify({ correo, clave }),
    })
    expect(res.status).toBe(200)
    this.session = res.headers
      .getSetCookie()
      .find(c => c.startsWith('oficina_sesion='))!
      .split(';')[0]!
      .slice('oficina_sesion='.length)
    return this
  }
  get(p: string): Promise<Response> {
    return fetch(`${this.client.base}${p}`, { headers: { cookie: this.cookies() }, redirect: 'manual' })
  }
  /** The API, as the office's script (or any client) calls it. */
  register(body: unknown): Promise<Response> {
    return fetch(`${this.client.base}/api/oficina/radicaciones`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'x-xsrf-token': this.client.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }
  /** The HTML form as a browser without script posts it. */
  postForm(fields: Record<string, string>): Promise<Response> {
    return fetch(`${this.client.base}/api/oficina/radicaciones`, {
      method: 'POST',
      headers: { cookie: this.cookies(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: this.client.base },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })
  }
}

function auditRows(dataDir: string): Array<{ evento: string; cuenta: string | null; radicado: string | null; detalle: string | null }> {
  const db = new Database(path.join(dataDir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return db
      .prepare('SELECT a.evento, c.correo AS cuenta, a.radicado, a.detalle FROM auditoria a LEFT JOIN cuentas c ON c.id = a.cuenta_id ORDER BY a.id')
      .all() as never
  } finally {
    db.close()
  }
}

function filingCount(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'radicaciones.sqlite'), { readonly: true })
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM radicaciones').get() as { n: number }).n
  } finally {
    db.close()
  }
}

const asStrings = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))

describe('radicación by the office for every channel', () => {
  let server: RunningServer
  let dataDir: string
  let staff: Staff
  let web: string

  beforeAll(async () => {
    dataDir = tempDataDir('radicacion-oficina')
    expect(usuarios(dataDir, ['crear', STAFF.correo, '--nombre', STAFF.nombre, '--rol', 'siau'], `${STAFF.clave}\n`)).toBe(0)
    expect(usuarios(dataDir, ['crear', OTHER.correo, '--nombre', 'Otra Persona', '--rol', 'siau'], `${OTHER.clave}\n`)).toBe(0)
    server = await startInProcess({ dataDir })
    const citizen = await new Client(server.url).init()
    const res = await citizen.postJson('/api/pqrs', validPqrs())
    expect(res.status).toBe(200)
    web = ((await res.json()) as { id: string }).id
    staff = await new Staff(await new Client(server.url).init()).signIn(STAFF.correo, STAFF.clave)
  })
  afterAll(async () => server?.close())

  it('by the API: a phone petition gets the next number of the web series, the channel and the staff member are stored and audited, the code tracks it and the constancia PDF carries it', async () => {
    const before = PINNED_DAY
    const res = await staff.register({
      formulario: 'pqrsd',
      canal: 'telefónico',
      datos: validPqrs({ mensaje: 'Llamó para pedir la historia de vacunación de su hijo.' }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: string; recibido: string; vence: string; codigo: string; canal: string; constancia: string; constanciaPdf: string }
    const [serie, year, n] = body.id.split('-')
    expect([serie, year]).toEqual(web.split('-').slice(0, 2))
    expect(Number(n)).toBe(Number(web.split('-')[2]) + 1)
    expect(body.canal).toBe('telefonico')
    // Received today: the petition's 15 business days from today (Ley 1755 de 2015, art. 14).
    expect(body.vence).toBe(dueDates(new Date(`${before}T12:00:00-05:00`), { diasHabiles: 15, diasTraslado: 5 }).vence)
    expect(body.codigo).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/)
    expect(await storedFiling(dataDir, body.id)).toMatchObject({ canal: 'telefonico', registradaPor: { nombre: STAFF.nombre } })
    expect(await storedFiling(dataDir, web)).toMatchObject({ canal: 'web' })
    expect((await storedFiling(dataDir, web))?.registradaPor).toBeUndefined()
    expect(auditRows(dataDir)).toContainEqual({ evento: 'radicar', cuenta: STAFF.correo, radicado: body.id, detalle: 'canal telefonico' })
    // The office shows where it came from and who registered it.
    const detail = (await (await staff.get(`/api/oficina/radicaciones/${body.id}`)).json()) as Record<string, unknown>
    expect(detail).toMatchObject({ canal: 'telefonico', registradaPor: STAFF.nombre, vence: body.vence })
    // The citizen tracks it with the number and code dictated on the phone.
    const tracking = await new Client(server.url).init()
    const lookup = await tracking.postJson('/api/consulta', { radicado: body.id, codigo: body.codigo })
    expect(lookup.status).toBe(200)
    // The constancia: a PDF with the number, the code, the channel, the due date and who received it.
    const pdf = await staff.get(body.constanciaPdf)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    for (const expected of [`Constancia de radicación ${body.id}`, body.codigo, 'Telefónico', spanishDay(body.vence), STAFF.nombre, '/pqrsd/consulta'])
      expect(text).toContain(expected)
    expect(auditRows(dataDir)).toContainEqual({ evento: 'descargar', cuenta: STAFF.correo, radicado: body.id, detalle: 'constancia' })
    // Only the staff member who registered it sees the constancia (it carries the code).
    const other = await new Staff(await new Client(server.url).init()).signIn(OTHER.correo, OTHER.clave)
    expect((await other.get(body.constanciaPdf)).status).toBe(404)
  })

  it('by the API: the form\u2019s own validation, the channel and the day of receipt are checked together, in Spanish, and nothing is stored', async () => {
    const count = filingCount(dataDir)
    const tomorrow = addCalendarDays(PINNED_DAY, 1)
    const res = await staff.register({
      formulario: 'pqrsd',
      canal: 'paloma mensajera',
      fechaRecepcion: tomorrow,
      datos: validPqrs({ nombre: '', telefono: 'abc' }),
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; fields: Record<string, string> }
    expect(body.error).toBe('El formulario tiene errores. Revise los campos marcados.')
    expect(body.fields).toMatchObject({
      canal: 'Elija el canal por el que llegó la solicitud: presencial, telefónico, correo electrónico o escrito.',
      fechaRecepcion: 'La fecha de recepción no puede ser posterior a hoy.',
      nombre: 'El nombre es obligatorio',
    })
    expect(body.fields.telefono).toMatch(/^Escriba el número con dígitos/)
    const old = await staff.register({
      formulario: 'pqrsd',
      canal: 'escrito',
      fechaRecepcion: addCalendarDays(PINNED_DAY, -45),
      datos: validPqrs(),
    })
    expect(((await old.json()) as { fields: Record<string, string> }).fields.fechaRecepcion).toMatch(
      /^La fecha de recepción no puede ser anterior al .* \(30 días atrás\)\.$/,
    )
    const noConsent = await staff.register({ formulario: 'pqrsd', canal: 'presencial', datos: validPqrs({ autorizacionDatos: false }) })
    expect(((await noConsent.json()) as { fields: Record<string, string> }).fields.autorizacionDatos).toBe(
      'Debe autorizar el tratamiento de sus datos personales para enviar el formulario.',
    )
    expect((await staff.register({ formulario: 'no-existe', canal: 'presencial', datos: validPqrs() })).status).toBe(400)
    expect(filingCount(dataDir)).toBe(count)
  })

  it('without script: the HTML form registers a paper petition received on an earlier business day; the term counts from that day; the constancia page and its PDF show the code', async () => {
    const page = await staff.get('/oficina/radicar/pqrsd')
    expect(page.status).toBe(200)
    const doc = parse(await page.text())
    const form = doc.querySelector('form.radicar')!
    expect(form.getAttribute('method')).toBe('post')
    // A form with attachments names itself in the address (its scan and annexes: tests/api/office-scanned-petition.test.ts).
    expect(form.getAttribute('action')).toBe('/api/oficina/radicaciones?formulario=pqrsd')
    // The same fields as the citizen's form, each with its label.
    for (const name of Object.keys(validPqrs())) {
      const input = form.querySelector(`[name="${name}"]`)
      expect(input, name).not.toBeNull()
      expect(doc.querySelector(`label[for="${input!.getAttribute('id')}"]`), name).not.toBeNull()
    }
    const xsrf = form.querySelector('input[name="_xsrf"]')!.getAttribute('value')!
    // An earlier business day, a week or so back.
    let day = addCalendarDays(PINNED_DAY, -6)
    while (!isBusinessDay(day)) day = addCalendarDays(day, -1)
    const fields = {
      _xsrf: xsrf,
      _formulario: 'pqrsd',
      _canal: 'escrito',
      _fechaRecepcion: day,
      ...asStrings(validPqrs({ mensaje: 'Carta entregada en portería.' })),
    }

    // A missing channel and name: the form again, 400, with the messages and the values kept; nothing stored.
    const count = filingCount(dataDir)
    const wrong = await staff.postForm({ ...fields, _canal: '', nombre: '' })
    expect(wrong.status).toBe(400)
    const again = parse(await wrong.text())
    expect(again.querySelector('.resumen-errores')?.textContent).toContain('Elija el canal por el que llegó la solicitud')
    expect(again.querySelector('#radicar-nombre-error')?.textContent).toBe('El nombre es obligatorio')
    expect(again.querySelector('#radicar-mensaje')?.textContent).toBe('Carta entregada en portería.')
    expect(filingCount(dataDir)).toBe(count)

    const res = await staff.postForm(fields)
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).toMatch(/^\/oficina\/constancias\/[0-9a-f-]{36}$/)
    const constancia = await staff.get(location)
    expect(constancia.status).toBe(200)
    const html = parse(await constancia.text())
    const rows = Object.fromEntries(html.querySelectorAll('.constancia dt').map(dt => [dt.textContent, dt.nextElementSibling?.textContent ?? '']))
    const radicado = rows['Número de radicado']!
    expect(radicado.split('-').slice(0, 2)).toEqual(web.split('-').slice(0, 2))
    const vence = dueDates(new Date(`${day}T12:00:00-05:00`), { diasHabiles: 15, diasTraslado: 5 }).vence
    expect(rows).toMatchObject({
      'Canal de recepción': 'Escrito (documento en papel)',
      'Fecha de recepción del documento': spanishDay(day),
      'Fecha límite de respuesta': spanishDay(vence),
      'Recibida por': STAFF.nombre,
      Mensaje: 'Carta entregada en portería.',
    })
    const codigo = rows['Código de verificación']!
    expect(codigo).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/)
    expect(rows['Fecha y hora de radicación']).toMatch(/^miércoles, 25 de noviembre de 2026/)
    expect(await storedFiling(dataDir, radicado)).toMatchObject({ canal: 'escrito', recibidaEl: day, registradaPor: { nombre: STAFF.nombre } })
    expect(((await (await staff.get(`/api/oficina/radicaciones/${radicado}`)).json()) as { vence: string }).vence).toBe(vence)
    expect(auditRows(dataDir)).toContainEqual({ evento: 'radicar', cuenta: STAFF.correo, radicado, detalle: `canal escrito; recibida el ${day}` })
    const pdfLink = html.querySelector('a[download]')!.getAttribute('href')!
    const text = await pdfText(new Uint8Array(await (await staff.get(pdfLink)).arrayBuffer()))
    for (const expected of [radicado, codigo, spanishDay(day), spanishDay(vence), 'Carta entregada en portería.']) expect(text).toContain(expected)
    // The filing's page in the office says how it came and from when the term counts.
    const filingPage = await (await staff.get(`/oficina/radicaciones/${radicado}`)).text()
    expect(filingPage).toContain(`Escrito (documento en papel), registrada por ${STAFF.nombre}`)
  })
})
