import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { applyAction } from '../../../filings/states.ts'
import { ApiError } from '../../http/errors.ts'
import { discardParts } from '../../http/multipart.ts'
import { isNoScriptPost, NO_SCRIPT_FORM } from '../../http/noScript.ts'
import { noticeAfterAction } from './citizenNotices.ts'
import { NO_NOTIFIER, type Notifier } from '../../notify.ts'
import { keepUpload, removeKeptAll, saveKeptContents } from '../../store/uploads.ts'
import { StaleActionError } from '../../store/office.ts'
import type { Office, Signed } from './officeContext.ts'
import { actionRecord, checkAnswerFile, readActionBody, refusal, type ActionBody } from './actionSteps.ts'
import { renderFiling } from './renderFiling.ts'
import { loadFiling } from './records.ts'
import { radicadoParams, type RadicadoParams } from './officeSchemas.ts'

export interface ActionsOptions {
  office: Office
  dataDir: string
  /** E-mails to citizens on the answer, a forward and an extension (docs/decisions/office.md). */
  notifier?: Notifier
  /** Longest wait at shutdown for citizens' e-mails still being sent and recorded (default 5 s). */
  shutdownMailWaitMs?: number
}

/** What recording an action needs: the office, where the answers' files go, and the citizens' e-mails still being sent. */
interface ActionContext {
  office: Office
  dataDir: string
  notifier: Notifier
  notices: Set<Promise<unknown>>
}

/** Checks and stores the action; the answer's PDF is kept under its final name only for the commit. */
async function recordAction(ctx: ActionContext, request: FastifyRequest, s: Signed, radicado: string, body: ActionBody) {
  const { office, dataDir } = ctx
  const loaded = await loadFiling(office, s, radicado)
  const at = office.now()
  const today = colombiaDay(at)
  const { estado, vence, venceOriginal, venceMaximo, ampliada } = loaded.tramite
  const v = body.values
  const result = applyAction(
    { estado, vence, venceOriginal, venceMaximo, ampliada },
    { accion: v.accion, texto: v.texto, entidad: v.entidad, nuevaFecha: v.nuevaFecha, negada: v.negada },
    today,
  )
  if (!result.ok) throw refusal(result.error, result.fields)
  checkAnswerFile(body, result.accion)
  const kept = body.file ? { archivo: keepUpload(dataDir, body.file.file), file: body.file } : undefined
  const record = actionRecord(s, loaded, result, at, today, request.ip, kept)
  try {
    if (kept) await saveKeptContents(office.store, dataDir, [kept.archivo])
    await office.store.recordAction(record)
  } catch (error) {
    if (kept) await removeKeptAll(office.store, dataDir, [kept.archivo])
    throw error instanceof StaleActionError ? new ApiError(409, error.message) : error
  }
  request.log.info({ radicado, accion: result.accion }, 'acción de la oficina')
  // The action is committed: the citizen's e-mail cannot fail or undo it (its outcome goes to the history).
  const notice = noticeAfterAction(
    { notifier: ctx.notifier, store: office.store, dataDir, log: request.log, supersaludPhone: office.site.supersaludPhone },
    { form: loaded.office.form, datos: loaded.filing.datos, accion: result.accion, history: record.history, tramite: record.tramite },
  )
  ctx.notices.add(notice)
  void notice.finally(() => ctx.notices.delete(notice))
  return { accion: result.accion, tramite: record.tramite }
}

/** POST …/acciones: JSON for the page's script; without script, a 303 to the filing's page, or the page again with the refusal. */
async function postAction(ctx: ActionContext, request: FastifyRequest<{ Params: RadicadoParams }>, reply: FastifyReply): Promise<FastifyReply | object> {
  const { office, dataDir } = ctx
  const noScript = isNoScriptPost(request)
  const { radicado } = request.params
  const s = noScript ? await office.sessionOf(request) : await office.requireApi(request)
  if (!s) return reply.code(303).redirect('/acceder', 303)
  let body: ActionBody = { values: {}, extraFile: false }
  try {
    body = await readActionBody(request, dataDir, noScript)
    if (noScript) office.checkFormToken(request, s, body.values._xsrf)
    const { accion, tramite } = await recordAction(ctx, request, s, radicado, body)
    if (noScript) return reply.code(303).redirect(`/oficina/radicaciones/${radicado}?hecho=${accion}`, 303)
    return reply.send({ radicado, estado: tramite.estado, vence: tramite.vence, ampliada: tramite.ampliada })
  } catch (error) {
    if (noScript && error instanceof ApiError && error.statusCode !== 403 && error.statusCode !== 404) {
      const refused = { error: { message: error.message, fields: error.fields, accion: String(body.values.accion ?? '') }, values: body.values }
      return renderFiling(office, request, reply, s, radicado, error.statusCode, refused)
    }
    throw error
  } finally {
    if (body.file) discardParts(new Map([['archivo', [body.file]]]))
  }
}

/**
 * The office's actions on a filing (Ley 1755 de 2015: in process, answer,
 * forward, extend, close): checked against the filing's state, stored with
 * its history and audit in one commit, then the citizen's e-mail. Posted
 * without script, a refusal shows the filing's page again with the error.
 */
export async function actions(app: FastifyInstance, opts: ActionsOptions): Promise<void> {
  const { office } = opts
  const ctx: ActionContext = { office, dataDir: opts.dataDir, notifier: opts.notifier ?? NO_NOTIFIER, notices: new Set() }
  // Citizens' e-mails go out after the action's answer; their outcome is written to the history before the store closes.
  app.addHook('preClose', async () => {
    await Promise.race([Promise.allSettled([...ctx.notices]), new Promise(resolve => setTimeout(resolve, opts.shutdownMailWaitMs ?? 5_000).unref())])
  })
  const post = { ...office.postLimit, config: NO_SCRIPT_FORM, schema: { params: radicadoParams } }
  app.post<{ Params: RadicadoParams }>('/api/oficina/radicaciones/:radicado/acciones', post, (request, reply) => postAction(ctx, request, reply))
}
