import { describe, expect, it } from 'vitest'
import { dayTimestamp } from '../../src/manifest/colombiaTime.ts'
import { loadManifest } from '../../src/manifest/load.ts'
import { requestDayProblems } from '../../src/forms/requestDayWindow.ts'

const cita = loadManifest().manifest.forms.find(f => f.data.id === 'cita')!.data
const MESSAGE = { fechaCita: 'La fecha de la solicitud no es válida.' }

describe('the request day is checked against the day of receipt (Colombia), one day either side', () => {
  // 23:30 in Bogotá on 2026-03-05 is already 2026-03-06 in UTC: the window follows Colombia's day.
  const now = new Date('2026-03-06T04:30:00Z')

  it('accepts the day before, the day itself and the day after, at any hour of them', () => {
    for (const ok of [dayTimestamp('2026-03-04'), dayTimestamp('2026-03-05'), dayTimestamp('2026-03-06'), dayTimestamp('2026-03-06') + 86_399_999]) {
      expect(requestDayProblems(cita, { fechaCita: ok }, now)).toEqual({})
    }
  })

  it('refuses two days either side and anything further, with the field\u2019s own message', () => {
    for (const bad of [dayTimestamp('2026-03-03'), dayTimestamp('2026-03-07'), dayTimestamp('2026-12-31'), dayTimestamp('2000-01-01')]) {
      expect(requestDayProblems(cita, { fechaCita: bad }, now)).toEqual(MESSAGE)
    }
  })
})
