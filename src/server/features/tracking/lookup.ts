import type { FastifyInstance } from 'fastify'
import { initialTramite } from '../../../filings/deadlines.ts'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { escalationCase, escalationText } from '../../../filings/escalation.ts'
import type { Estado } from '../../../filings/states.ts'
import { isOverdue } from '../../../filings/termStatus.ts'
import {
  ESTADO_EXPLANATION,
  estadoTexto,
  normalizeRadicado,
  RADICADO_SHAPE,
  TRACKING_FIELDS,
  TRACKING_TEXT,
  type TrackingAnswer,
} from '../../../filings/tracking.ts'
import { colombiaIso } from '../../../forms/receipt.ts'
import { ApiError } from '../../http/errors.ts'
import { MSG } from '../../http/messages.ts'
import { plainFields } from '../../http/noScript.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { hashCode } from '../../verificationCode.ts'

/** Longest number or code worth looking up; anything longer cannot match and is answered like a wrong one. */
const MAX_INPUT = 40

/**
 * The per-address budget of everything a number and code open (the tracking lookups, the answer's PDF, the
 * receipt's PDF): one budget, so guessing codes through one route spends what the others allow
 * (docs/decisions/receipt-pdf.md). `groupId` names the budget in the shared store (rateLimitStore.ts).
 */
export const LOOKUP_BUDGET = 'consulta'

/** The `onRequest` hook of a route a number and code open: counted against LOOKUP_BUDGET. */
export function lookupLimit(app: FastifyInstance, limit: { max: number; timeWindow: number }) {
  return { onRequest: app.rateLimit({ ...limit, groupId: LOOKUP_BUDGET }) }
}

export interface Lookup {
  radicado: string
  codigo: string
}

/** A posted field as text ('' when absent or not text). */
function textField(fields: Record<string, unknown> | undefined, name: string): string {
  const value = fields?.[name]
  return typeof value === 'string' ? value : ''
}

/** The two fields, or 400 with a Spanish message per empty field. */
export function lookupOf(body: unknown): Lookup {
  const fields = plainFields(body)
  const radicado = normalizeRadicado(textField(fields, TRACKING_FIELDS.radicado))
  const codigo = textField(fields, TRACKING_FIELDS.codigo).trim()
  const missing: Record<string, string> = {}
  if (!radicado) missing[TRACKING_FIELDS.radicado] = TRACKING_TEXT.radicadoRequerido
  if (!codigo) missing[TRACKING_FIELDS.codigo] = TRACKING_TEXT.codigoRequerido
  if (Object.keys(missing).length > 0) throw new ApiError(400, MSG.invalidForm, missing)
  return { radicado, codigo }
}

/** The generic answer for a wrong number, a wrong code or both: the same status and the same bytes. */
export class NotFound extends ApiError {
  constructor() {
    super(404, TRACKING_TEXT.notFound, {})
  }
}

/**
 * What a number and code open: the filing with its answer row (find), and the citizen's answer (answerOf).
 * A wrong number and a wrong code cost the same work: one hash, one indexed read.
 */
export function createTracker(site: SiteData, store: FilingStore, now: () => Date = () => new Date()) {
  const filingFormByKind = new Map(site.filings.filter(f => f.clase === 'radicacion').map(f => [f.kind, f]))

  /** The filing a number and code open (with its filing form, its tramite and its answer row); NotFound otherwise. */
  async function find({ radicado, codigo }: Lookup) {
    const shaped = radicado.length <= MAX_INPUT && codigo.length <= MAX_INPUT && RADICADO_SHAPE.test(radicado)
    // The hash and the read happen for every lookup, so a malformed number costs what a wrong one does.
    const matches = await store.codeMatches(shaped ? radicado : '-', hashCode(codigo.slice(0, MAX_INPUT)))
    if (!shaped || !matches) throw new NotFound()
    const filing = await store.findFiling(radicado)
    const filingForm = filing ? filingFormByKind.get(filing.kind) : undefined
    if (!filing || !filingForm) throw new NotFound()
    const tramite = (await store.getTramite(radicado)) ?? {
      radicado,
      ...initialTramite(filingForm.form, filing.datos, site.lookups, new Date(filing.recibidoEn)),
    }
    const history = await store.history(radicado)
    const answer = [...history].reverse().find(h => h.accion === 'responder')
    const forward = [...history].reverse().find(h => h.accion === 'trasladar')
    return { filing, filingForm, tramite, answer, forward }
  }

  const escalationOf = (radicado: string, f: { respondida: boolean; estado: Estado; vence: string }, today: string): { escalamiento?: string } => {
    const escalation = escalationCase(f, today)
    return escalation ? { escalamiento: escalationText(escalation, radicado, site.supersaludPhone) } : {}
  }

  async function answerOf(lookup: Lookup): Promise<TrackingAnswer> {
    const { filing, tramite, answer, forward } = await find(lookup)
    const today = colombiaDay(now())
    return {
      radicado: filing.radicado,
      estado: tramite.estado,
      estadoTexto: estadoTexto(tramite.estado),
      explicacion: ESTADO_EXPLANATION[tramite.estado],
      recibido: colombiaIso(new Date(filing.recibidoEn)),
      vence: tramite.vence,
      vencida: isOverdue(tramite, today),
      ...(tramite.ampliada ? { venceOriginal: tramite.venceOriginal } : {}),
      ...(answer ? { respondido: colombiaIso(new Date(answer.en)), respuesta: answer.texto ?? '' } : {}),
      ...(answer?.archivo ? { respuestaPdf: { nombre: answer.archivoNombre ?? 'respuesta.pdf', tamano: answer.archivoTamano ?? 0 } } : {}),
      ...(tramite.estado === 'trasladada' && forward?.entidad ? { trasladadaA: forward.entidad } : {}),
      ...escalationOf(filing.radicado, { respondida: answer !== undefined, estado: tramite.estado, vence: tramite.vence }, today),
    }
  }

  return { find, answerOf }
}
