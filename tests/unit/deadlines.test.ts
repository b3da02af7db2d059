import { describe, expect, it } from 'vitest'
import { loadManifest } from '../../src/manifest/load.ts'
import type { FormDefinition } from '../../src/manifest/types.generated.ts'
import { addBusinessDays, businessDaysBetween, colombiaDay, isBusinessDay, sameOrNextBusinessDay } from '../../src/filings/businessDays.ts'
import { dueDates, termOf } from '../../src/filings/deadlines.ts'
import { isOverdue, termStatus } from '../../src/filings/termStatus.ts'

/** An instant given in Colombia time (UTC-5): the fixed clock of these tests. */
const bogota = (local: string) => new Date(`${local}-05:00`)
const T15 = { diasHabiles: 15, diasTraslado: 5 }

describe('business days (Colombian calendar from colombian-holidays)', () => {
  it('knows weekends and holidays moved to Monday (Ley 51 de 1983)', () => {
    // Reyes Magos 2026 falls on Tuesday 6 January and is observed on Monday 12 January.
    expect(isBusinessDay('2026-01-06')).toBe(true)
    expect(isBusinessDay('2026-01-12')).toBe(false)
    expect(isBusinessDay('2026-04-02')).toBe(false) // Jueves Santo
    expect(isBusinessDay('2026-04-03')).toBe(false) // Viernes Santo
    expect(isBusinessDay('2026-03-21')).toBe(false) // Saturday
    expect(isBusinessDay('2026-03-22')).toBe(false) // Sunday
    expect(isBusinessDay('2026-03-24')).toBe(true)
  })

  it('the Colombian calendar day of an instant, not the UTC one', () => {
    expect(colombiaDay(new Date('2026-07-11T03:00:00Z'))).toBe('2026-07-10')
    expect(colombiaDay(new Date('2026-07-11T05:00:00Z'))).toBe('2026-07-11')
  })

  it('counts business days both ways', () => {
    expect(addBusinessDays('2026-03-31', 2)).toBe('2026-04-06')
    expect(businessDaysBetween('2026-04-01', '2026-04-17')).toBe(10)
    expect(businessDaysBetween('2026-04-17', '2026-04-17')).toBe(0)
    expect(businessDaysBetween('2026-04-20', '2026-04-17')).toBe(-1)
    expect(sameOrNextBusinessDay('2026-03-21')).toBe('2026-03-24')
  })
})

