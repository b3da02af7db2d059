import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { OfficeAction } from '../../../filings/states.ts'
import type { FormDefinition } from '../../../manifest/types.generated.ts'
import type { CitizenNotice, Notifier, NoticeOutcome } from '../../notify.ts'
import type { NewHistory, OfficeStore, TramiteRow } from '../../store/office.ts'
import { uploadsDir } from '../../store/uploads.ts'

/** History action of the outcome of an e-mail to the citizen (not a state change). */
export const CITIZEN_MAIL_ACTION = 'correo_ciudadano'

const STEP_OF: Partial<Record<OfficeAction, CitizenNotice['step']>> = { responder: 'respondida', trasladar: 'trasladada', ampliar: 'ampliada' }
const STEP_LABEL: Record<CitizenNotice['step'], string> = { respondida: 'respuesta', trasladada: 'traslado', ampliada: 'ampliación del término' }

/**
 * The address the office's steps are e-mailed to, when the form's `avisos`
 * allow it: the citizen gave an address and, where the form asks how to
 * receive the answer, chose one of the e-mail channels (`mediosCorreo`).
 * A citizen who chose postal mail or to collect the answer in person gets
 * the answer that way, not by e-mail.
 */
export function citizenAddress(form: FormDefinition, datos: Record<string, unknown>): string | undefined {
  const avisos = form.radicacion?.avisos
  if (!avisos) return undefined
  const correo = datos[avisos.campoCorreo]
  if (typeof correo !== 'string' || correo.trim() === '') return undefined
  if (avisos.campoMedio !== undefined) {
    const medio = datos[avisos.campoMedio]
    if (typeof medio !== 'number' || !(avisos.mediosCorreo ?? ([] as number[])).includes(medio)) return undefined
  }
  return correo.trim()
}

export interface NoticeContext {
  notifier: Notifier
  store: OfficeStore
  dataDir: string
  log: FastifyBaseLogger
  /** The Superintendencia Nacional de Salud's phone (site.yaml), named in the answer e-mail. */
  supersaludPhone?: string
}

/**
 * After an action is committed: e-mails the citizen (answer, forward,
 * extension) and records the outcome in the filing's history and the audit
 * trail, so the office sees whether the citizen was told. Never throws and
 * never touches the action itself: a failed e-mail leaves the action as it is.
 * Resolves when the outcome is recorded (undefined when nothing was due).
 */
export async function noticeAfterAction(
  ctx: NoticeContext,
  args: { form: FormDefinition; datos: Record<string, unknown>; accion: OfficeAction; history: NewHistory; tramite: TramiteRow },
): Promise<NoticeOutcome | undefined> {
  const step = STEP_OF[args.accion]
  if (!step) return undefined
  const to = citizenAddress(args.form, args.datos)
  if (!to) return undefined
  const h = args.history
  const attach = args.form.radicacion?.avisos?.adjuntarRespuesta ?? true
  const notice: CitizenNotice = {
    radicado: h.radicado,
    typeLabel: args.form.radicacion?.nombre ?? args.form.titulo,
    step,
    en: h.en,
    texto: h.texto ?? '',
    entidad: h.entidad,
    nuevaFecha: h.nuevaFecha,
    ...(h.archivo && attach
      ? { adjunto: { path: path.join(uploadsDir(ctx.dataDir), path.basename(h.archivo)), nombre: h.archivoNombre ?? 'respuesta.pdf' } }
      : {}),
    ...(h.archivo && !attach ? { pdfEnConsulta: true } : {}),
    ...(ctx.supersaludPhone ? { telefonoSupersalud: ctx.supersaludPhone } : {}),
  }
  let outcome: NoticeOutcome
  try {
    outcome = await ctx.notifier.noticeToCitizen(to, notice)
  } catch {
    outcome = { enviado: false, motivo: 'error inesperado al preparar el correo' }
  }
  const label = STEP_LABEL[step]
  const texto = outcome.enviado
    ? `Correo de ${label} enviado al ciudadano.`
    : `No se pudo enviar el correo de ${label} al ciudadano: ${outcome.motivo}. Infórmele por otro medio.`
  const at = new Date()
  try {
    await ctx.store.noteHistory(
      { radicado: h.radicado, accion: CITIZEN_MAIL_ACTION, estadoAnterior: args.tramite.estado, estadoNuevo: args.tramite.estado, en: at.toISOString(), texto },
      { evento: outcome.enviado ? 'correo_ciudadano' : 'correo_ciudadano_fallido', radicado: h.radicado, detalle: step, now: at },
    )
  } catch (error) {
    ctx.log.error(
      { radicado: h.radicado, err: error instanceof Error ? error.message : String(error) },
      'no se pudo registrar el resultado del correo al ciudadano',
    )
  }
  return outcome
}
