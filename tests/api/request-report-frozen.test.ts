import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFilingStore } from '../../src/server/store/open.ts'
import type { TramiteRow } from '../../src/server/store/office.ts'
import type { FilingStore } from '../../src/server/store/store.ts'
import { FILING_PLAN, startInProcess, tempDataDir, type RunningServer } from './helpers.ts'

/**
 * A closed quarter's report of requests is frozen as first published (Decreto 103 de 2015, art. 52;
 * docs/decisions/tracking-and-report.md): an answer recorded later changes the open year's figures but not the
 * quarter's page, JSON or per-request CSV. The server's report clock is set: nothing depends on today.
 */
const AT = (iso: string) => new Date(iso)
let clock = AT('2026-09-15T12:00:00-05:00')

function tramite(vence: string): Omit<TramiteRow, 'radicado'> {
  return { estado: 'radicada', diasHabiles: 15, vence, venceOriginal: vence, venceMaximo: '2026-12-31', venceTraslado: '2026-12-31', ampliada: false }
}

async function answer(store: FilingStore, radicado: string, vence: string, at: string): Promise<void> {
  const before: TramiteRow = { radicado, ...tramite(vence) }
  await store.recordAction({
    expected: { estado: 'radicada', ampliada: false, existed: true },
    tramite: { ...before, estado: 'respondida', respondidaEn: AT(at).toISOString() },
    history: { radicado, accion: 'responder', estadoAnterior: 'radicada', estadoNuevo: 'respondida', en: AT(at).toISOString(), texto: 'Respuesta' },
    audit: { evento: 'accion', radicado, detalle: 'responder' },
  })
}

interface ReportBody {
  publicado?: string
  total: Record<string, unknown>
  solicitudes: Array<{ radicado: string; respondido: string | null; diasHabiles: number | null }>
}

describe('a closed quarter of the report of requests', () => {
  let dataDir: string
  let server: RunningServer
  let answered: string
  let pending: string

  beforeAll(async () => {
    dataDir = tempDataDir('informe-congelado')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    try {
      const datos = { nombre: 'Persona de prueba', mensaje: 'Texto', tipoSolicitud: 1 }
      // Thu 07-16, answered Tue 07-21 (Mon 07-20 is a holiday): 2 business days.
      answered = await store.createFiling({ kind: 'pqrs', datos, now: AT('2026-07-16T10:00:00-05:00'), tramite: tramite('2026-08-07') })
      await answer(store, answered, '2026-08-07', '2026-07-21T09:00:00-05:00')
      // Tue 09-29, still pending when the quarter closes.
      pending = await store.createFiling({ kind: 'pqrs', datos, now: AT('2026-09-29T09:00:00-05:00'), tramite: tramite('2026-10-20') })
    } finally {
      await store.close()
    }
    server = await startInProcess({ dataDir, now: () => clock })
  })
  afterAll(async () => server?.close())

  const json = async (periodo: string) => (await (await fetch(`${server.url}/api/informe-solicitudes?periodo=${periodo}`)).json()) as ReportBody
  const rowsCsv = async (periodo: string) => {
    const res = await fetch(`${server.url}/api/informe-solicitudes-por-solicitud.csv?periodo=${periodo}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="informe-solicitudes-${periodo}-por-solicitud.csv"`)
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
  }

  it('is live while the quarter is open, then frozen once closed, and unchanged by a later answer', async () => {
    // 09-15: the quarter is open, nothing is frozen.
    const open = await json('2026-T3')
    expect(open.publicado).toBeUndefined()
    expect(open.solicitudes.map(r => [r.radicado, r.respondido, r.diasHabiles])).toEqual([
      [answered, '2026-07-21', 2],
      [pending, null, null],
    ])

    // 10-05: closed; the first request publishes it.
    clock = AT('2026-10-05T08:00:00-05:00')
    const published = await json('2026-T3')
    expect(published.publicado).toBe(clock.toISOString())
    const csvBefore = await rowsCsv('2026-T3')
    const pageBefore = await (await fetch(`${server.url}/transparencia/informe-solicitudes?periodo=2026-T3`)).text()

    // 10-06: the office answers the pending request (a later action on a filing of the closed quarter).
    clock = AT('2026-10-06T08:00:00-05:00')
    const store = await openFilingStore({ dataDir, plan: FILING_PLAN })
    try {
      await answer(store, pending, '2026-10-20', '2026-10-06T10:00:00-05:00')
    } finally {
      await store.close()
    }

    // The open year sees the answer…
    const year = await json('2026')
    expect(year.solicitudes.find(r => r.radicado === pending)?.respondido).toBe('2026-10-06')
    expect(year.total).toMatchObject({ recibidas: 2, pendientes: 0 })
    // …the closed quarter stays as published, in the JSON, the per-request CSV and the page.
    expect(await json('2026-T3')).toEqual(published)
    expect(published.total).toMatchObject({ recibidas: 2, pendientes: 1 })
    expect(await rowsCsv('2026-T3')).toBe(csvBefore)
    expect(csvBefore).toContain(`"2026-T3";"${pending}";"Petición";"Sitio web";"2026-09-29";"";"";"No";"No"`)
    const pageAfter = await (await fetch(`${server.url}/transparencia/informe-solicitudes?periodo=2026-T3`)).text()
    const table = (html: string) => html.slice(html.indexOf('id="informe-solicitudes"'))
    expect(table(pageAfter)).toBe(table(pageBefore))
    expect(pageAfter).toContain('Periodo cerrado: informe publicado el 2026-10-05')
  })
})
