import { describe, expect, it } from 'vitest'
import { parsePeriod, periodChoices, periodInstants, quarterOf, responseDays } from '../../src/filings/requestReport.ts'

/** The report's periods and response days (docs/decisions/tracking-and-report.md); the figures themselves are in tests/api/request-report.test.ts. */
describe('report periods', () => {
  it('quarters and years, with their Colombian first and last days; anything else is refused', () => {
    expect(parsePeriod('2026-T1')).toEqual({ clave: '2026-T1', etiqueta: 'primer trimestre de 2026 (enero a marzo)', desde: '2026-01-01', hasta: '2026-03-31' })
    expect(parsePeriod('2024-T1')?.hasta).toBe('2024-03-31')
    expect(parsePeriod('2026-T4')).toMatchObject({ desde: '2026-10-01', hasta: '2026-12-31' })
    expect(parsePeriod('2026')).toEqual({ clave: '2026', etiqueta: 'año 2026', desde: '2026-01-01', hasta: '2026-12-31' })
    for (const bad of ['2026-T0', '2026-T5', '2026-3', 'T3', '26', '1999', '', 2026, undefined]) expect(parsePeriod(bad)).toBeUndefined()
  })

  it('the store is asked for Colombian midnights (UTC−5)', () => {
    expect(periodInstants(parsePeriod('2026-T3')!)).toEqual({ desde: '2026-07-01T05:00:00.000Z', hasta: '2026-10-01T05:00:00.000Z' })
    expect(periodInstants(parsePeriod('2026')!)).toEqual({ desde: '2026-01-01T05:00:00.000Z', hasta: '2027-01-01T05:00:00.000Z' })
  })

  it('the choices go from today\u2019s quarter back, never into the future', () => {
    expect(quarterOf('2026-11-23').clave).toBe('2026-T4')
    expect(periodChoices('2026-05-10', 2025).map(p => p.clave)).toEqual(['2026-T2', '2026-T1', '2026', '2025-T4', '2025-T3', '2025-T2', '2025-T1', '2025'])
  })

  it('response days count like the term: from the business day after the effective day of receipt', () => {
    expect(responseDays('2026-07-16', '2026-07-21')).toBe(2) // Mon 07-20 is a holiday
    expect(responseDays('2026-07-25', '2026-07-31')).toBe(4) // received on a Saturday: counts from Mon 07-27
    expect(responseDays('2026-07-14', '2026-07-14')).toBe(0)
    expect(responseDays('2026-07-25', '2026-07-25')).toBe(0) // answered before its first counted day
  })
})
