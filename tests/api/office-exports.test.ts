/**
 * The staff exports from the office (docs/decisions/export.md): an admin downloads the same CSV files as
 * `npm run export` from /oficina/exportaciones, in the one separator and encoding Colombian Excel opens
 * («;», UTF-8 with BOM), each download written to the audit trail first; any other account is refused and
 * nothing is written. A filing's rows say its channel, who registered it and the day the entity received it.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { bogota } from '../helpers/testClock.ts'
import { Client, signInStaff, startInProcess, validPqrs, type RunningServer, type StaffSession } from './helpers.ts'

const ADMIN = { correo: 'jefe.exportaciones@hospital.gov.co', clave: 'una clave larga de prueba jefe 1', nombre: 'Marta Jefe' }
const SIAU = { correo: 'siau.exportaciones@hospital.gov.co', clave: 'una clave larga de prueba siau 1', nombre: 'Luis Ventanilla' }

let server: RunningServer & { app: FastifyInstance }
let admin: StaffSession
let siau: StaffSession
let web: string
let paper: string

/** Cells of a «;» CSV line whose every cell is quoted (the exports quote every cell). */
const cells = (line: string) => line.slice(1, -1).split('";"')

async function exportsAudited(): Promise<Array<{ evento: string; cuentaCorreo?: string | null; detalle?: string | null }>> {
  return (await server.app.store.listAudit({})).filter(r => r.evento === 'exportar')
}

beforeAll(async () => {
  server = await startInProcess({ label: 'exportaciones-oficina' })
  const store = server.app.store
  const boss = await store.createAccount({ correo: ADMIN.correo, nombre: ADMIN.nombre, rol: 'admin', clave: await hashPassword(ADMIN.clave) })
  await store.createAccount({ correo: SIAU.correo, nombre: SIAU.nombre, rol: 'siau', clave: await hashPassword(SIAU.clave) })
  const res = await (await new Client(server.url).init()).postJson('/api/pqrs', validPqrs({ mensaje: 'Llegó por el sitio.' }))
  web = ((await res.json()) as { id: string }).id
  // A letter that arrived on Friday 27 November and was typed in on the following Wednesday, as /oficina/radicar stores it.
  paper = await store.createFiling({
    kind: 'pqrs',
    datos: validPqrs({ mensaje: 'Carta en papel.' }),
    now: bogota('2026-12-02T09:00'),
    canal: 'escrito',
    registradaPor: boss.id,
    recibidaEl: '2026-11-27',
    audit: { evento: 'radicar', cuentaId: boss.id, detalle: 'canal escrito; recibida el 2026-11-27' },
  })
  admin = await signInStaff(server.url, ADMIN)
  siau = await signInStaff(server.url, SIAU)
})
afterAll(async () => server?.close())

describe('staff exports from the office', () => {
  it('an admin downloads a filing export: «;» and UTF-8 with BOM, with the received day, channel and registrant, and the download is audited', async () => {
    const before = (await exportsAudited()).length
    const res = await admin.get('/oficina/exportaciones/pqrs.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="pqrs-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(text.startsWith('\uFEFF"Radicado";"Fecha de recepción";"Fecha y hora de radicación";"Canal";"Registrada por";')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    const header = cells(lines[0]!)
    const row = (id: string) => {
      const c = cells(lines.find(l => l.startsWith(`"${id}"`))!)
      return Object.fromEntries(['Fecha de recepción', 'Fecha y hora de radicación', 'Canal', 'Registrada por'].map(h => [h, c[header.indexOf(h)]]))
    }
    // The day the letter arrived, not the day it was typed in; the instant it was numbered beside it.
    expect(row(paper)).toEqual({
      'Fecha de recepción': '2026-11-27',
      'Fecha y hora de radicación': '2026-12-02 09:00',
      Canal: 'Escrito (documento en papel)',
      'Registrada por': ADMIN.nombre,
    })
    expect(row(web)).toEqual({
      'Fecha de recepción': '2026-11-25',
      'Fecha y hora de radicación': expect.stringMatching(/^2026-11-25 /),
      Canal: 'Sitio web',
      'Registrada por': '',
    })
    const audited = (await exportsAudited()).slice(before)
    expect(audited).toEqual([expect.objectContaining({ cuentaCorreo: ADMIN.correo, detalle: 'pqrs; descarga desde la oficina' })])
  })

  it('the audit trail and the request report download with the same separator', async () => {
    for (const path of ['/oficina/exportaciones/auditoria.csv', '/oficina/exportaciones/informe.csv?periodo=2026-T4']) {
      const res = await admin.get(path)
      expect(res.status, path).toBe(200)
      const first = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).split('\r\n')[0]!
      expect(first.startsWith('\uFEFF"'), path).toBe(true)
      expect(first, path).toContain('";"')
      expect(first, path).not.toContain('","')
    }
  })

  it('the page lists every export for an admin; any other account is refused and nothing is audited', async () => {
    const page = await (await admin.get('/oficina/exportaciones')).text()
    for (const href of ['/oficina/exportaciones/pqrs.csv', '/oficina/exportaciones/auditoria.csv']) expect(page).toContain(`href="${href}"`)
    const before = (await exportsAudited()).length
    for (const path of ['/oficina/exportaciones', '/oficina/exportaciones/pqrs.csv', '/oficina/exportaciones/auditoria.csv']) {
      const res = await siau.get(path)
      expect(res.status, path).toBe(403)
      expect(await res.text(), path).toContain('Solo una cuenta de administrador puede descargar las exportaciones.')
    }
    expect(await exportsAudited()).toHaveLength(before)
    // Without a session: the sign-in, never the file.
    const anonymous = await fetch(`${server.url}/oficina/exportaciones/pqrs.csv`, { redirect: 'manual' })
    expect(anonymous.status).not.toBe(200)
  })
})
