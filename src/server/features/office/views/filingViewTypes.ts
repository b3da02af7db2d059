import type { HistoryRow, TramiteRow } from '../../../store/office.ts'

/** One filing as staff see it: its term, its data, the actions it allows now and its history. */
export interface FilingView {
  radicado: string
  formTitle: string
  tipo: string
  recibido: string
  tramite: TramiteRow
  diasHabilesRestantes: number | null
  vencida: boolean
  /** While the term has not started: the first business day it counts (termStatus.ts). */
  correDesde?: string
  fundamento?: string
  fields: Array<{ nombre: string; etiqueta: string; valor: string }>
  /** The data-treatment authorization stored with the filing (docs/decisions/office.md), if any. */
  autorizacion?: { version: string; en: string }
  /** The explicit sensitive-data authorization (docs/decisions/office.md), if the form asked it. */
  autorizacionSensibles?: { version: string; en: string }
  /** How it arrived (docs/decisions/office.md): the channel's label, who registered it and the day of receipt when earlier. */
  canal?: { etiqueta: string; registradaPor?: string; recibidaEl?: string }
  /** An anonymous petition: no personal data, no e-mail; the answer is read on the tracking page. */
  anonima?: boolean
  attachments: Array<{ indice: number; nombre: string; tamano: number }>
  history: HistoryRow[]
  today: string
  error?: { message: string; fields: Record<string, string>; accion?: string }
  notice?: string
  values?: Record<string, string>
}
