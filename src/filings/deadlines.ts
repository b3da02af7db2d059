import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { addBusinessDays, colombiaDay, sameOrNextBusinessDay } from './businessDays.ts'

/** Ley 1755 de 2015, art. 14: the general term when a form's manifest gives none. */
export const DEFAULT_TERM_DAYS = 15
/** Ley 1755 de 2015, art. 21: forwarding to the competent entity. */
export const DEFAULT_FORWARD_DAYS = 5

export interface FilingTerm {
  /** Name of the request type shown to staff (e.g. «Petición»), or the form's title when it has no type field. */
  tipo: string
  /** Id of the request type in its list, when the form has one. */
  tipoId?: number
  diasHabiles: number
  fundamento?: string
  diasTraslado: number
}

export interface Deadlines {
  /** The day the term counts from: the day of receipt, or the next business day when received on a non-business day. */
  termStart: string
  /** Last day to answer (YYYY-MM-DD, Colombia). */
  vence: string
  /** Latest date an extension may set: twice the term (Ley 1755, art. 14, parágrafo). */
  venceMaximo: string
  /** Last day to forward to another entity (art. 21). */
  venceTraslado: string
}

/** The term that applies to a filing: the form's `terminos`, by request type when the form says so. */
export function termOf(form: FormDefinition, datos: Record<string, unknown>, lookups?: Lookups): FilingTerm {
  const t = form.terminos
  const base: FilingTerm = {
    tipo: form.titulo,
    diasHabiles: t?.diasHabiles ?? DEFAULT_TERM_DAYS,
    fundamento: t?.fundamento,
    diasTraslado: t?.diasTraslado ?? DEFAULT_FORWARD_DAYS,
  }
  if (!t?.campoTipo) return base
  const value = datos[t.campoTipo]
  if (typeof value !== 'number') return base
  const field = form.campos.find(c => c.nombre === t.campoTipo)
  const name = field?.lista ? lookups?.listas[field.lista]?.find(o => o.id === value)?.nombre : undefined
  const own = t.porTipo?.find(p => p.tipo === value)
  return {
    ...base,
    tipo: name ?? base.tipo,
    tipoId: value,
    ...(own ? { diasHabiles: own.diasHabiles, fundamento: own.fundamento ?? base.fundamento } : {}),
  }
}

/** Deadlines by receipt day and term (a pure function of both: the holidays come from a fixed package). */
const dueDatesOfDay = new Map<string, Readonly<Deadlines>>()

/**
 * The one due-date function. The term counts from the business day after
 * receipt (Ley 1755 de 2015, art. 14: «dentro de los quince días siguientes a
 * su recepción»; Ley 4 de 1913, art. 62: days of a legal term are business
 * days). A filing received on a Saturday, Sunday or holiday counts as received
 * on the next business day, so the first counted day is the one after that.
 */
export function dueDates(recibido: Date, term: Pick<FilingTerm, 'diasHabiles' | 'diasTraslado'>): Deadlines {
  const day = colombiaDay(recibido)
  // Every filing of a day with the same term has the same dates: worked out once, not for each filing (API throughput).
  const key = `${day}|${term.diasHabiles}|${term.diasTraslado}`
  const known = dueDatesOfDay.get(key)
  if (known) return { ...known }
  const start = sameOrNextBusinessDay(day)
  const d: Deadlines = {
    termStart: start,
    vence: addBusinessDays(start, term.diasHabiles),
    venceMaximo: addBusinessDays(start, 2 * term.diasHabiles),
    venceTraslado: addBusinessDays(start, term.diasTraslado),
  }
  // A handful of terms per day: the few entries of the last days are kept, older days are dropped.
  if (dueDatesOfDay.size >= 256) dueDatesOfDay.clear()
  dueDatesOfDay.set(key, d)
  return { ...d }
}

/** A filing's trámite at receipt: `radicada`, with the deadlines of the term in force that day. */
export function initialTramite(form: FormDefinition, datos: Record<string, unknown>, lookups: Lookups | undefined, recibido: Date) {
  const term = termOf(form, datos, lookups)
  const d = dueDates(recibido, term)
  return {
    estado: 'radicada' as const,
    diasHabiles: term.diasHabiles,
    vence: d.vence,
    venceOriginal: d.vence,
    venceMaximo: d.venceMaximo,
    venceTraslado: d.venceTraslado,
    ampliada: false,
  }
}
