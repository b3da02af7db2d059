import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatProblem } from '../../src/manifest/problem.ts'
import { validateManifest } from '../../src/manifest/validate.ts'
import { runExport } from '../../src/server/export.ts'
import { Client, ROOT, startInProcess, type RunningServer } from './helpers.ts'

/**
 * Adding a filing form is a YAML file and a page section, no code: a form
 * that exists only in a copy of the manifest is received, numbered in its
 * own series, exported and posted without JavaScript.
 */
const FORM = `id: felicitacion
titulo: Felicite a nuestro personal
envio: json
endpoint: /api/felicitacion
exito: "Gracias. Su felicitación quedó radicada con el número {id}."
radicacion: { tipo: felicitacion, serie: FEL, nombre: Felicitación, exportacion: felicitaciones }
botonEnviar: Enviar felicitación
campos:
  - nombre: destinatario
    etiqueta: ¿A quién felicita?
    control: text
    requerido: true
    mensajes: { requerido: Escriba a quién felicita. }
  - nombre: mensaje
    etiqueta: Su mensaje
    control: textarea
    requerido: true
    longitudMaxima: 500
    mensajes: { requerido: Escriba su mensaje. }
`

const PAGE = `ruta: /felicitaciones
etiqueta: Felicitaciones
titulo: Felicitaciones
menuLateral: atencion
secciones:
  - tipo: formulario
    formulario: felicitacion
`

let manifestDir: string
let server: RunningServer

beforeAll(async () => {
  manifestDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaml-form-'))
  fs.cpSync(path.join(ROOT, 'manifest'), manifestDir, { recursive: true })
  fs.writeFileSync(path.join(manifestDir, 'forms', 'felicitacion.yaml'), FORM)
  fs.writeFileSync(path.join(manifestDir, 'pages', 'felicitaciones.yaml'), PAGE)
  server = await startInProcess({ label: 'yaml-form', manifestDir })
})
afterAll(async () => {
  await server?.close()
  fs.rmSync(manifestDir, { recursive: true, force: true })
})

describe('a filing form defined only in YAML', () => {
  it('passes the validator', () => {
    const { errors } = validateManifest(manifestDir)
    expect(errors.filter(e => /felicita/.test(e.file)).map(formatProblem)).toEqual([])
  })

  it('is received and numbered in its own series; bad input gets its own messages', async () => {
    const client = await new Client(server.url).init()
    const bad = await client.postJson('/api/felicitacion', { destinatario: 'Enfermería' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'El formulario tiene errores. Revise los campos marcados.', fields: { mensaje: 'Escriba su mensaje.' } })
    const res = await client.postJson('/api/felicitacion', { destinatario: 'Enfermería, piso 2', mensaje: 'Gracias por la atención a mi madre.' })
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    expect(id).toMatch(/^FEL-\d{4}-000001$/)

    const csv = await runExport(['felicitaciones'], { ...process.env, DATA_DIR: server.dataDir, MANIFEST_DIR: manifestDir })
    const [header, row] = csv.slice(1).split('\r\n')
    // The form's labels as column titles, then the office's columns (state, due date…).
    expect(header).toBe(
      '"Radicado";"Fecha de recepción";"Fecha y hora de radicación";"Canal";"Registrada por";"¿A quién felicita?";"Su mensaje";"Estado";"Vence";"Fecha de respuesta";"Respondida a tiempo"',
    )
    expect(row).toMatch(
      new RegExp(
        `^"${id}";"\\d{4}-\\d{2}-\\d{2}";"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}";"Sitio web";"";"Enfermería, piso 2";"Gracias por la atención a mi madre.";"Radicada";`,
      ),
    )
  })

  it('is posted without JavaScript: 303 to the confirmation page with its success text and a link back to its page', async () => {
    const res = await fetch(`${server.url}/api/felicitacion`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: server.url },
      body: new URLSearchParams({ destinatario: 'Urgencias', mensaje: 'Muy amables.' }).toString(),
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).toMatch(/^\/api\/radicado\?formulario=felicitacion&id=FEL-\d{4}-\d{6}&recibo=[A-Za-z0-9_-]{43}&volver=%2Ffelicitaciones$/)
    const page = await fetch(`${server.url}${location}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    const id = /id=(FEL-\d{4}-\d{6})/.exec(location)![1]
    expect(html).toContain(`<h1>Felicite a nuestro personal</h1>`)
    expect(html).toContain(`Gracias. Su felicitación quedó radicada con el número ${id}.`)
    expect(html).toContain('href="/felicitaciones"')
  })
})
