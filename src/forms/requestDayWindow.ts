import { dayTimestamp, todayInColombia } from '../manifest/colombiaTime.ts'
import type { FormDefinition } from '../manifest/types.generated.ts'
import type { FieldMessages } from './fieldMessages.ts'

const DAY_MS = 86_400_000

/**
 * Timestamps a form bounds around the day of receipt (`diasPermitidos` on a
 * `marcaTiempo` field, e.g. the appointment's request day): the schema can
 * only bound them by fixed years, because the browser and the server run the
 * same build-time code, so the window that moves with the calendar is checked
 * here, on the server, after the schema (a request day up to year
 * 2100 was accepted). The browser fills that day itself and never meets it.
 */
export function requestDayProblems(form: FormDefinition, values: Record<string, unknown>, now: Date): FieldMessages {
  const today = dayTimestamp(todayInColombia(now))
  const problems: FieldMessages = {}
  for (const c of form.campos) {
    const value = values[c.nombre]
    if (!c.diasPermitidos || c.tipoDato !== 'marcaTiempo' || typeof value !== 'number') continue
    const from = today - c.diasPermitidos.antes * DAY_MS
    // A timestamp anywhere inside the last allowed day counts as that day.
    const until = today + (c.diasPermitidos.despues + 1) * DAY_MS
    if (value < from || value >= until) problems[c.nombre] = c.mensajes?.formato ?? c.mensajes?.requerido ?? 'La fecha no es válida.'
  }
  return problems
}
