/**
 * The staff exports from the office (docs/decisions/export.md): the same CSV files as
 * `npm run export`, downloaded by admin accounts only, each download written to the audit
 * trail before any data leaves (Ley 1581 de 2012, art. 17 lit. d).
 */
import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { parsePeriod, quarterOf } from '../../../filings/requestReport.ts'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { AUDIT_EXPORT, auditCsv, exportCsv, REPORT_EXPORT } from '../../exportFiles.ts'
import { reportCsv, reportOf } from '../report/index.ts'
import { MSG } from '../../http/messages.ts'
import type { FilingStore } from '../../store/store.ts'
import { sendPage, type Office } from './officeContext.ts'
import { ExportsPage } from './views/ExportsPage.tsx'
import { MessagePage } from './views/MessagePage.tsx'

export const EXPORTS_PAGE = '/oficina/exportaciones'

/** The audit event of a download, the same as the command's (src/server/export.ts). */
const EXPORT_EVENT = 'exportar'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export async function exportsRoutes(app: FastifyInstance, { office, filingStore }: { office: Office; filingStore: FilingStore }): Promise<void> {
  const { site, now } = office
  const names = [...site.filings.map(f => f.exportacion), AUDIT_EXPORT, REPORT_EXPORT]

  app.get(EXPORTS_PAGE, async (request, reply) => {
    const s = await office.requirePage(request, reply)
    if (!s) return reply
    if (s.account.rol !== 'admin')
      return sendPage(reply, 403, createElement(MessagePage, { ctx: office.ctxOf(s), title: 'Sin acceso', message: MSG.adminExportOnly }))
    const exports = site.filings.map(f => ({ nombre: f.exportacion, titulo: f.nombre }))
    return sendPage(reply, 200, createElement(ExportsPage, { ctx: office.ctxOf(s), exports, periodo: quarterOf(colombiaDay(now())).clave }))
  })

  app.get<{ Params: { nombre: string }; Querystring: { desde?: string; periodo?: string } }>(
    `${EXPORTS_PAGE}/:nombre`,
    {
      schema: {
        params: { type: 'object', properties: { nombre: { type: 'string' } }, required: ['nombre'] },
        querystring: { type: 'object', properties: { desde: { type: 'string' }, periodo: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const s = await office.requirePage(request, reply)
      if (!s) return reply
      const message = (status: number, title: string, text: string) =>
        sendPage(reply, status, createElement(MessagePage, { ctx: office.ctxOf(s), title, message: text }))
      if (s.account.rol !== 'admin') return message(403, 'Sin acceso', MSG.adminExportOnly)
      const name = request.params.nombre.replace(/\.csv$/, '')
      if (!names.includes(name)) return message(404, 'No encontrada', MSG.exportNotFound)
      const { desde, periodo } = request.query
      if (desde && !DAY.test(desde)) return message(400, 'Revise la fecha', 'La fecha «desde» debe tener la forma AAAA-MM-DD.')
      const period = name === REPORT_EXPORT ? parsePeriod(periodo ?? quarterOf(colombiaDay(now())).clave) : undefined
      if (name === REPORT_EXPORT && !period) return message(400, 'Revise el periodo', 'El periodo se escribe AAAA-TN (por ejemplo 2026-T3) o AAAA.')
      const filing = site.filings.find(f => f.exportacion === name)
      const options = { since: desde || undefined }
      // Written to the trail first: without that record nothing leaves (docs/decisions/export.md).
      const detail = `${name}${period ? ` ${period.clave}` : ''}${options.since ? ` desde ${options.since}` : ''}; descarga desde la oficina`
      await office.store.audit({ evento: EXPORT_EVENT, cuentaId: s.account.id, detalle: detail, direccion: request.ip, now: now() })
      const csv = period
        ? reportCsv(await reportOf(filingStore, site.filings, site.lookups, period, { now: now(), mode: 'leer' }))
        : filing
          ? await exportCsv(filingStore, filing, site.lookups, options)
          : await auditCsv(filingStore, options)
      const file = `${name}${period ? `-${period.clave}` : ''}-${colombiaDay(now())}.csv`
      return reply.header('content-disposition', `attachment; filename="${file}"`).type('text/csv; charset=utf-8').send(csv)
    },
  )
}
