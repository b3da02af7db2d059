import type { FastifyReply, FastifyRequest } from 'fastify'
import { createElement } from 'react'
import { canalLabel } from '../../../filings/channels.ts'
import { isOfficeAction } from '../../../filings/states.ts'
import { ApiError } from '../../http/errors.ts'
import { labelledFields } from './format.ts'
import { FilingPage } from './views/FilingPage.tsx'
import type { FilingView } from './views/filingViewTypes.ts'
import { MessagePage } from './views/MessagePage.tsx'
import { sendPage, type Office, type Signed } from './officeContext.ts'
import { ACTION_DONE } from './actionSteps.ts'
import { filingDetail, isAnonymous, type FilingDetail } from './records.ts'

/** What an action posted without script sends back to the filing's page when refused. */
export interface RefusedAction {
  error: { message: string; fields: Record<string, string>; accion?: string }
  values: Record<string, unknown>
}

/** What the filing's page shows of one filing, with a refused action's error and values or the notice of a done one. */
function filingPageView(office: Office, d: FilingDetail, radicado: string, refused?: RefusedAction, done?: string): FilingView {
  const { filing, form } = { filing: d.filing, form: d.office.form }
  const values = refused?.values
  return {
    radicado,
    formTitle: form.titulo,
    tipo: d.term.tipo,
    recibido: filing.recibidoEn,
    tramite: d.tramite,
    diasHabilesRestantes: d.status.diasHabilesRestantes,
    vencida: d.status.vencida,
    correDesde: d.status.correDesde,
    fundamento: d.term.fundamento,
    fields: labelledFields(form, office.site.lookups, filing.datos),
    autorizacion: filing.autorizacion,
    autorizacionSensibles: filing.autorizacionSensibles,
    canal: { etiqueta: canalLabel(filing.canal ?? 'web'), registradaPor: filing.registradaPor?.nombre, recibidaEl: filing.recibidaEl },
    anonima: isAnonymous(form, filing.datos),
    attachments: filing.adjuntos.map((a, i) => ({ indice: i, nombre: a.nombreOriginal, tamano: a.tamano })),
    history: d.history,
    today: d.today,
    error: refused?.error,
    notice: !refused && done !== undefined && isOfficeAction(done) ? ACTION_DONE[done] : undefined,
    values: values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) : undefined,
  }
}

/** The filing's page: its data, terms, history and the actions' forms (with a refused action's error and values). */
export async function renderFiling(
  office: Office,
  request: FastifyRequest,
  reply: FastifyReply,
  s: Signed,
  radicado: string,
  status: number,
  refused?: RefusedAction,
  done?: string,
) {
  try {
    const d = await filingDetail(office, s, radicado, request)
    return sendPage(reply, status, createElement(FilingPage, { ctx: office.ctxOf(s), v: filingPageView(office, d, radicado, refused, done) }))
  } catch (e) {
    if (e instanceof ApiError)
      return sendPage(
        reply,
        e.statusCode,
        createElement(MessagePage, { ctx: office.ctxOf(s), title: e.statusCode === 403 ? 'Sin acceso' : 'No encontrada', message: e.message }),
      )
    throw e
  }
}
