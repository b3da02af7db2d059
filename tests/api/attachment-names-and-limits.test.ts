/**
 * A citizen's attachments (docs/decisions/filings.md, «Attachments»): a file is named after what it is, not what its
 * name says (a PDF sent as `x.html` is downloaded as `x.pdf`, so the office's computer never opens it as a page or
 * runs it as a program), and the attachments' limits on the number of parts and on their total size answer on the
 * attachments field, in Spanish, with nothing stored.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { Client, signInStaff, startInProcess, validPqrs, withStore, type RunningServer } from './helpers.ts'

const STAFF = { correo: 'siau.nombres@hospital.gov.co', clave: 'una clave larga de prueba nombres' }
const PDF = Buffer.from('%PDF-1.4\n% carta\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR foto')])
const COUNT_MESSAGE = 'Puede adjuntar como máximo 5 archivos por solicitud.'
const TOTAL_MESSAGE = 'Los archivos juntos superan el máximo de 20 MB por solicitud.'

let server: RunningServer & { app: FastifyInstance }
let citizen: Client

beforeAll(async () => {
  server = await startInProcess({ label: 'nombres-adjuntos' })
  await server.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'siau', clave: await hashPassword(STAFF.clave) })
  citizen = await new Client(server.url).init()
})
afterAll(async () => server?.close())

function pqrsWithFiles(files: Array<{ content: Buffer; name: string }>): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(validPqrs())) form.append(k, String(v))
  for (const f of files) form.append('adjuntos', new Blob([new Uint8Array(f.content)], { type: 'application/octet-stream' }), f.name)
  return form
}

/**
 * The form posted with the citizen's cookie and anti-forgery token; the answer read even when the server answers
 * before the body has all gone out and closes the connection (what it does with a refused upload).
 */
async function postEarlyAnswered(form: FormData): Promise<{ status: number; text: string }> {
  const encoded = new Response(form)
  const body = Buffer.from(await encoded.arrayBuffer())
  const headers = { ...citizen.headers(), 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) }
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/api/pqrs`, { method: 'POST', headers }, res => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('an attachment is named after its detected type', () => {
  it('a PDF named x.html or x.bat is kept and downloaded as x.pdf; a name that already says its type is kept', async () => {
    const res = await citizen.postForm(
      '/api/pqrs',
      pqrsWithFiles([
        { content: PDF, name: 'x.html' },
        { content: PDF, name: 'x.bat' },
        { content: PNG, name: 'foto.PNG' },
        { content: PDF, name: 'sin extension' },
      ]),
    )
    expect(res.status).toBe(200)
    const { id } = (await res.json()) as { id: string }
    const { get } = await signInStaff(server.url, STAFF)
    const detail = (await (await get(`/api/oficina/radicaciones/${id}`)).json()) as { adjuntos: Array<{ nombre: string; url: string }> }
    expect(detail.adjuntos.map(a => a.nombre)).toEqual(['x.pdf', 'x.pdf', 'foto.PNG', 'sin extension.pdf'])
    const dispositions = await Promise.all(detail.adjuntos.map(async a => (await get(a.url)).headers.get('content-disposition')))
    expect(dispositions).toEqual([
      `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`,
      `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`,
      `attachment; filename="foto.PNG"; filename*=UTF-8''foto.PNG`,
      `attachment; filename="sin extension.pdf"; filename*=UTF-8''sin%20extension.pdf`,
    ])
  })
})

describe('the attachments’ limits answer on the attachments field', () => {
  const refusedOnField = async (form: FormData, message: string) => {
    const before = await withStore(server.dataDir, s => s.counts())
    const res = await postEarlyAnswered(form)
    expect(res.status).toBe(400)
    const body = JSON.parse(res.text) as { error: string; fields?: Record<string, string> }
    expect(body).toEqual({ error: 'El formulario tiene errores. Revise los campos marcados.', fields: { adjuntos: message } })
    expect(await withStore(server.dataDir, s => s.counts())).toEqual(before)
  }

  it('30 empty file parts: the count message, not «Solo se admite un archivo PDF por solicitud.»', async () => {
    await refusedOnField(pqrsWithFiles(Array.from({ length: 30 }, () => ({ content: Buffer.alloc(0), name: '' }))), COUNT_MESSAGE)
  })

  it('more files than allowed: the count message', async () => {
    await refusedOnField(pqrsWithFiles(Array.from({ length: 6 }, (_, i) => ({ content: PDF, name: `c${i}.pdf` }))), COUNT_MESSAGE)
  })

  it('more than 20 MB in total (each file under its 10 MB): the total message, not a generic 413', async () => {
    // Announced bigger than the route reads at all (refused before reading), and just over 20 MB (refused while reading).
    for (const mb of [7, 6.8]) {
      const big = Buffer.concat([PDF, Buffer.alloc(Math.floor(mb * 1024 * 1024), 0x20)])
      await refusedOnField(pqrsWithFiles([0, 1, 2].map(i => ({ content: big, name: `grande${i}.pdf` }))), TOTAL_MESSAGE)
    }
  })
})
