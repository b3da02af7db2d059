import fs from 'node:fs'
import { dayTimestamp, todayInColombia } from '../../src/manifest/colombiaTime.ts'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashCode } from '../../src/server/verificationCode.ts'
import { startSmtp, type LocalSmtp } from './smtp.ts'
import {
  Client,
  freePort,
  historiaFields,
  historiaForm,
  startChild,
  tempDataDir,
  validCita,
  validPqrs,
  withStore,
  type ChildServer,
  waitFor,
} from './helpers.ts'

/** docs/decisions/receipt-pdf.md: every filing's success answer is a receipt (CPACA art. 61), on screen and by e-mail. */

let smtp: LocalSmtp
let server: ChildServer
let dataDir: string

beforeAll(async () => {
  smtp = await startSmtp()
  dataDir = tempDataDir('recibo')
  // SMTP_URL alone (no NOTIFY_TO): the citizen's receipt still goes out.
  server = await startChild(dataDir, { SMTP_URL: smtp.url })
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

interface ReceiptAnswer {
  id: string
  recibido: string
  vence: string
  codigo: string
}

describe('receipt of a filing', () => {
  it('answers id, recibido (Colombia time), vence (the office due date) and a code kept only as a hash, for the three kinds', async () => {
    const client = await new Client(server.url).init()
    const before = Date.now()
    const answers: ReceiptAnswer[] = []
    for (const res of [
      await client.postJson('/api/pqrs', validPqrs()),
      await client.postJson('/api/cita', validCita({ fechaCita: dayTimestamp(todayInColombia()) })),
      await client.postForm('/api/historia-clinica', historiaForm()),
    ]) {
      expect(res.status).toBe(200)
      answers.push((await res.json()) as ReceiptAnswer)
    }
    const files = fs
      .readdirSync(dataDir)
      .map(f => (fs.statSync(path.join(dataDir, f)).isFile() ? fs.readFileSync(path.join(dataDir, f)).toString('latin1') : ''))
    for (const a of answers) {
      // The mail server here accepts every message: the receipt says so only because it did.
      expect(a).toMatchObject({ canal: 'Sitio web', correo: 'enviado' })
      expect(Object.keys(a).sort()).toEqual(
        ['canal', 'codigo', 'correo', 'id', 'recibido', 'solicitud', 'vence', ...(a.id.startsWith('CITA-') ? [] : ['adjuntos'])].sort(),
      )
      expect(a.recibido).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/)
      const at = Date.parse(a.recibido)
      expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
      expect(at).toBeLessThanOrEqual(Date.now())
      expect(a.codigo.replace(/-/g, '')).toMatch(/^[A-Z0-9]{8,}$/)
      // Readable aloud: no look-alike characters.
      expect(a.codigo).not.toMatch(/[01OIL58SB]/)
      const tramite = await withStore(dataDir, s => s.getTramite(a.id))
      expect(a.vence).toBe(tramite?.vence)
      // Only the hash is kept; the code is nowhere in the database files.
      expect(await withStore(dataDir, s => s.codeMatches(a.id, hashCode(a.codigo)))).toBe(true)
      expect(await withStore(dataDir, s => s.codeMatches(a.id, hashCode('ACDEF-GHJKM')))).toBe(false)
      for (const content of files) expect(content).not.toContain(a.codigo.replace('-', ''))
      for (const content of files) expect(content).not.toContain(a.codigo)
    }
    expect(new Set(answers.map(a => a.codigo)).size).toBe(3)
  })

  it('e-mails the citizen the receipt with the number, date, due date and code, and no ID number or other personal data', async () => {
    const client = await new Client(server.url).init()
    const res = await client.postJson('/api/pqrs', validPqrs({ correoElectronico: 'ana.recibo@example.com', nombre: 'Ana Secreta' }))
    const a = (await res.json()) as ReceiptAnswer
    const mail = await waitFor(() => smtp.inbox.find(m => m.to.includes('ana.recibo@example.com')))
    const text = mail.text
    expect(text).toContain(`Número de radicado: ${a.id}`)
    expect(text).toContain(`Código de verificación: ${a.codigo}`)
    expect(text).toContain('Fecha y hora de recibo:')
    expect(text).toContain('Fecha límite de respuesta:')
    expect(text).toContain('Guarde este número y este código para consultar su solicitud.')
    // Looked for in the message as sent and in its decoded text (an encoded body would hide them from the first).
    for (const form of [mail.raw, mail.text, mail.subject]) {
      expect(form).not.toContain('1020304050')
      expect(form).not.toContain('Secreta')
      expect(form).not.toContain('vacunaci')
    }
    // The clinical-record request's receipt too.
    const hc = await client.postForm('/api/historia-clinica', historiaForm(historiaFields({ correoElectronico: 'luz.recibo@example.com' })))
    const h = (await hc.json()) as ReceiptAnswer
    const hmail = await waitFor(() => smtp.inbox.find(m => m.to.includes('luz.recibo@example.com')))
    expect(hmail.text).toContain(h.id)
    expect(hmail.raw).not.toContain('52333444')
    expect(hmail.text).not.toContain('52333444')
  })

  it('a failing mail server never fails the filing', async () => {
    const dead = await freePort()
    const dir = tempDataDir('recibo-sin-correo')
    const failing = await startChild(dir, { SMTP_URL: `smtp://127.0.0.1:${dead}` })
    try {
      const client = await new Client(failing.url).init()
      const res = await client.postJson('/api/pqrs', validPqrs())
      expect(res.status).toBe(200)
      expect(((await res.json()) as ReceiptAnswer).codigo).toBeTruthy()
    } finally {
      await failing.close()
    }
  })

  /** A valid PQRSD posted as the browser posts it without script (url-encoded, same-origin); the 303 is not followed. */
  const postPqrsWithoutScript = () =>
    fetch(`${server.url}/api/pqrs`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        origin: server.url,
        referer: `${server.url}/pqrsd`,
      },
      body: new URLSearchParams(Object.entries(validPqrs()).map(([k, v]) => [k, String(v)])),
      redirect: 'manual',
    })

  it('the no-script confirmation page shows the success text verbatim, then the receipt', async () => {
    const res = await postPqrsWithoutScript()
    expect(res.status).toBe(303)
    const location = res.headers.get('location')!
    expect(location).not.toMatch(/codigo/)
    const page = await (await fetch(new URL(location, server.url))).text()
    const id = /PQRS-\d{4}-\d{6}/.exec(page)?.[0]
    expect(page).toContain(`PQRSD creado exitosamente con número de radicado: ${id}`)
    expect(page).toMatch(/Fecha y hora de recibo: [^<]+ de 20\d\d/)
    expect(page).toMatch(/Fecha límite de respuesta: [^<]+ de 20\d\d\./)
    expect(page).toMatch(/Código de verificación: <span class="codigo-verificacion">[A-Z2-9]{5}-[A-Z2-9]{5}<\/span>/)
    expect(page).toContain('Guarde este número y este código para consultar su solicitud.')
    // The success text comes first.
    expect(page.indexOf('creado exitosamente')).toBeLessThan(page.indexOf('Fecha y hora de recibo'))
  })

  it("the no-script confirmation page never shows another filing's code: a token with the other filing's number shows no code", async () => {
    const file = async () => {
      const res = await postPqrsWithoutScript()
      expect(res.status).toBe(303)
      const location = new URL(res.headers.get('location')!, server.url)
      const page = await (await fetch(location)).text()
      return {
        id: location.searchParams.get('id')!,
        token: location.searchParams.get('recibo')!,
        code: /Código de verificación: <span class="codigo-verificacion">([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(page)![1]!,
        location,
      }
    }
    const a = await file()
    const b = await file()
    expect(a.code).not.toBe(b.code)
    // A's token with B's number (and the other way round): the page of that number, without any code.
    for (const [token, other] of [
      [a.token, b],
      [b.token, a],
    ] as const) {
      const swapped = new URL(other.location)
      swapped.searchParams.set('recibo', token)
      const page = await (await fetch(swapped)).text()
      expect(page).toContain(`número de radicado: ${other.id}`)
      expect(page).not.toContain(a.code)
      expect(page).not.toContain(b.code)
      expect(page).not.toContain('Código de verificación')
    }
  })
})
