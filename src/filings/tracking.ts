import type { Estado } from './states.ts'
import { ESTADO_LABEL } from './states.ts'

/**
 * Citizens tracking their filing at /pqrsd/consulta (docs/decisions/tracking-and-report.md): radicado +
 * verification code → the state in plain Spanish, the dates and, once
 * answered, the answer. One module for the words and the answer's shape, so
 * the page's script, the page without script and the JSON API say the same.
 * Never any other personal data of the petitioner.
 */

/** Where the page's form posts without script (server-rendered answer), and the JSON API. */
export const TRACKING_PAGE = '/pqrsd/consulta'
export const TRACKING_API = '/api/consulta'
/** The answer PDF: a form POST with the number and the code (never in an address). */
export const TRACKING_PDF = '/api/consulta/respuesta'

/** Id of the <noscript> the tracking section leaves in the pre-rendered page; the server fills it for a lookup without script. */
export const NO_JS_TRACKING_ID = 'consulta-sin-js'

/** Field names of the lookup, as posted. */
export const TRACKING_FIELDS = { radicado: 'radicado', codigo: 'codigo' } as const

export const TRACKING_TEXT = {
  radicadoEtiqueta: 'Número de radicado',
  radicadoAyuda: 'Como aparece en su recibo, por ejemplo PQRS-2026-000123 (también CITA-… o HC-…).',
  codigoEtiqueta: 'Código de verificación',
  codigoAyuda: 'Los 10 caracteres de su recibo, por ejemplo K7MCP-Q9RT2. No importan las mayúsculas ni el guion.',
  button: 'Consultar',
  searching: 'Consultando…',
  radicadoRequerido: 'Escriba el número de radicado.',
  codigoRequerido: 'Escriba el código de verificación.',
  /** The one answer for a wrong number, a wrong code, or both: it never says which. */
  notFound:
    'No encontramos una solicitud con ese número de radicado y ese código de verificación. Revise los dos datos tal como aparecen en su recibo e intente de nuevo. Si perdió el código, comuníquese con la oficina SIAU por los canales de esta página.',
  titulo: (radicado: string) => `Solicitud ${radicado}`,
  estado: 'Estado',
  recibido: 'Fecha y hora de recibo',
  vence: 'Fecha límite de respuesta',
  ampliada: (original: string) => `El término se amplió; la fecha inicial era el ${original}.`,
  respondido: 'Fecha de respuesta',
  trasladadaA: 'Trasladada a',
  respuesta: 'Respuesta',
  descargarPdf: 'Descargar la respuesta en PDF',
} as const

/** What each state means to the citizen, after its name. */
export const ESTADO_EXPLANATION: Record<Estado, string> = {
  radicada: 'Recibimos su solicitud; está en turno para ser atendida.',
  en_tramite: 'La oficina está trabajando en su solicitud.',
  respondida: 'Su solicitud fue respondida. La respuesta está a continuación.',
  trasladada: 'Su solicitud no es de competencia de la E.S.E. y se trasladó a la entidad competente, que le responderá.',
  cerrada: 'El trámite de su solicitud terminó.',
}

/** The answer of a lookup (`POST /api/consulta`). Dates: instants ISO 8601 with Colombia's offset, days YYYY-MM-DD. */
export interface TrackingAnswer {
  radicado: string
  /** Office state key, e.g. `respondida`. */
  estado: Estado
  /** The state in plain Spanish, e.g. «Respondida». */
  estadoTexto: string
  /** What the state means for the citizen. */
  explicacion: string
  recibido: string
  /** Due date in force (the extended one when extended). */
  vence: string
  /** Still unanswered after its due day (termStatus.ts: the same rule the office reads). */
  vencida: boolean
  /** The legal due date before the extension; present only when the term was extended. */
  venceOriginal?: string
  /** When the office answered; present once answered. */
  respondido?: string
  /** The answer's text; present once answered. */
  respuesta?: string
  /** The answer's PDF, downloadable with the same number and code at TRACKING_PDF. */
  respuestaPdf?: { nombre: string; tamano: number }
  /** The entity the filing was forwarded to (Ley 1755 de 2015, art. 21). */
  trasladadaA?: string
  /** When and how to go to the Superintendencia Nacional de Salud: once answered, or once the term passed unanswered (escalation.ts). */
  escalamiento?: string
}

export function estadoTexto(estado: Estado): string {
  return ESTADO_LABEL[estado]
}

/** Normalizes a typed filing number: trimmed, upper case, no inner spaces. */
export function normalizeRadicado(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

/** Shape of a filing number (SERIE-AAAA-NNNNNN). */
export const RADICADO_SHAPE = /^[A-Z]{2,10}-\d{4}-\d{6,}$/
