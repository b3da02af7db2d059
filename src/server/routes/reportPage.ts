import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { colombiaDay } from '../../filings/businessDays.ts'
import { REPORT_MARKER } from '../../manifest/requestReportSection.ts'
import { parsePeriod, periodChoices, quarterOf, type ReportPeriod } from '../../filings/requestReport.ts'
import type { SiteRoot } from '../releases.ts'
import { REPORT_CSV_PATH, REPORT_JSON_PATH, reportCsv, reportHtml, reportJson, reportOf } from '../requestReport.ts'
import type { SiteData } from '../siteData.ts'
import type { FilingStore } from '../store/store.ts'


const BAD_PERIOD = 'El periodo no es válido. Elija un trimestre (por ejemplo 2026-T3) o un año (por ejemplo 2026).'

/**
 * The published report of requests (issue 12 item 5): the pre-rendered page
 * (site layout, header, footer, the manifest's text) with the period
 * selector and the table filled in on the server, so it works without
 * JavaScript; plus its CSV and JSON copies. Figures are computed live from
 * the store on every request (counts only).
 */
export async function reportRoutes(app: FastifyInstance, site: SiteData, root: SiteRoot, store: FilingStore, now: () => Date = () => new Date()): Promise<void> {
  const period = (raw: unknown): { periodo: ReportPeriod; error?: string } => {
    if (raw === undefined || raw === '') return { periodo: quarterOf(colombiaDay(now())) }
    const p = parsePeriod(raw)
    return p ? { periodo: p } : { periodo: quarterOf(colombiaDay(now())), error: BAD_PERIOD }
  }
  const report = (p: ReportPeriod) => reportOf(store, site.filings, site.lookups, p)

  for (const route of site.reportPages) {
    app.get<{ Querystring: { periodo?: unknown } }>(route, async (request, reply: FastifyReply) => {
      const file = path.join(root.current(), ...route.split('/').filter(Boolean), 'index.html')
      if (!fs.existsSync(file)) return reply.callNotFound()
      const page = fs.readFileSync(file, 'utf8')
      if (!page.includes(REPORT_MARKER)) return reply.callNotFound()
      const { periodo, error } = period(request.query.periodo)
      const today = colombiaDay(now())
      const html = reportHtml(route, await report(periodo), periodChoices(today, Number(today.slice(0, 4)) - 2), error)
      return reply
        .code(error ? 400 : 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.replace(REPORT_MARKER, () => html))
    })
  }

  app.get<{ Querystring: { periodo?: unknown; sep?: unknown } }>(REPORT_CSV_PATH, async (request, reply) => {
    const { periodo, error } = period(request.query.periodo)
    if (error) return reply.code(400).send({ error, fields: { periodo: error } })
    const sep = request.query.sep === ',' ? ',' : ';'
    return reply
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="informe-solicitudes-${periodo.clave}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(reportCsv(await report(periodo), sep))
  })

  app.get<{ Querystring: { periodo?: unknown } }>(REPORT_JSON_PATH, async (request, reply) => {
    const { periodo, error } = period(request.query.periodo)
    if (error) return reply.code(400).send({ error, fields: { periodo: error } })
    return reply.header('cache-control', 'no-cache').send(reportJson(await report(periodo)))
  })
}
