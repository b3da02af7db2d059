import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/server/features/office/passwords.ts'
import { bogota, TestClock } from '../helpers/testClock.ts'
import { openFilingStore } from '../../src/server/store/open.ts'
import { Client, FILING_PLAN, signInStaff, startChild, startInProcess, tempDataDir, validPqrs, type RunningServer } from './helpers.ts'

/**
 * A filing's term at the days the calendar makes hard, with the server's clock set to each
 * (docs/decisions/testing.md): a Wednesday, the Saturday and Sunday after a Friday due day, a Monday holiday,
 * the business day after it, and 31 December at 23:30 in Colombia (04:30 UTC on 1 January). Every expected
 * day, count and text below is worked out by hand from the 2026 calendar (holidays: Monday 16 November,
 * Tuesday 8 December), never by the code under test.
 */

const STAFF = { correo: 'terminos.siau@hospital.gov.co', clave: 'una clave larga de prueba 9' }

interface Seen {
  api: { vencida: boolean; diasHabilesRestantes: number | null; correDesde: string | null }
  row: string
  page: string
  tracking: { vencida: boolean; escalamiento?: string }
}

describe('the term of a filing at the days the calendar makes hard', () => {
  const clock = new TestClock(bogota('2026-11-05T10:00'))
  let server: RunningServer
  let citizen: Client

  beforeAll(async () => {
    const started = await startInProcess({ label: 'calendario', now: clock.now })
    server = started
    await started.app.store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
    citizen = await new Client(server.url).init()
  })
  afterAll(async () => server?.close())

  /** A petition (15 business days) received at the clock's instant: its number, code and due day as the receipt gives them. */
  const receive = async () => {
    const res = await citizen.postJson('/api/pqrs', validPqrs())
    expect(res.status).toBe(200)
    return (await res.json()) as { id: string; codigo: string; vence: string; recibido: string }
  }

  /** What staff and the citizen read of one filing at the clock's instant: the API, the inbox row, the page, the tracking answer. */
  const seen = async (f: { id: string; codigo: string }): Promise<Seen> => {
    const staff = await signInStaff(server.url, STAFF)
    const api = (await (await staff.get(`/api/oficina/radicaciones/${f.id}`)).json()) as Seen['api']
    const inbox = await (await staff.get('/oficina')).text()
    const row = inbox.split('<tr').find(r => r.includes(f.id)) ?? ''
    const page = await (await staff.get(`/oficina/radicaciones/${f.id}`)).text()
    const tracking = (await (await citizen.postJson('/api/consulta', { radicado: f.id, codigo: f.codigo })).json()) as Seen['tracking']
    return { api, row, page, tracking }
  }

  it('due on a Friday: running on the Friday with 0 business days left; overdue on the Saturday, Sunday and Monday after, everywhere', async () => {
    // Received Thursday 5 November: the 15 business days run from Friday 6 and skip Monday 16 (a holiday).
    clock.set(bogota('2026-11-05T10:00'))
    const f = await receive()
    expect(f.vence).toBe('2026-11-27')

    clock.set(bogota('2026-11-27T16:00')) // the Friday: its last day
    let s = await seen(f)
    expect(s.api).toMatchObject({ vencida: false, diasHabilesRestantes: 0 })
    expect(s.row).not.toContain('fila-vencida')
    expect(s.row).toContain('Vence hoy')
    expect(s.page).not.toContain('término vencido')
    expect(s.tracking.vencida).toBe(false)
    expect(s.tracking.escalamiento).toBeUndefined()

    for (const [day, left] of [
      ['2026-11-28T10:00', 0], // Saturday
      ['2026-11-29T10:00', 0], // Sunday
      ['2026-11-30T08:00', -1], // Monday
    ] as const) {
      clock.set(bogota(day))
      s = await seen(f)
      expect(s.api, day).toMatchObject({ vencida: true, diasHabilesRestantes: left })
      expect(s.row, day).toContain('fila-vencida')
      expect(s.row, day).toContain(left === 0 ? 'Venció el viernes 27/11/2026' : 'Vencida hace 1 día hábil')
      expect(s.page, day).toContain('término vencido')
      expect(s.tracking.vencida, day).toBe(true)
      expect(s.tracking.escalamiento, day).toMatch(/venció sin respuesta/)
    }
  })

  it('received on a Saturday or Sunday: the whole term and the day it starts, not one day more', async () => {
    for (const day of ['2026-11-28T09:00', '2026-11-29T18:00']) {
      clock.set(bogota(day))
      const f = await receive()
      // Counts as received Monday 30 November; 15 business days from Tuesday 1 December, skipping Tuesday 8.
      expect(f.vence, day).toBe('2026-12-22')
      const s = await seen(f)
      expect(s.api, day).toMatchObject({ vencida: false, diasHabilesRestantes: 15, correDesde: '2026-12-01' })
      expect(s.row, day).toContain('15 días hábiles, que corren desde el martes 01/12/2026')
      expect(s.row, day).not.toContain('16 días hábiles')
      clock.set(bogota('2026-11-30T08:00'))
      expect((await seen(f)).api, 'the Monday after').toMatchObject({ diasHabilesRestantes: 15, correDesde: null })
    }
  })

  it('a Monday holiday and the business day after it', async () => {
    clock.set(bogota('2026-11-16T11:00')) // Monday 16 November: Independencia de Cartagena, observed
    const f = await receive()
    // Counts as received Tuesday 17; 15 business days from Wednesday 18 November.
    expect(f.vence).toBe('2026-12-09')
    expect((await seen(f)).api).toMatchObject({ vencida: false, diasHabilesRestantes: 15, correDesde: '2026-11-18' })
    clock.set(bogota('2026-11-17T08:00')) // Tuesday: the term's day of receipt, the count runs
    expect((await seen(f)).api).toMatchObject({ vencida: false, diasHabilesRestantes: 15, correDesde: null })
    clock.set(bogota('2026-11-18T08:00'))
    expect((await seen(f)).api).toMatchObject({ diasHabilesRestantes: 14 })
  })

  it('a Wednesday: received and counted the same day', async () => {
    clock.set(bogota('2026-11-25T10:00'))
    const f = await receive()
    // Wednesday 25 November; 15 business days from Thursday 26 skip Tuesday 8 December.
    expect(f.vence).toBe('2026-12-17')
    const s = await seen(f)
    expect(s.api).toMatchObject({ vencida: false, diasHabilesRestantes: 15, correDesde: null })
    expect(s.row).toContain('15 días hábiles')
    expect(s.row).not.toContain('corren desde')
  })

  it('31 December at 23:30 in Colombia belongs to that year; the first filing at 00:30 on 1 January opens the new series', async () => {
    clock.set(bogota('2026-12-31T23:30')) // 04:30 UTC on 1 January 2027
    const last = await receive()
    expect(last.id).toMatch(/^PQRS-2026-\d{6}$/)
    expect(last.recibido).toMatch(/^2026-12-31T23:3\d:\d\d(\.\d+)?-05:00$/)
    // Thursday 31 December; 15 business days from Monday 4 January (Friday 1 and Monday 11 January are holidays).
    expect(last.vence).toBe('2027-01-25')
    const report = async () => ((await (await fetch(`${server.url}/api/informe-solicitudes`)).json()) as { periodo: { clave: string } }).periodo.clave
    expect(await report()).toBe('2026-T4')

    clock.set(bogota('2027-01-01T00:30'))
    const first = await receive()
    expect(first.id).toBe('PQRS-2027-000001')
    expect(await report()).toBe('2027-T1')
  })
})

