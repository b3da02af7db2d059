import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement } from 'react'
import { canalLabel } from '../../../filings/channels.ts'
import { isOfficeAction } from '../../../filings/states.ts'
import { KNOWN_TYPES } from '../../../forms/fileType.ts'
import { asDownload } from '../../http/download.ts'
import { ApiError, apiError } from '../../http/errors.ts'
import { labelledFields } from '../../office/format.ts'
import { FilingPage } from '../../office/views/FilingPage.tsx'
import { MessagePage } from '../../office/views/MessagePage.tsx'
import { uploadsDir } from '../../store/uploads.ts'
import { sendPage, type Office, type Signed } from './officeContext.ts'
import { ACTION_DONE } from './actionSteps.ts'
import { filingDetail, isAnonymous, loadFiling } from './records.ts'
import {
  answerParams,
  downloadParams,
  filingPageQuery,
  radicadoParams,
  type AnswerParams,
  type AttachmentParams,
  type FilingPageQuery,
  type RadicadoParams,
} from './officeSchemas.ts'

/** What an action posted without script sends back to the filing's page when refused. */
export interface RefusedAction {
  error: { message: string; fields: Record<string, string>; accion?: string }
  values: Record<string, unknown>
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
    const { filing, form } = { filing: d.filing, form: d.office.form }
    const values = refused?.values
    return sendPage(
      reply,
      status,
      createElement(FilingPage, {
        ctx: office.ctxOf(s),
        v: {
          radicado,
          formTitle: form.titulo,
          tipo: d.term.tipo,
          recibido: filing.recibidoEn,
          tramite: d.tramite,
          diasHabilesRestantes: d.left,
          vencida: d.left !== null && d.left < 0,
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
        },
      }),
    )
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

/** A stored file as a download (the type found in the content on receipt, never one the sender announced). */
function sendStored(reply: FastifyReply, dataDir: string, file: string, name: string, type = 'application/pdf') {
  const known: readonly string[] = KNOWN_TYPES
  return asDownload(reply, name, known.includes(type) ? type : 'application/octet-stream').send(
    fs.createReadStream(path.join(uploadsDir(dataDir), path.basename(file))),
  )
}

/** One filing: its JSON, its page, and the downloads of its attachments and answers; every view and download audited. */
export async function filingView(app: FastifyInstance, { office, dataDir }: { office: Office; dataDir: string }): Promise<void> {
  const { store, now, site } = office

  app.get<{ Params: RadicadoParams }>('/api/oficina/radicaciones/:radicado', { schema: { params: radicadoParams } }, async request => {
    const s = await office.requireApi(request)
    const { radicado } = request.params
    const d = await filingDetail(office, s, radicado, request)
    const { filing, tramite } = d
    return {
      radicado,
      formulario: d.office.form.id,
      tipo: d.term.tipo,
      estado: tramite.estado,
      recibido: filing.recibidoEn,
      vence: tramite.vence,
      venceOriginal: tramite.venceOriginal,
      venceMaximo: tramite.venceMaximo,
      venceTraslado: tramite.venceTraslado,
      diasHabiles: tramite.diasHabiles,
      diasHabilesRestantes: d.left,
      ampliada: tramite.ampliada,
      respondida: tramite.respondidaEn ?? null,
      campos: labelledFields(d.office.form, site.lookups, filing.datos),
      datos: filing.datos,
      autorizacion: filing.autorizacion ?? null,
      autorizacionSensibles: filing.autorizacionSensibles ?? null,
      canal: filing.canal ?? 'web',
      registradaPor: filing.registradaPor?.nombre ?? null,
      recibidaEl: filing.recibidaEl ?? null,
      anonima: isAnonymous(d.office.form, filing.datos),
      adjuntos: filing.adjuntos.map((a, i) => ({
        nombre: a.nombreOriginal,
        tamano: a.tamano,
        tipo: a.tipo,
        url: `/api/oficina/radicaciones/${radicado}/adjuntos/${i}`,
      })),
      historial: d.history.map(h => ({
        accion: h.accion,
        estadoAnterior: h.estadoAnterior ?? null,
        estado: h.estadoNuevo,
        en: h.en,
        por: h.cuentaNombre ?? null,
        texto: h.texto ?? null,
        entidad: h.entidad ?? null,
        nuevaFecha: h.nuevaFecha ?? null,
        tardio: h.tardio ?? false,
        negada: h.negada ?? false,
        archivo: h.archivo ? { nombre: h.archivoNombre, tamano: h.archivoTamano, url: `/api/oficina/radicaciones/${radicado}/respuestas/${h.id}` } : null,
      })),
    }
  })

  app.get<{ Params: RadicadoParams; Querystring: FilingPageQuery }>(
    '/oficina/radicaciones/:radicado',
    { schema: { params: radicadoParams, querystring: filingPageQuery } },
    async (request, reply) => {
      const s = await office.requirePage(request, reply)
      if (!s) return reply
      return renderFiling(office, request, reply, s, request.params.radicado, 200, undefined, request.query.hecho)
    },
  )

  app.get<{ Params: AttachmentParams }>(
    '/api/oficina/radicaciones/:radicado/adjuntos/:indice',
    { schema: { params: downloadParams } },
    async (request, reply) => {
      const s = await office.requireApi(request)
      const { radicado, indice } = request.params
      const { filing } = await loadFiling(office, s, radicado)
      const a = /^\d{1,3}$/.test(indice) ? filing.adjuntos[Number(indice)] : undefined
      if (!a) throw apiError('attachmentNotFound')
      await store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'adjunto', direccion: request.ip, now: now() })
      return sendStored(reply, dataDir, a.archivo, a.nombreOriginal, a.tipo)
    },
  )

  app.get<{ Params: AnswerParams }>('/api/oficina/radicaciones/:radicado/respuestas/:id', { schema: { params: answerParams } }, async (request, reply) => {
    const s = await office.requireApi(request)
    const { radicado, id } = request.params
    await loadFiling(office, s, radicado)
    const h = (await store.history(radicado)).find(x => String(x.id) === id && x.archivo)
    if (!h?.archivo) throw apiError('answerNotFound')
    await store.audit({ evento: 'descargar', cuentaId: s.account.id, radicado, detalle: 'respuesta', direccion: request.ip, now: now() })
    return sendStored(reply, dataDir, h.archivo, h.archivoNombre ?? 'respuesta.pdf')
  })
}
