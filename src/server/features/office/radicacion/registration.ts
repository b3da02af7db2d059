import { createElement, type ReactElement } from 'react'
import { addCalendarDays, colombiaDay } from '../../../../filings/businessDays.ts'
import { type FormValidator, loadFormValidator } from '../../../../forms/validateSubmission.ts'
import type { FilingForm } from '../../../../manifest/filingForms.ts'
import type { FormDefinition } from '../../../../manifest/types.generated.ts'
import { NO_NOTIFIER, type Notifier } from '../../../notify.ts'
import { MessagePage } from '../views/MessagePage.tsx'
import type { Office, Signed } from '../officeContext.ts'
import { ConstanciaTokens } from './constanciaTokens.ts'
import { MAX_BACKDATE_DAYS } from './receiptDay.ts'
import { RegisterFormPage, type RegisterFormView } from './views/RegisterPages.tsx'

export interface RegistrationOptions {
  office: Office
  /** Where the scanned petition and its annexes are kept, like citizens' attachments. */
  dataDir: string
  notifier?: Notifier
}

/** What every route of the register shares: the office, the forms staff may register with their validators, and the constancias waiting. */
export interface Registration {
  office: Office
  dataDir: string
  notifier: Notifier
  filings: FilingForm[]
  byId: Map<string, FilingForm>
  validators: Map<string, FormValidator>
  constancias: ConstanciaTokens
}

export async function createRegistration(opts: RegistrationOptions): Promise<Registration> {
  const { office } = opts
  const filings = office.site.filings.filter(f => f.clase === 'radicacion')
  const validators = new Map<string, FormValidator>()
  for (const f of filings) validators.set(f.form.id, await loadFormValidator(f.form, office.site.lookups))
  return {
    office,
    dataDir: opts.dataDir,
    notifier: opts.notifier ?? NO_NOTIFIER,
    filings,
    byId: new Map(filings.map(f => [f.form.id, f])),
    validators,
    constancias: new ConstanciaTokens(),
  }
}

/** The registration form of one form definition: empty, or as typed with what to fix. */
export function formPage(r: Registration, s: Signed, form: FormDefinition, typed?: Pick<RegisterFormView, 'values' | 'error'>): ReactElement {
  const { office } = r
  const today = colombiaDay(office.now())
  const bounds = { today, earliest: addCalendarDays(today, -MAX_BACKDATE_DAYS) }
  return createElement(RegisterFormPage, {
    ctx: office.ctxOf(s),
    v: { form, lookups: office.site.lookups, notice: office.site.privacyNotice, ...bounds, ...typed },
  })
}

export function message(r: Registration, s: Signed, title: string, text: string): ReactElement {
  return createElement(MessagePage, { ctx: r.office.ctxOf(s), title, message: text })
}
