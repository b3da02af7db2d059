import type { FastifyRequest } from 'fastify'
import { colombiaDay } from '../../../filings/businessDays.ts'
import { termOf } from '../../../filings/deadlines.ts'
import { receivedDayOf, termStatus } from '../../../filings/termStatus.ts'
import { hiddenFieldsOf } from '../../../forms/compileFormSchema.ts'
import { CONSENT_FIELD as PERSONAL_DATA_CONSENT } from '../../../manifest/privacyNotice.ts'
import type { FormDefinition } from '../../../manifest/types.generated.ts'
import { apiError } from '../../http/errors.ts'
import { inboxItem, tramiteOf, type InboxItem, type OfficeForm } from './inbox.ts'
import type { AccountRow, OfficeFilingRow, TramiteRow } from '../../store/office.ts'
import type { Office, Signed } from './officeContext.ts'

const RADICADO = /^[A-Z]{1,10}-\d{4}-\d{6,}$/

/** A filing whose form's rules hid the personal data and the consent (an anonymous petition, docs/decisions/office.md). */
export function isAnonymous(form: FormDefinition, datos: Record<string, unknown>): boolean {
  return hiddenFieldsOf(form, datos).includes(PERSONAL_DATA_CONSENT)
}

export interface LoadedFiling {
  filing: OfficeFilingRow
  office: OfficeForm
  /** Its state as stored, if an action was ever recorded. */
  stored?: TramiteRow
  /** Its state now (the initial one when none was stored). */
  tramite: TramiteRow
}

/** A filing the account may see, or 404/403. */
export async function loadFiling(office: Office, s: Signed, radicado: string): Promise<LoadedFiling> {
  const filing = RADICADO.test(radicado) ? await office.store.findFiling(radicado) : undefined
  const form = filing ? office.forms.find(f => f.kind === filing.kind) : undefined
  if (!filing || !form) throw apiError('filingNotFound')
  if (!office.maySee(s.account, form.form.id)) throw apiError('forbiddenForm')
  const stored = await office.store.getTramite(radicado)
  return { filing, office: form, stored, tramite: tramiteOf(filing, form.form, office.site.lookups, stored) }
}

/** A filing with its history and term, its view audited (every view of a filing's personal data is). */
export async function filingDetail(office: Office, s: Signed, radicado: string, request: FastifyRequest) {
  const loaded = await loadFiling(office, s, radicado)
  const { filing, tramite } = loaded
  const history = await office.store.history(radicado)
  await office.store.audit({ evento: 'ver', cuentaId: s.account.id, radicado, direccion: request.ip, now: office.now() })
  const term = termOf(loaded.office.form, filing.datos, office.site.lookups)
  const at = office.now()
  const today = colombiaDay(at)
  return { ...loaded, history, term, status: termStatus(tramite, receivedDayOf(filing), today), today }
}

/** A filing as its JSON and its page show it (filingDetail). */
export type FilingDetail = Awaited<ReturnType<typeof filingDetail>>

/** Inbox items of the forms the account may see. */
export async function inboxItems(office: Office, account: AccountRow): Promise<InboxItem[]> {
  const { store, site } = office
  const stored = new Map((await store.listTramites()).map(t => [t.radicado, t]))
  const at = office.now()
  const items: InboxItem[] = []
  for (const form of visibleForms(office, account)) {
    for (const f of await store.listFilings(form.kind)) {
      items.push(inboxItem(f, form, site.lookups, tramiteOf(f, form.form, site.lookups, stored.get(f.radicado)), at))
    }
  }
  return items
}

export function visibleForms(office: Office, account: AccountRow): OfficeForm[] {
  return office.forms.filter(f => office.maySee(account, f.form.id))
}

/** The filing types the inbox filters by: a form's type list when it has one, else the form's title. */
export function typesOf(office: Office, forms: OfficeForm[]): string[] {
  const names = new Set<string>()
  for (const { form } of forms) {
    const field = form.terminos?.campoTipo ? form.campos.find(c => c.nombre === form.terminos?.campoTipo) : undefined
    if (field?.lista) for (const o of office.site.lookups.listas[field.lista] ?? []) names.add(o.nombre)
    else names.add(form.titulo)
  }
  return [...names]
}
