/**
 * The office (/oficina, /api/oficina): staff sign in, read the inbox, answer
 * filings and register those received by other channels. One encapsulated
 * plugin: its hooks (never cached, never indexed) apply to its routes only,
 * and each part is a plugin of its own file. Adding an action touches this
 * folder only.
 */
import type { FastifyInstance } from 'fastify'
import { OFFICE_CSS } from './views/OfficeShell.tsx'
import { registrationRoutes } from './radicacion/index.ts'
import { actions } from './actions.ts'
import { audit } from './audit.ts'
import { createOffice, type OfficeOptions } from './officeContext.ts'
import { filingView } from './filingView.ts'
import { exportsRoutes } from './exports.ts'
import { inboxRoutes } from './inboxRoutes.ts'
import { signIn } from './signIn.ts'

export type { Office, OfficeBackend, OfficeOptions, Signed } from './officeContext.ts'
/** The constancia's PDF drawing, shared with the citizen's receipt download (features/receiptPdf, docs/decisions/office.md). */
export { constanciaPdf } from './radicacion/index.ts'
/** A filing's state now and whether it is open, for the health feature's open and overdue gauges. */
export { tramiteOf } from './inbox.ts'

export async function officePlugin(app: FastifyInstance, opts: OfficeOptions): Promise<void> {
  const office = createOffice(app, opts)
  // Every office answer, errors included: never cached, never indexed.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow')
    return payload
  })
  app.get(OFFICE_CSS, async (_request, reply) => reply.type('text/css; charset=utf-8').send(office.css))
  await app.register(signIn, { office })
  await app.register(inboxRoutes, { office })
  await app.register(filingView, { office, dataDir: opts.dataDir })
  await app.register(actions, { office, dataDir: opts.dataDir, notifier: opts.notifier, shutdownMailWaitMs: opts.shutdownMailWaitMs })
  await app.register(audit, { office })
  // The staff exports for admins, audited (docs/decisions/export.md).
  await app.register(exportsRoutes, { office, filingStore: opts.filingStore })
  // Radicación by the office for every channel (docs/decisions/office.md): its own folder, radicacion/.
  await app.register(registrationRoutes, { office, dataDir: opts.dataDir, notifier: opts.notifier })
}
