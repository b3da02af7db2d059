import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { Client, freePort, historiaForm, historiaFields, signInStaff, startInProcess, validPqrs, waitFor, withStore, type RunningServer } from './helpers.ts'
import { startSmtp, type LocalSmtp, type ReceivedMail } from './smtp.ts'
import type { FastifyInstance } from 'fastify'

/**
 * docs/decisions/testing.md: the citizen is e-mailed the acknowledgement, the answer,
 * a forward to another entity and an extension of the term, through a real
 * local SMTP server; a failing SMTP server never fails the office's action.
 */

const STAFF = { correo: 'siau.correos@hospital.gov.co', clave: 'una clave larga de prueba 9' }
const ID_NUMBER = '1020304050'
const ANSWER_PDF = Buffer.from('%PDF-1.4\n% respuesta de la oficina\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')

/** A member of staff signed in through the API (XSRF cookie + header, session cookie). */
const signIn = (base: string) => signInStaff(base, STAFF)

async function startOffice(smtpUrl: string, label: string): Promise<RunningServer & { app: FastifyInstance }> {
  const server = await startInProcess({ label, smtpUrl })
  await server.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'siau', clave: await hashPassword(STAFF.clave) })
  return server
}

async function file(base: string, body: Record<string, unknown>): Promise<string> {
  const client = await new Client(base).init()
  const res = await client.postJson('/api/pqrs', validPqrs(body))
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

function answerForm(texto: string): FormData {
  const form = new FormData()
  form.append('accion', 'responder')
  form.append('texto', texto)
  form.append('archivo', new Blob([new Uint8Array(ANSWER_PDF)], { type: 'application/pdf' }), 'respuesta-oficina.pdf')
  return form
}

/** The history notes of a filing about e-mails to the citizen, read through the store. */
async function mailNotes(dataDir: string, radicado: string): Promise<string[]> {
  return withStore(dataDir, async store => (await store.history(radicado)).filter(h => h.accion === 'correo_ciudadano').map(h => h.texto ?? ''))
}

function expectNoPersonalData(mail: ReceivedMail): void {
  const all = `${mail.subject}\n${mail.text}\n${mail.raw}`
  expect(all).not.toContain(ID_NUMBER)
  expect(mail.text).not.toContain('María')
  expect(mail.text).not.toContain('Pérez')
  expect(mail.text).not.toContain('Calle 10')
  expect(mail.text).not.toContain('3001234567')
  // The citizen's own request text stays in the store.
  expect(mail.text).not.toContain('horario de vacunación')
}

describe('citizen e-mails on the lifecycle of a filing (SMTP_URL)', () => {
  let smtp: LocalSmtp
  let server: RunningServer & { app: FastifyInstance }
  let staff: Awaited<ReturnType<typeof signIn>>

  beforeAll(async () => {
    smtp = await startSmtp()
    server = await startOffice(smtp.url, 'avisos')
    staff = await signIn(server.url)
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  const mailFor = (radicado: string, subject: RegExp) => waitFor(() => smtp.inbox.find(m => m.subject.includes(radicado) && subject.test(m.subject)))

  it('acknowledgement and answer reach the SMTP server with the radicado, the answer text and PDF, and no ID number', async () => {
    const radicado = await file(server.url, { numeroIdentificacion: ID_NUMBER })
    const receipt = await mailFor(radicado, /^Recibo de su solicitud/)
    expect(receipt.to).toEqual(['maria@example.com'])
    expect(receipt.text).toContain(`Número de radicado: ${radicado}`)
    expectNoPersonalData(receipt)

    const res = await staff.act(radicado, answerForm('Le informamos que la vacunación es de lunes a viernes de 7 a 11 a. m.'))
    expect(res.status).toBe(200)
    const answer = await mailFor(radicado, /^Respuesta a su solicitud/)
    expect(answer.to).toEqual(['maria@example.com'])
    expect(answer.subject).toBe(`Respuesta a su solicitud ${radicado}`)
    expect(answer.text).toContain(`Su solicitud ${radicado} (PQRSD) fue respondida el`)
    expect(answer.text).toContain('Le informamos que la vacunación es de lunes a viernes de 7 a 11 a. m.')
    expect(answer.text).toContain('La respuesta en PDF va adjunta a este correo.')
    // When and how to go to the Superintendencia Nacional de Salud, with its line from site.yaml (docs/decisions/testing.md).
    expect(answer.text).toContain(
      `Si esta respuesta no resuelve su queja o reclamo sobre la atención en salud (acceso, oportunidad, calidad o trato), puede acudir a la Superintendencia Nacional de Salud, que vigila a la E.S.E.: en línea, en www.supersalud.gov.co, o por teléfono, al 01 8000 513 700. Tenga a mano el número de radicado ${radicado}`,
    )
    expect(answer.text).toContain('/pqrsd/consulta')
    expect(answer.attachments).toHaveLength(1)
    expect(answer.attachments[0]!.filename).toBe('respuesta-oficina.pdf')
    expect(answer.attachments[0]!.content.equals(ANSWER_PDF)).toBe(true)
    expectNoPersonalData(answer)
    // The office sees that the citizen was told, in the filing's history.
    const notes = await waitForNotes(server.dataDir, radicado, 1)
    expect(notes).toEqual(['Correo de respuesta enviado al ciudadano.'])
  })

  it('a forward tells the citizen to which entity, and why (Ley 1755, art. 21)', async () => {
    const radicado = await file(server.url, { numeroIdentificacion: ID_NUMBER })
    const res = await staff.act(radicado, {
      accion: 'trasladar',
      entidad: 'Secretaría de Salud Departamental',
      texto: 'La vigilancia de las EPS corresponde a la Secretaría.',
    })
    expect(res.status).toBe(200)
    const mail = await mailFor(radicado, /trasladada a otra entidad$/)
    expect(mail.subject).toBe(`Su solicitud ${radicado} fue trasladada a otra entidad`)
    expect(mail.text).toContain('la trasladamos a: Secretaría de Salud Departamental.')
    expect(mail.text).toContain('La vigilancia de las EPS corresponde a la Secretaría.')
    expect(mail.text).toContain('Ley 1755 de 2015, artículo 21')
    expectNoPersonalData(mail)
  })

  it('an extension tells the citizen the reason and the new date (art. 14, parágrafo)', async () => {
    const radicado = await file(server.url, { numeroIdentificacion: ID_NUMBER })
    const detail = (await (await staff.get(`/api/oficina/radicaciones/${radicado}`)).json()) as { venceMaximo: string }
    const res = await staff.act(radicado, { accion: 'ampliar', texto: 'Debemos consultar el archivo central.', nuevaFecha: detail.venceMaximo })
    expect(res.status).toBe(200)
    const mail = await mailFor(radicado, /^Nueva fecha de respuesta/)
    const [y, m, d] = detail.venceMaximo.split('-').map(Number)
    const spanish = new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(Date.UTC(y!, m! - 1, d!, 12)),
    )
    expect(mail.text).toContain(`La nueva fecha límite de respuesta es el ${spanish}`)
    expect(mail.text).toContain('Debemos consultar el archivo central.')
    expectNoPersonalData(mail)
  })

  it('a citizen who chose postal mail gets no answer e-mail; the clinical-record answer PDF is not attached but found at the tracking page', async () => {
    const postal = await file(server.url, { numeroIdentificacion: ID_NUMBER, tipoRespuesta: 2, correoElectronico: 'postal@example.com' })
    await mailFor(postal, /^Recibo de su solicitud/)
    expect((await staff.act(postal, { accion: 'responder', texto: 'Respuesta enviada por correo físico.' })).status).toBe(200)

    const client = await new Client(server.url).init()
    const hc = await client.postForm('/api/historia-clinica', historiaForm(historiaFields({ correoElectronico: 'luz@example.com' })))
    const historia = ((await hc.json()) as { id: string }).id
    expect((await staff.act(historia, answerForm('Adjuntamos la copia de su historia clínica.'))).status).toBe(200)
    const mail = await mailFor(historia, /^Respuesta a su solicitud/)
    expect(mail.to).toEqual(['luz@example.com'])
    expect(mail.attachments).toEqual([])
    expect(mail.text).toContain('Adjuntamos la copia de su historia clínica.')
    expect(mail.text).toMatch(/documento PDF\. Para verlo y descargarlo, entre a la página «Consulta de PQRSD» del sitio web \(\/pqrsd\/consulta\)/)
    expect(mail.raw).not.toContain('52333444')
    // By now the postal citizen's answer would have been sent before the clinical record's.
    expect(smtp.inbox.filter(m => m.to.includes('postal@example.com')).map(m => m.subject)).toEqual([`Recibo de su solicitud ${postal}`])
  })
})

async function waitForNotes(dataDir: string, radicado: string, n: number): Promise<string[]> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const notes = await mailNotes(dataDir, radicado)
    if (notes.length >= n) return notes
    if (Date.now() > deadline) throw new Error('sin registro del correo en el historial')
    await new Promise(r => setTimeout(r, 50))
  }
}

