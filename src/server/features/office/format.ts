import { fileNames } from '../../../forms/fileType.ts'
import type { FormDefinition, Lookups } from '../../../manifest/types.generated.ts'

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']

/** 17/04/2026 */
export function day(ymd: string): string {
  const [y, m, d] = ymd.split('-')
  return `${d}/${m}/${y}`
}

/** viernes 17/04/2026 */
export function dayLong(ymd: string): string {
  const w = new Date(`${ymd}T12:00:00Z`).getUTCDay()
  return `${WEEKDAYS[w]} ${day(ymd)}`
}

/** 25/03/2026 10:05 (hora de Colombia) */
export function dateTime(iso: string): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso
  const s = new Date(t - 5 * 3_600_000).toISOString()
  return `${day(s.slice(0, 10))} ${s.slice(11, 16)}`
}

function businessDays(n: number): string {
  return n === 1 ? '1 día hábil' : `${n} días hábiles`
}

/**
 * Where the term stands, in words, never by colour alone (termStatus.ts decides; this only words it): before
 * the term starts, its length and the day it starts; on the non-business days right after the due day, «Venció»
 * with that day, not «Vence hoy».
 */
export function daysLeftText(s: { diasHabilesRestantes: number | null; vencida: boolean; correDesde?: string }, vence: string): string {
  const left = s.diasHabilesRestantes
  if (left === null) return 'Término cumplido'
  if (s.correDesde) return `${businessDays(left)}, que corren desde el ${dayLong(s.correDesde)}`
  if (s.vencida) return left < 0 ? `Vencida hace ${businessDays(-left)}` : `Venció el ${dayLong(vence)}`
  return left === 0 ? 'Vence hoy' : businessDays(left)
}

/** A stored value as staff read it: list ids by name, booleans as Sí/No, files by their name. */
export function fieldValue(form: FormDefinition, lookups: Lookups, name: string, value: unknown): string {
  const campo = form.campos.find(c => c.nombre === name)
  if (value === undefined || value === null || value === '') return ''
  if ((campo?.control === 'file' || campo?.control === 'archivos') && typeof value === 'object') return fileNames(value)
  if (campo?.tipoDato === 'booleano') return value === true ? 'Sí' : value === false ? 'No' : String(value)
  if (campo?.tipoDato === 'marcaTiempo' && typeof value === 'number') return day(new Date(value - 5 * 3_600_000).toISOString().slice(0, 10))
  if (campo?.lista && typeof value === 'number') return lookups.listas[campo.lista]?.find(o => o.id === value)?.nombre ?? String(value)
  if (campo?.opciones) return campo.opciones.find(o => String(o.valor) === String(value))?.etiqueta ?? String(value)
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The form's fields in order, then any stored by an older version of the form, with their labels. */
export function labelledFields(
  form: FormDefinition,
  lookups: Lookups,
  datos: Record<string, unknown>,
): Array<{ nombre: string; etiqueta: string; valor: string }> {
  const names = form.campos.map(c => c.nombre)
  for (const k of Object.keys(datos)) if (!names.includes(k)) names.push(k)
  return names
    .filter(n => datos[n] !== undefined)
    .map(n => ({ nombre: n, etiqueta: form.campos.find(c => c.nombre === n)?.etiqueta ?? n, valor: fieldValue(form, lookups, n, datos[n]) }))
}
