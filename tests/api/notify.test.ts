import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayTimestamp, todayInColombia } from '../../src/manifest/colombiaTime.ts'
import { startSmtp, type LocalSmtp } from './smtp.ts'
import { Client, countRows, freePort, historiaForm, startChild, tempDataDir, validCita, validPqrs, type ChildServer, waitFor } from './helpers.ts'

let smtp: LocalSmtp

beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(async () => {
  await smtp?.close()
})

describe('e-mail to the office on each new filing (SMTP_URL + NOTIFY_TO)', () => {
  let server: ChildServer
  afterAll(async () => {
    await server?.close()
  })

  it('sends the filing number and type, and no personal data', async () => {
    server = await startChild(tempDataDir('notify'), { SMTP_URL: smtp.url, NOTIFY_TO: 'siau@hospital.example' })
    const client = await new Client(server.url).init()
    const sent: Array<[string, string]> = []
    for (const [p, body, type] of [
      ['/api/pqrs', validPqrs({ nombre: 'Persona Secreta' }), 'PQRSD'],
      ['/api/cita', validCita({ fechaCita: dayTimestamp(todayInColombia()) }), 'Solicitud de cita'],
    ] as const) {
      const res = await client.postJson(p, body)
      expect(res.status).toBe(200)
      sent.push([((await res.json()) as { id: string }).id, type])
    }
    const hc = await client.postForm('/api/historia-clinica', historiaForm())
    expect(hc.status).toBe(200)
    sent.push([((await hc.json()) as { id: string }).id, 'Solicitud de historia clínica'])

    for (const [id, type] of sent) {
      const mail = await waitFor(() => smtp.inbox.find(m => m.raw.includes(id) && m.to.includes('siau@hospital.example')))
      expect(mail.to).toEqual(['siau@hospital.example'])
      expect(mail.subject).toBe(`Nueva radicación ${id} (${type})`)
      for (const form of [mail.raw, mail.text]) {
        expect(form).not.toContain('Persona Secreta')
        expect(form).not.toContain('maria@example.com')
      }
    }
    // The newsletter is not a filing: no e-mail about it (by content, not by count: a citizen's acknowledgement of an
    // earlier filing may still be arriving on a loaded machine).
    expect((await client.postJson('/api/suscripcion', { correoElectronico: 'lector@example.com', autorizacionDatos: true })).status).toBe(200)
    await new Promise(r => setTimeout(r, 300))
    const aboutIt = smtp.inbox.filter(m => /SUS-\d/.test(m.raw) || /suscripci/i.test(m.subject) || m.raw.includes('lector@example.com'))
    expect(aboutIt.map(m => m.subject)).toEqual([])
  })

  it('a failing mail server never loses or fails the filing', async () => {
    const deadPort = await freePort()
    const dataDir = tempDataDir('notify-fail')
    const failing = await startChild(dataDir, { SMTP_URL: `smtp://127.0.0.1:${deadPort}`, NOTIFY_TO: 'siau@hospital.example', LOG_LEVEL: 'info' })
    try {
      const client = await new Client(failing.url).init()
      const res = await client.postJson('/api/pqrs', validPqrs({ nombre: 'Persona Secreta' }))
      expect(res.status).toBe(200)
      const { id } = (await res.json()) as { id: string }
      expect((await countRows(dataDir)).radicaciones).toBe(1)
      await waitFor(() => (failing.output().includes('no se pudo enviar la notificación') ? true : undefined))
      expect(failing.output()).toContain(id)
      // Logs carry the filing number, not the citizen's data.
      expect(failing.output()).not.toContain('Persona Secreta')
      expect(failing.output()).not.toContain('maria@example.com')
    } finally {
      await failing.close()
    }
  })
})
