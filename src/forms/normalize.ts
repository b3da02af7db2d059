import type { Campo, FormDefinition } from '../manifest/types.generated.ts'
import type { FileDescriptor } from './compileFormSchema.ts'

/** Milliseconds of a yyyy-MM-dd day at midnight, Colombia time (UTC-5, no daylight saving). */
export function dayTimestamp(isoDay: string): number {
  return Date.parse(`${isoDay}T00:00:00-05:00`)
}

/** Today in Colombia as yyyy-MM-dd. */
export function todayInColombia(now = new Date()): string {
  return new Date(now.getTime() - 5 * 3600_000).toISOString().slice(0, 10)
}

function normalizeValue(c: Campo, raw: unknown): unknown {
  if (raw === undefined || raw === null) return undefined
  switch (c.tipoDato) {
    case 'entero':
    case 'marcaTiempo':
      if (typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw.trim())) return Number(raw.trim())
      return raw
    case 'booleano':
      if (raw === 'true' || raw === 'on') return true
      if (raw === 'false' || raw === '') return false
      return raw
    default:
      return typeof raw === 'string' ? raw.trim() : raw
  }
}

/**
 * Form values (browser) or request fields (server) → the payload the schema
 * validates: digit strings of numeric fields become numbers, text is trimmed,
 * files become {nombre, tipo, tamano}. Unknown keys pass through so the schema
 * can reject them.
 */
export function normalizeSubmission(form: FormDefinition, values: Record<string, unknown>, files: Record<string, FileDescriptor | undefined> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) out[key] = value
  for (const c of form.campos) {
    if (c.control === 'file') {
      const file = files[c.nombre]
      if (file) out[c.nombre] = file
      else delete out[c.nombre]
      continue
    }
    const v = normalizeValue(c, values[c.nombre])
    if (v === undefined) delete out[c.nombre]
    else out[c.nombre] = v
  }
  return out
}