/**
 * The same rule as production runs it: the server in its own process on the system clock, which Debian's
 * faketime sets to the Saturday after a Friday due day (the filing stored beforehand with that due day).
 */
describe('the server on the system clock, at a Saturday after the due day (faketime)', () => {
  const LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'

  it('says overdue in the API answer and on the page', async () => {
    expect(fs.existsSync(LIB), 'falta libfaketime: apt-get install faketime (.ci/run lo instala)').toBe(true)
    const dataDir = tempDataDir('calendario-faketime')
    let radicado = ''
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    try {
      await store.createAccount({ correo: STAFF.correo, nombre: 'Auxiliar SIAU', rol: 'admin', clave: await hashPassword(STAFF.clave) })
      const vence = '2026-11-27'
      radicado = await store.createFiling({
        kind: 'pqrs',
        datos: validPqrs(),
        now: bogota('2026-11-05T10:00'),
        tramite: { estado: 'radicada', diasHabiles: 15, vence, venceOriginal: vence, venceMaximo: '2026-12-21', venceTraslado: '2026-11-12', ampliada: false },
      })
    } finally {
      await store.close()
    }
    // «@» starts this process's clock at that instant and lets it run; timers keep the real monotonic clock.
    const server = await startChild(dataDir, {
      LD_PRELOAD: LIB,
      FAKETIME: '@2026-11-28 15:00:00',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      TZ: 'UTC',
    })
    try {
      const staff = await signInStaff(server.url, STAFF)
      const api = (await (await staff.get(`/api/oficina/radicaciones/${radicado}`)).json()) as Seen['api']
      expect(api, server.output()).toMatchObject({ vencida: true, diasHabilesRestantes: 0 })
      expect(await (await staff.get(`/oficina/radicaciones/${radicado}`)).text()).toContain('Venció el viernes 27/11/2026 (término vencido)')
    } finally {
      await server.kill('SIGTERM')
    }
  })
})