describe('dueDates: the one due-date function', () => {
  it('across Holy Week: counts from the next day and skips Jueves and Viernes Santo', () => {
    const d = dueDates(bogota('2026-03-25T10:00:00'), T15)
    expect(d).toEqual({ termStart: '2026-03-25', vence: '2026-04-17', venceMaximo: '2026-05-11', venceTraslado: '2026-04-01' })
  })

  it('a Monday holiday (Reyes moved to 12 January) is skipped', () => {
    // Friday 9 January 2026, 3 business days: 13, 14, 15 January.
    expect(dueDates(bogota('2026-01-09T16:30:00'), { diasHabiles: 3, diasTraslado: 5 }).vence).toBe('2026-01-15')
  })

  it('a filing on a Saturday counts as received on the next business day (here after a Monday holiday)', () => {
    // Saturday 21 March; Monday 23 is San José: received Tuesday 24, first counted day Wednesday 25.
    const d = dueDates(bogota('2026-03-21T09:00:00'), { diasHabiles: 10, diasTraslado: 5 })
    expect(d.termStart).toBe('2026-03-24')
    expect(d.vence).toBe('2026-04-09')
    // Saturday 11 July: counts from Monday 13; 20 July is a holiday.
    expect(dueDates(bogota('2026-07-11T11:00:00'), T15).vence).toBe('2026-08-04')
  })

  it('Friday 22:00 in Colombia is still Friday (Saturday in UTC)', () => {
    expect(dueDates(new Date('2026-07-11T03:00:00Z'), T15).vence).toBe('2026-08-03')
  })

  it('across the year end: Navidad, Año Nuevo and Reyes 2027 (moved to Monday 11 January)', () => {
    expect(dueDates(bogota('2026-12-23T08:00:00'), T15).vence).toBe('2027-01-18')
  })

  it('filings of the same day get the dates of their own term (the dates of a day are worked out once and reused)', () => {
    const day = bogota('2026-03-25T10:00:00')
    const first = dueDates(day, T15)
    // A caller changing its copy does not change the next filing's dates.
    first.vence = '1999-01-01'
    expect(dueDates(bogota('2026-03-25T17:00:00'), T15)).toEqual({
      termStart: '2026-03-25',
      vence: '2026-04-17',
      venceMaximo: '2026-05-11',
      venceTraslado: '2026-04-01',
    })
    expect(dueDates(day, { diasHabiles: 15, diasTraslado: 3 }).venceTraslado).toBe('2026-03-30')
    expect(dueDates(day, { diasHabiles: 10, diasTraslado: 5 }).vence).toBe('2026-04-10')
    expect(dueDates(bogota('2026-03-26T10:00:00'), T15).vence).toBe('2026-04-20')
  })

  it('business days left, with a fixed clock', () => {
    const open = { estado: 'radicada' as const, vence: '2026-04-17' }
    // Received Wednesday 25 March; 15 business days run to Friday 17 April.
    expect(termStatus(open, '2026-03-25', '2026-04-01')).toEqual({ diasHabilesRestantes: 10, vencida: false })
    expect(termStatus(open, '2026-03-25', '2026-04-17')).toEqual({ diasHabilesRestantes: 0, vencida: false })
    expect(termStatus(open, '2026-03-25', '2026-04-20')).toEqual({ diasHabilesRestantes: -1, vencida: true })
  })

  it('«vencida» from the calendar day after the due day, weekends included; business days left stay business days', () => {
    const open = { estado: 'en_tramite' as const, vence: '2026-11-27' } // Friday
    expect(termStatus(open, '2026-11-06', '2026-11-27')).toEqual({ diasHabilesRestantes: 0, vencida: false })
    expect(termStatus(open, '2026-11-06', '2026-11-28')).toEqual({ diasHabilesRestantes: 0, vencida: true }) // Saturday
    expect(termStatus(open, '2026-11-06', '2026-11-29')).toEqual({ diasHabilesRestantes: 0, vencida: true }) // Sunday
    expect(termStatus(open, '2026-11-06', '2026-11-30')).toEqual({ diasHabilesRestantes: -1, vencida: true }) // Monday
    // Answered, forwarded or closed: never overdue, whatever the day.
    for (const estado of ['respondida', 'trasladada', 'cerrada'] as const) {
      expect(isOverdue({ estado, vence: '2026-11-27' }, '2026-12-31')).toBe(false)
      expect(termStatus({ estado, vence: '2026-11-27' }, '2026-11-06', '2026-12-31')).toEqual({ diasHabilesRestantes: null, vencida: false })
    }
    // A due day moved by a holiday: Monday 7 December 2026 is not one, Tuesday 8 (Inmaculada Concepción) is.
    expect(termStatus({ estado: 'radicada', vence: '2026-12-09' }, '2026-11-18', '2026-12-08')).toEqual({ diasHabilesRestantes: 1, vencida: false })
  })

  it('before the term starts: the whole term, and the day it starts counting', () => {
    // Received Saturday 28 November 2026: counts as received Monday 30, the 15 days run from Tuesday 1 December.
    const vence = dueDates(bogota('2026-11-28T10:00:00'), T15).vence
    expect(vence).toBe('2026-12-22')
    const open = { estado: 'radicada' as const, vence }
    expect(termStatus(open, '2026-11-28', '2026-11-28')).toEqual({ diasHabilesRestantes: 15, vencida: false, correDesde: '2026-12-01' })
    expect(termStatus(open, '2026-11-28', '2026-11-29')).toEqual({ diasHabilesRestantes: 15, vencida: false, correDesde: '2026-12-01' })
    // From the legal day of receipt on, the plain count.
    expect(termStatus(open, '2026-11-28', '2026-11-30')).toEqual({ diasHabilesRestantes: 15, vencida: false })
    expect(termStatus(open, '2026-11-28', '2026-12-01')).toEqual({ diasHabilesRestantes: 14, vencida: false })
  })
})

describe('terms come from the manifest (Ley 1755 de 2015, art. 14)', () => {
  const { manifest } = loadManifest()
  const form = (id: string) => manifest.forms.find(f => f.data.id === id)!.data as FormDefinition
  const lookups = manifest.lookups!.data

  it('a PQRSD: 15 business days, 10 for a request for public information, by the type chosen', () => {
    expect(termOf(form('pqrsd'), { tipoSolicitud: 1 }, lookups)).toMatchObject({ tipo: 'Petición', diasHabiles: 15, diasTraslado: 5 })
    expect(termOf(form('pqrsd'), { tipoSolicitud: 2 }, lookups)).toMatchObject({ tipo: 'Queja', diasHabiles: 15 })
    expect(termOf(form('pqrsd'), { tipoSolicitud: 8 }, lookups)).toMatchObject({ tipo: 'Solicitud de información pública', diasHabiles: 10 })
  })

  it('appointments as the appointment page promises (3), clinical records as documents (10)', () => {
    expect(form('cita').exito).toContain('3 días hábiles')
    expect(termOf(form('cita'), {}, lookups).diasHabiles).toBe(3)
    expect(termOf(form('historia-clinica'), {}, lookups).diasHabiles).toBe(10)
  })

  it('a form without terms gets the general term of the law', () => {
    const bare = { ...form('cita'), terminos: undefined }
    expect(termOf(bare, {}, lookups)).toMatchObject({ diasHabiles: 15, diasTraslado: 5 })
  })
})
