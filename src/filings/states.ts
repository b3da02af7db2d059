import { isValidDay } from './businessDays.ts'

/**
 * The life of a filing in the office: `radicada → en_tramite → respondida |
 * trasladada → cerrada`. An extension of the term (`ampliar`) does not change
 * the state: it sets the `ampliada` flag and a new due date. Pure functions:
 * the store applies the result in one transaction with the history row.
 */
export const ESTADOS = ['radicada', 'en_tramite', 'respondida', 'trasladada', 'cerrada'] as const
export type Estado = (typeof ESTADOS)[number]

export const OFFICE_ACTIONS = ['en_tramite', 'responder', 'trasladar', 'ampliar', 'cerrar'] as const
export type OfficeAction = (typeof OFFICE_ACTIONS)[number]

/** Shown to staff and, for the state, to citizens tracking their filing. */
export const ESTADO_LABEL: Record<Estado, string> = {
  radicada: 'Radicada',
  en_tramite: 'En trámite',
  respondida: 'Respondida',
  trasladada: 'Trasladada a otra entidad',
  cerrada: 'Cerrada',
}

export const ACTION_LABEL: Record<OfficeAction, string> = {
  en_tramite: 'Poner en trámite',
  responder: 'Responder',
  trasladar: 'Trasladar a otra entidad',
  ampliar: 'Ampliar el término',
  cerrar: 'Cerrar',
}

/** Which state each action leads to, and from which states it is allowed. */
const TRANSITIONS: Record<OfficeAction, { from: readonly Estado[]; to: (current: Estado) => Estado }> = {
  en_tramite: { from: ['radicada'], to: () => 'en_tramite' },
  responder: { from: ['radicada', 'en_tramite'], to: () => 'respondida' },
  trasladar: { from: ['radicada', 'en_tramite'], to: () => 'trasladada' },
  ampliar: { from: ['radicada', 'en_tramite'], to: current => current },
  cerrar: { from: ['respondida', 'trasladada'], to: () => 'cerrada' },
}

export const MAX_TEXT = 20_000
export const MAX_ENTITY = 300

/** A filing's trámite: its `estado` and the due dates and extension flag the office handles it by. */
export interface Tramite {
  estado: Estado
  /** Current due date (YYYY-MM-DD): the legal one, or the extended one. */
  vence: string
  /** Due date of the legal term, before any extension. */
  venceOriginal: string
  /** Latest date an extension may set (twice the term). */
  venceMaximo: string
  ampliada: boolean
}

export interface ActionInput {
  accion: unknown
  texto?: unknown
  entidad?: unknown
  nuevaFecha?: unknown
  /** Answer only: the answer denies what was asked (true, or a checkbox's «on»). */
  negada?: unknown
}

export interface ActionAccepted {
  ok: true
  accion: OfficeAction
  next: Tramite
  texto?: string
  entidad?: string
  /** An answer that denies what was asked. */
  negada?: boolean
}

export interface ActionRefused {
  ok: false
  error: string
  fields: Record<string, string>
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function longDay(day: string): string {
  const [y, m, d] = day.split('-')
  return `${d}/${m}/${y}`
}

function refused(error: string, fields: Record<string, string> = {}): ActionRefused {
  return { ok: false, error, fields }
}

export function isOfficeAction(value: unknown): value is OfficeAction {
  return typeof value === 'string' && (OFFICE_ACTIONS as readonly string[]).includes(value)
}

/**
 * Checks an action against the filing's state and the law, and gives the
 * next trámite. `today` is the office's calendar day (Colombia, YYYY-MM-DD).
 * Every refusal is a Spanish sentence staff can act on.
 */
export function applyAction(tramite: Tramite, input: ActionInput, today: string): ActionAccepted | ActionRefused {
  if (!isOfficeAction(input.accion)) return refused('La acción no es válida.', { accion: `Indique una acción: ${OFFICE_ACTIONS.join(', ')}.` })
  const accion = input.accion
  const rule = TRANSITIONS[accion]
  if (!rule.from.includes(tramite.estado)) {
    const reason =
      tramite.estado === 'cerrada'
        ? 'La radicación está cerrada: no admite más acciones.'
        : `No se puede «${ACTION_LABEL[accion].toLowerCase()}» una radicación en estado «${ESTADO_LABEL[tramite.estado]}».`
    const hint = accion === 'cerrar' ? ' Solo se cierra una radicación respondida o trasladada.' : ''
    return refused(reason + hint)
  }
  const next: Tramite = { ...tramite, estado: rule.to(tramite.estado) }
  const texto = text(input.texto)
  if (texto.length > MAX_TEXT) return refused('El texto es demasiado largo.', { texto: `Máximo ${MAX_TEXT} caracteres.` })

  switch (accion) {
    case 'responder':
      if (!texto) return refused('Escriba la respuesta.', { texto: 'La respuesta es obligatoria.' })
      return { ok: true, accion, next, texto, negada: input.negada === true || input.negada === 'true' || input.negada === 'on' }
    case 'trasladar': {
      const entidad = text(input.entidad)
      const fields: Record<string, string> = {}
      if (!entidad) fields.entidad = 'Indique la entidad a la que se traslada.'
      else if (entidad.length > MAX_ENTITY) fields.entidad = `Máximo ${MAX_ENTITY} caracteres.`
      if (!texto) fields.texto = 'Indique por qué se traslada.'
      if (Object.keys(fields).length) return refused('Complete los datos del traslado.', fields)
      return { ok: true, accion, next, texto, entidad }
    }
    case 'ampliar': {
      if (tramite.ampliada) return refused('El término de esta radicación ya fue ampliado: solo se amplía una vez.')
      if (today > tramite.venceOriginal) {
        return refused(
          `El término venció el ${longDay(tramite.venceOriginal)}: la ampliación debe informarse antes del vencimiento (Ley 1755 de 2015, art. 14, parágrafo).`,
        )
      }
      const fields: Record<string, string> = {}
      if (!texto) fields.texto = 'Indique el motivo de la ampliación.'
      const nueva = text(input.nuevaFecha)
      if (!nueva || !isValidDay(nueva)) fields.nuevaFecha = 'Indique la nueva fecha como AAAA-MM-DD.'
      else if (nueva <= tramite.vence) fields.nuevaFecha = `La nueva fecha debe ser posterior al vencimiento actual (${longDay(tramite.vence)}).`
      else if (nueva > tramite.venceMaximo) fields.nuevaFecha = `La nueva fecha no puede pasar del doble del término inicial (${longDay(tramite.venceMaximo)}).`
      if (Object.keys(fields).length) return refused('No se pudo ampliar el término.', fields)
      return { ok: true, accion, next: { ...next, vence: nueva, ampliada: true }, texto }
    }
    case 'en_tramite':
    case 'cerrar':
      return { ok: true, accion, next, ...(texto ? { texto } : {}) }
  }
}

/** The actions staff may take now: the state allows them and, for an extension, the law still does. */
export function allowedActions(tramite: Tramite, today: string): OfficeAction[] {
  return OFFICE_ACTIONS.filter(a => {
    if (!TRANSITIONS[a].from.includes(tramite.estado)) return false
    if (a === 'ampliar') return !tramite.ampliada && today <= tramite.venceOriginal && tramite.vence < tramite.venceMaximo
    return true
  })
}
