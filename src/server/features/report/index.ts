import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { colombiaDay } from '../../../filings/businessDays.ts'
import {
  parsePeriod,
  periodChoices,
  quarterOf,
  REPORT_CSV_PATH,
  REPORT_JSON_PATH,
  REPORT_ROWS_CSV_PATH,
  type ReportPeriod,
} from '../../../filings/requestReport.ts'
import { REPORT_MARKER } from '../../../manifest/requestReportSection.ts'
import { RequestReportTables } from '../../../views/RequestReportTables.tsx'
import type { SiteRoot } from '../../releases.ts'
import type { SiteData } from '../../siteData.ts'
import type { FilingStore } from '../../store/store.ts'
import { reportCsv, reportJson, reportOf, requestRowsCsv } from './figures.ts'

/** The report's figures, for `npm run export -- informe` (src/server/export.ts): the same as the page's. */
export { reportCsv, reportOf, requestRowsCsv } from './figures.ts'

export interface ReportOptions {
  site: SiteData
  root: SiteRoot
  store: FilingStore
  now?: () => Date
}

const BAD_PERIOD = 'El periodo no es válido. Elija un trimestre (por ejemplo 2026-T3) o un año (por ejemplo 2026).'

const periodQuery = { type: 'object', properties: { periodo: { type: 'string' } } } as const
const csvQuery = { type: 'object', properties: { periodo: { type: 'string' }, sep: { type: 'string' } } } as const

/**
 * The published report of requests (docs/decisions/tracking-and-report.md), a feature plugin registered without a prefix
 * (its pages are the manifest's routes, its copies under /api): the pre-rendered page (site layout,
 * the manifest's text) with the period selector and the tables filled in on the server, so it works
 * without JavaScript; plus its CSV and JSON copies and the per-request CSV. An open period is computed live from
 * the store on every request; a closed one is served frozen (figures.ts).
 */
export async function reportPlugin(app: FastifyInstance, opts: ReportOptions): Promise<void> {
  const { site, root, store } = opts
  const now = opts.now ?? (() => new Date())
  const period = (raw: string | undefined): { periodo: ReportPeriod; error?: string } => {
    if (raw === undefined || raw === '') return { periodo: quarterOf(colombiaDay(now())) }
    const p = parsePeriod(raw)
    return p ? { periodo: p } : { periodo: quarterOf(colombiaDay(now())), error: BAD_PERIOD }
  }
  // A closed period is served as it was first published (figures.ts).
  const report = (p: ReportPeriod) => reportOf(store, site.filings, site.lookups, p, { now: now(), mode: 'publicar' })

  for (const route of site.reportPages) {
    app.get<{ Querystring: { periodo?: string } }>(route, { schema: { querystring: periodQuery } }, async (request, reply) => {
      const file = path.join(root.current(), ...route.split('/').filter(Boolean), 'index.html')
      if (!fs.existsSync(file)) return reply.callNotFound()
      const page = fs.readFileSync(file, 'utf8')
      if (!page.includes(REPORT_MARKER)) return reply.callNotFound()
      const { periodo, error } = period(request.query.periodo)
      const today = colombiaDay(now())
      const choices = periodChoices(today, Number(today.slice(0, 4)) - 2)
      const html = renderToStaticMarkup(createElement(RequestReportTables, { path: route, report: await report(periodo), choices, error }))
      return reply
        .code(error ? 400 : 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.replace(REPORT_MARKER, () => html))
    })
  }

  app.get<{ Querystring: { periodo?: string; sep?: string } }>(REPORT_CSV_PATH, { schema: { querystring: csvQuery } }, async (request, reply) => {
    const { periodo, error } = period(request.query.periodo)
    if (error) return reply.code(400).send({ error, fields: { periodo: error } })
    const sep = request.query.sep === ',' ? ',' : ';'
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="informe-solicitudes-${periodo.clave}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(reportCsv(await report(periodo), sep))
  })

  app.get<{ Querystring: { periodo?: string; sep?: string } }>(REPORT_ROWS_CSV_PATH, { schema: { querystring: csvQuery } }, async (request, reply) => {
    const { periodo, error } = period(request.query.periodo)
    if (error) return reply.code(400).send({ error, fields: { periodo: error } })
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="informe-solicitudes-${periodo.clave}-por-solicitud.csv"`)
      .type('text/csv; charset=utf-8')
      .send(requestRowsCsv(await report(periodo), request.query.sep === ',' ? ',' : ';'))
  })

  app.get<{ Querystring: { periodo?: string } }>(REPORT_JSON_PATH, { schema: { querystring: periodQuery } }, async (request, reply) => {
    const { periodo, error } = period(request.query.periodo)
    if (error) return reply.code(400).send({ error, fields: { periodo: error } })
    return reply.header('cache-control', 'no-cache').send(reportJson(await report(periodo)))
  })
}
