import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { apiError } from '../../http/errors.ts'
import { FIELD_MSG, MSG } from '../../http/messages.ts'
import { AuditPage } from './views/AuditPage.tsx'
import { MessagePage } from './views/MessagePage.tsx'
import { sendPage, type Office } from './officeContext.ts'
import { auditQuery, type AuditQuery } from './officeSchemas.ts'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The start of a Colombian day (AAAA-MM-DD) as an instant; undefined for anything else. */
function sinceOf(since: string | undefined): string | undefined {
  return since !== undefined && DAY.test(since) ? new Date(`${since}T00:00:00-05:00`).toISOString() : undefined
}

/** The audit trail, for admin accounts only: JSON and page. Reading it is audited too (docs/decisions/office.md): it names staff and filings. */
export async function audit(app: FastifyInstance, { office }: { office: Office }): Promise<void> {
  const { store, now } = office

  app.get<{ Querystring: AuditQuery }>('/api/oficina/auditoria', { schema: { querystring: auditQuery } }, async request => {
    const s = await office.requireApi(request)
    if (s.account.rol !== 'admin') throw apiError('adminOnly')
    const registros = await store.listAudit({ since: sinceOf(request.query.since), limit: 1000 })
    await store.audit({ evento: 'ver_auditoria', cuentaId: s.account.id, detalle: 'API', direccion: request.ip, now: now() })
    return { registros }
  })

  app.get<{ Querystring: AuditQuery }>('/oficina/auditoria', { schema: { querystring: auditQuery } }, async (request, reply) => {
    const s = await office.requirePage(request, reply)
    if (!s) return reply
    if (s.account.rol !== 'admin')
      return sendPage(reply, 403, createElement(MessagePage, { ctx: office.ctxOf(s), title: 'Sin acceso', message: MSG.adminOnly }))
    const { since } = request.query
    const from = sinceOf(since)
    const bad = !!since && !from
    const rows = await store.listAudit({ since: from, limit: 500 })
    await store.audit({ evento: 'ver_auditoria', cuentaId: s.account.id, direccion: request.ip, now: now() })
    return sendPage(
      reply,
      bad ? 400 : 200,
      createElement(AuditPage, { ctx: office.ctxOf(s), rows, since: from ? since : undefined, error: bad ? FIELD_MSG.auditDay : undefined }),
    )
  })
}