describe('a failing SMTP server never fails the office action', () => {
  for (const [label, make] of [
    ['refuses every message (550)', async () => startSmtp({ reject: true })],
    ['is not listening', async () => ({ url: `smtp://127.0.0.1:${await freePort()}`, inbox: [], close: async () => {} }) satisfies LocalSmtp],
  ] as const) {
    it(`when the SMTP server ${label}: the answer is recorded, and the failed e-mail is in the history for the office`, async () => {
      const smtp = await make()
      const server = await startOffice(smtp.url, 'avisos-fallo')
      try {
        const staff = await signIn(server.url)
        const radicado = await file(server.url, { numeroIdentificacion: ID_NUMBER })
        const res = await staff.act(radicado, answerForm('Respuesta que no llega por correo.'))
        expect(res.status).toBe(200)
        expect(((await res.json()) as { estado: string }).estado).toBe('respondida')
        const notes = await waitForNotes(server.dataDir, radicado, 1)
        expect(notes[0]).toMatch(/^No se pudo enviar el correo de respuesta al ciudadano: .+\. Infórmele por otro medio\.$/)
        expect(notes[0]).not.toContain('maria@example.com')
        // The answer stays: state, answer text and PDF in the history, shown on the filing's page.
        const detail = (await (await staff.get(`/api/oficina/radicaciones/${radicado}`)).json()) as {
          estado: string
          historial: Array<{ accion: string; texto: string | null; archivo: unknown }>
        }
        expect(detail.estado).toBe('respondida')
        expect(detail.historial.find(h => h.accion === 'responder')).toMatchObject({ texto: 'Respuesta que no llega por correo.' })
        expect(detail.historial.find(h => h.accion === 'responder')?.archivo).not.toBeNull()
        const page = await (await staff.get(`/oficina/radicaciones/${radicado}`)).text()
        expect(page).toContain('Correo al ciudadano')
        expect(page).toContain('No se pudo enviar el correo de respuesta al ciudadano')
        const audit = await withStore(server.dataDir, store => store.listAudit())
        expect(audit.find(a => a.evento === 'correo_ciudadano_fallido' && a.radicado === radicado)).toMatchObject({ detalle: 'respondida' })
      } finally {
        await server.close()
        await smtp.close()
      }
    })
  }
})
