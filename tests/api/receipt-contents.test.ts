import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'node-html-parser'
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, clientDir, startInProcess, TINY_PDF, validPqrs, type RunningServer } from './helpers.ts'
import { pdfText } from './pdfText.ts'

/**
 * A receipt that counts (docs/decisions/filings.md): on screen, on the no-script page and in its PDF it names the
 * request type, the channel and every attachment received (name and size), and its verification code is one
 * unbreakable word.
 */

let server: RunningServer
beforeAll(async () => {
  server = await startInProcess({ label: 'recibo-contenido' })
})
afterAll(async () => server?.close())

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])

function withAttachments(extra: Record<string, unknown> = {}): FormData {
  const body = new FormData()
  for (const [k, v] of Object.entries(validPqrs({ tipoSolicitud: 3, ...extra }))) body.append(k, String(v))
  body.append('adjuntos', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'carta de reclamo.pdf')
  body.append('adjuntos', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg')
  return body
}

describe('the receipt of a filing with attachments', () => {
  it('answers the request type, the channel and each attachment with its size', async () => {
    const client = await new Client(server.url).init()
    const res = await client.postForm('/api/pqrs', withAttachments())
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      solicitud: 'PQRSD — Reclamo',
      canal: 'Sitio web',
      adjuntos: [
        { nombre: 'carta de reclamo.pdf', tamano: TINY_PDF.length },
        { nombre: 'foto.jpg', tamano: JPEG.length },
      ],
    })
    // The PDF constancia, asked for with the number and the code, lists the same.
    const pdf = await client.postJson('/api/recibo/constancia', { radicado: body.id, codigo: body.codigo })
    expect(pdf.status).toBe(200)
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    const text = await pdfText(bytes)
    // Tagged for a screen reader: language, shown title, marked, and a structure tree of the lines in reading order.
    const doc = await PDFDocument.load(bytes)
    expect(doc.catalog.lookup(PDFName.of('Lang'))?.toString()).toBe('(es-CO)')
    expect(doc.getTitle()).toBe(`Constancia de radicación ${body.id}`)
    expect(doc.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString()).toBe('true')
    expect(doc.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true')
    const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict)
    const documentElement = root.lookup(PDFName.of('K'), PDFDict)
    expect(documentElement.get(PDFName.of('S'))?.toString()).toBe('/Document')
    const kids = documentElement
      .lookup(PDFName.of('K'), PDFArray)
      .asArray()
      .map(r => doc.context.lookup(r, PDFDict))
    expect(kids.map(k => k.get(PDFName.of('S'))?.toString())).toContain('/H1')
    // One element per drawn line, each pointing at its marked content on its page, ids in drawing order.
    expect(kids.length).toBe(text.split('\n').length)
    expect(kids.map(k => Number(k.get(PDFName.of('K'))?.toString()))).toEqual(kids.map((_, i) => i))
    for (const expected of [
      'Reclamo',
      'Canal de recepción',
      'Sitio web',
      'Documentos adjuntos recibidos',
      `carta de reclamo.pdf (${TINY_PDF.length} bytes)`,
      'foto.jpg',
    ])
      expect(text).toContain(expected)
  })

  it('without script, the receipt page lists them and keeps the code in one unbreakable word', async () => {
    const res = await fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.url, referer: `${server.url}/pqrsd` },
      body: withAttachments({ autorizacionDatos: 'on' }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const doc = parse(await (await fetch(`${server.url}${res.headers.get('location')}`)).text())
    const lines = doc.querySelectorAll('.recibo-linea').map(p => p.textContent)
    expect(lines).toContain('Solicitud: PQRSD — Reclamo.')
    expect(lines).toContain('Canal de recepción: Sitio web.')
    expect(lines).toContain(`Documentos adjuntos recibidos (2): carta de reclamo.pdf (${TINY_PDF.length} bytes); foto.jpg (${JPEG.length} bytes).`)
    const code = doc.querySelector('.recibo-linea .codigo-verificacion')
    expect(code?.textContent).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    // The built style sheets keep that word whole: white-space: nowrap on .codigo-verificacion.
    const sheets = doc.querySelectorAll('link[rel="stylesheet"]').map(l => l.getAttribute('href')!)
    const css = sheets
      .filter(h => h.startsWith('/_app/'))
      .map(h => fs.readFileSync(path.join(clientDir(), h), 'utf8'))
      .join('\n')
    expect(css).toMatch(/\.codigo-verificacion\{[^}]*white-space:\s*nowrap/)
  })
})
