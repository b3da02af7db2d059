import type { FastifyInstance } from 'fastify'
import { createElement } from 'react'
import { apiError } from '../../http/errors.ts'
import { applyFilter, countsByState, parseFilter } from './inbox.ts'
import { InboxPage } from './views/InboxPage.tsx'
import { sendPage, type Office } from './officeContext.ts'
import { inboxItems, typesOf, visibleForms } from './records.ts'
import { inboxQuery, type InboxQuery } from './officeSchemas.ts'

/** The inbox: the JSON list (with filters) and the page (open filings unless asked otherwise); every read audited (docs/decisions/office.md). */
export async function inboxRoutes(app: FastifyInstance, { office }: { office: Office }): Promise<void> {
  const { store, now } = office

  app.get<{ Querystring: InboxQuery }>('/api/oficina/radicaciones', { schema: { querystring: inboxQuery } }, async request => {
    const s = await office.requireApi(request)
    const parsed = parseFilter({ ...request.query })
    if ('errors' in parsed) throw apiError('invalidFilters', parsed.errors)
    const formulario = parsed.filter.formulario
    if (formulario && office.forms.some(f => f.form.id === formulario) && !office.maySee(s.account, formulario)) throw apiError('forbiddenForm')
    const items = await inboxItems(office, s.account)
    const filtered = applyFilter(items, parsed.filter)
    await store.audit({ evento: 'ver_bandeja', cuentaId: s.account.id, detalle: 'API', direccion: request.ip, now: now() })
    return {
      total: filtered.length,
      porEstado: countsByState(items),
      radicaciones: filtered.map(i => ({
        radicado: i.radicado,
        formulario: i.formulario,
        tipo: i.tipo,
        estado: i.estado,
        recibido: i.recibido,
        vence: i.vence,
        diasHabilesRestantes: i.diasHabilesRestantes,
        ampliada: i.ampliada,
        vencida: i.vencida,
        correDesde: i.correDesde ?? null,
      })),
    }
  })

  app.get<{ Querystring: InboxQuery }>('/oficina', { schema: { querystring: inboxQuery } }, async (request, reply) => {
    const s = await office.requirePage(request, reply)
    if (!s) return reply
    const q = request.query
    const parsed = parseFilter({ estado: 'abiertas', ...q })
    const items = await inboxItems(office, s.account)
    await store.audit({ evento: 'ver_bandeja', cuentaId: s.account.id, direccion: request.ip, now: now() })
    const forms = visibleForms(office, s.account)
    const view = {
      counts: countsByState(items),
      forms: forms.map(f => ({ id: f.form.id, titulo: f.form.titulo })),
      tipos: typesOf(office, forms),
    }
    const ctx = office.ctxOf(s)
    if ('errors' in parsed) return sendPage(reply, 400, createElement(InboxPage, { ctx, v: { ...view, items: [], filter: {}, errors: parsed.errors } }))
    const filter = { ...parsed.filter, estado: parsed.filter.estado ?? (q.estado === 'todas' ? undefined : 'abiertas') }
    return sendPage(
      reply,
      200,
      createElement(InboxPage, { ctx, v: { ...view, items: applyFilter(items, filter), filter: { ...filter, estado: filter.estado ?? 'todas' } } }),
    )
  })
}
