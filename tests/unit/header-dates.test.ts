import { describe, expect, it } from 'vitest'
import { localIsoDate, longDate } from '../../src/renderer/header/dates.ts'

/** The header's date is spelled out without Intl (see longDate): it must read exactly as Intl's Spanish (Colombia) date. */
describe('the header date', () => {
  const intl = new Intl.DateTimeFormat('es-CO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
  const expected = (d: Date) => {
    const text = intl.format(d)
    return text.charAt(0).toUpperCase() + text.slice(1)
  }

  it('reads as Intl es-CO, capitalized, on every day of a leap year and the turn of the year', () => {
    const mismatches: string[] = []
    for (let d = new Date(2028, 0, 1, 12); d.getFullYear() < 2029 || d.getMonth() === 0; d.setDate(d.getDate() + 1)) {
      if (longDate(d) !== expected(d)) mismatches.push(`${localIsoDate(d)}: ${longDate(d)} ≠ ${expected(d)}`)
      if (d > new Date(2029, 0, 10)) break
    }
    expect(mismatches).toEqual([])
  })

  it('example: «Martes, 5 de mayo de 2026»', () => {
    expect(longDate(new Date(2026, 4, 5, 9))).toBe('Martes, 5 de mayo de 2026')
  })
})
