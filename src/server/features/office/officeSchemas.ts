/** JSON Schemas of the office's params and query strings (Fastify validates them; the handlers read typed values). */

const text = { type: 'string' } as const

export const radicadoParams = { type: 'object', properties: { radicado: text }, required: ['radicado'] } as const
export interface RadicadoParams {
  radicado: string
}

export const downloadParams = { type: 'object', properties: { radicado: text, indice: text }, required: ['radicado', 'indice'] } as const
export interface AttachmentParams {
  radicado: string
  indice: string
}

export const answerParams = { type: 'object', properties: { radicado: text, id: text }, required: ['radicado', 'id'] } as const
export interface AnswerParams {
  radicado: string
  id: string
}

/** The inbox's filters (office/inbox.ts parseFilter checks their values and answers in Spanish). */
export const inboxQuery = { type: 'object', properties: { formulario: text, tipo: text, estado: text, venceEn: text } } as const
export interface InboxQuery {
  formulario?: string
  tipo?: string
  estado?: string
  venceEn?: string
}

export const auditQuery = { type: 'object', properties: { since: text } } as const
export interface AuditQuery {
  since?: string
}

/** `?hecho=<acción>`: the notice after an action posted without script. */
export const filingPageQuery = { type: 'object', properties: { hecho: text } } as const
export interface FilingPageQuery {
  hecho?: string
}
