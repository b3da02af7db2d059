import { describe, expect, it } from 'vitest'
import { computeReport, parsePeriod, type ReportGroup, type RequestType } from '../../src/filings/requestReport.ts'

/**
 * The report's row per request (Decreto 103 de 2015, art. 52, num. 3), from one store group per filing: the days
 * are computed here by hand. Colombian holidays in the period: Mon 2026-07-20, Fri 2026-08-07, Mon 2026-08-17.
 * Pure: no clock is read.
 */
const TYPES: RequestType[] = [
  { kind: 'pqrs', tipo: 1, nombre: 'Petición' },
  { kind: 'pqrs', tipo: 8, nombre: 'Solicitud de información pública' },
  { kind: 'historia', tipo: null, nombre: 'Solicitud de historia clínica' },
]

const group = (g: Partial<ReportGroup> & Pick<ReportGroup, 'radicado' | 'recibido'>): ReportGroup => ({
  kind: 'pqrs',
  tipo: 1,
  canal: 'web',
  desenlace: 'pendiente',
  respondido: null,
  vence: '2026-12-31',
  negada: false,
  cantidad: 1,
  ...g,
})

const GROUPS: ReportGroup[] = [
  // Thu 07-16 → Tue 07-21: from the next business day, Fri 17 (1), Mon 20 holiday, Tue 21 (2).
  group({ radicado: 'PQRS-2026-000001', recibido: '2026-07-16', canal: 'presencial', desenlace: 'respondida', respondido: '2026-07-21' }),
  // Received on the holiday Fri 08-07: received in effect Mon 08-10; Wed 08-19 → 11 (1), 12, 13, 14 (4), Mon 17 holiday, 18 (5), 19 (6).
  group({ radicado: 'PQRS-2026-000002', recibido: '2026-08-07', desenlace: 'respondida', respondido: '2026-08-19', negada: true }),
  // Forwarded Mon 07-06 → Wed 07-08: 2 days.
  group({ radicado: 'PQRS-2026-000003', recibido: '2026-07-06', tipo: 8, canal: 'correo', desenlace: 'trasladada', respondido: '2026-07-08' }),
  // Pending.
  group({ radicado: 'PQRS-2026-000004', recibido: '2026-09-29', tipo: 8 }),
  // Sat 07-25 → Fri 07-31: received in effect Mon 07-27; 28 (1) … 31 (4); a kind without type field.
  group({ radicado: 'HC-2026-000001', recibido: '2026-07-25', kind: 'historia', tipo: null, desenlace: 'respondida', respondido: '2026-07-31' }),
  // A type no longer listed: «Otras solicitudes»; answered the day of receipt, 0 days.
  group({ radicado: 'PQRS-2026-000005', recibido: '2026-09-01', tipo: 99, canal: 'telefonico', desenlace: 'respondida', respondido: '2026-09-01' }),
]

describe('the report of requests, one row per request', () => {
  it('gives each request its number, type, channel, days of receipt and answer, business days taken, forward and refusal', () => {
    const { solicitudes } = computeReport(parsePeriod('2026-T3')!, TYPES, GROUPS)
    expect(solicitudes.map(r => [r.radicado, r.tipo, r.canal, r.recibido, r.respondido, r.diasHabiles, r.trasladada, r.negada])).toEqual([
      ['PQRS-2026-000003', 'Solicitud de información pública', 'Correo electrónico', '2026-07-06', '2026-07-08', 2, true, false],
      ['PQRS-2026-000001', 'Petición', 'Presencial', '2026-07-16', '2026-07-21', 2, false, false],
      ['HC-2026-000001', 'Solicitud de historia clínica', 'Sitio web', '2026-07-25', '2026-07-31', 4, false, false],
      ['PQRS-2026-000002', 'Petición', 'Sitio web', '2026-08-07', '2026-08-19', 6, false, true],
      ['PQRS-2026-000005', 'Otras solicitudes', 'Telefónico', '2026-09-01', '2026-09-01', 0, false, false],
      ['PQRS-2026-000004', 'Solicitud de información pública', 'Sitio web', '2026-09-29', null, null, false, false],
    ])
  })

  it('keeps the figures the rows add up to', () => {
    const report = computeReport(parsePeriod('2026-T3')!, TYPES, GROUPS)
    // Answered: 2, 6, 4, 0 days (the forward is not an answer): mean 12/4 = 3, median (2 + 4) / 2 = 3.
    expect(report.total).toMatchObject({ recibidas: 6, trasladadas: 1, negadas: 1, pendientes: 1, promedioDias: 3, medianaDias: 3 })
    expect(report.solicitudes).toHaveLength(report.total.recibidas)
  })

  it('has no row for a group that does not name its filing', () => {
    const { radicado: _, ...counted } = GROUPS[0]!
    expect(computeReport(parsePeriod('2026-T3')!, TYPES, [{ ...counted, cantidad: 3 }]).solicitudes).toEqual([])
  })
})
