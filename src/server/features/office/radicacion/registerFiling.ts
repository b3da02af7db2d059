import type { FastifyRequest } from 'fastify'
import { colombiaDay } from '../../../../filings/businessDays.ts'
import { parseOfficeCanal, type OfficeCanal } from '../../../../filings/channels.ts'
import { initialTramite, termOf } from '../../../../filings/deadlines.ts'
import { TRACKING_PAGE } from '../../../../filings/tracking.ts'
import { normalizeSubmission, type SubmittedFiles } from '../../../../forms/normalize.ts'
import { colombiaIso, type Receipt, type ReceiptMail } from '../../../../forms/receipt.ts'
import { dayTimestamp } from '../../../../manifest/colombiaTime.ts'
import type { FilingForm } from '../../../../manifest/filingForms.ts'
import { CONSENT_FIELD, hasPrivacyNotice, hasSensitiveConsent, SENSITIVE_CONSENT_FIELD } from '../../../../manifest/privacyNotice.ts'
import type { FormDefinition } from '../../../../manifest/types.generated.ts'
import { consentsFor } from '../../../consentRecords.ts'
import type { AttachmentRecord } from '../../../store/store.ts'
import { apiError } from '../../../http/errors.ts'
import { mailReceipt } from '../../../notify.ts'
import { receiptDetails } from '../../../receiptDetails.ts'
import { FIELD_MSG } from '../../../http/messages.ts'
import { labelledFields } from '../format.ts'
import { hashCode, newVerificationCode } from '../../../verificationCode.ts'
import type { Signed } from '../officeContext.ts'
import type { Constancia } from './constancia.ts'
import { checkReceiptDay } from './receiptDay.ts'
import type { Registration } from './registration.ts'

/** A registration that passed every check: the channel, the day of receipt and the form's data as the validator returned them. */
export interface CheckedRegistration {
  canal: OfficeCanal
  day: string
  datos: Record<string, unknown>
}

/** A hidden request-day timestamp (the appointment's fechaCita) is the day of receipt, as the web form's script sets it. */
function withHiddenDefaults(form: FormDefinition, values: Record<string, unknown>, day: string): Record<string, unknown> {
  const out = { ...values }
  for (const c of form.campos) {
    if (c.control === 'hidden' && c.tipoDato === 'marcaTiempo' && (out[c.nombre] === undefined || out[c.nombre] === '')) out[c.nombre] = dayTimestamp(day)
  }
  return out
}

/** Validates the whole registration at once (channel, day and the form's own fields), so every error is shown together. */
export function validateRegistration(
  r: Registration,
  filing: FilingForm,
  canalRaw: unknown,
  dayRaw: unknown,
  raw: unknown,
  today: string,
  files: SubmittedFiles = {},
): CheckedRegistration {
  const fields: Record<string, string> = {}
  const canal = parseOfficeCanal(canalRaw)
  if (!canal) fields.canal = FIELD_MSG.canal
  const day = checkReceiptDay(dayRaw, today)
  if (!day.ok) fields.fechaRecepcion = day.message
  const validator = r.validators.get(filing.form.id)!
  let datos: Record<string, unknown> | undefined
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fields.datos = FIELD_MSG.datos
  else {
    const outcome = validator(normalizeSubmission(filing.form, withHiddenDefaults(filing.form, { ...raw }, day.ok ? day.day : today), files))
    if (outcome.ok) datos = outcome.value
    else Object.assign(fields, outcome.fields)
  }
  if (!canal || !day.ok || !datos || Object.keys(fields).length) throw apiError('invalidForm', fields)
  return { canal, day: day.day, datos }
}

/** The constancia of a registration just stored: its lines, and the authorizations staff ticked for the citizen. */
function constanciaOf(
  r: Registration,
  request: FastifyRequest,
  s: Signed,
  filing: FilingForm,
  checked: CheckedRegistration,
  receipt: Receipt,
  earlier: boolean,
  correo: ReceiptMail | undefined,
): Constancia {
  const { site } = r.office
  const { form } = filing
  const { canal, day, datos } = checked
  const term = termOf(form, datos, site.lookups)
  const constancia: Constancia = {
    radicado: receipt.id,
    codigo: receipt.codigo,
    recibido: receipt.recibido,
    ...(earlier ? { recibidaEl: day } : {}),
    vence: receipt.vence,
    diasHabiles: term.diasHabiles,
    fundamento: term.fundamento,
    canal,
    formulario: filing.nombre,
    tipo: term.tipo,
    funcionario: s.account.nombre,
    entidad: site.siteName,
    consultaUrl: `${request.protocol}://${request.host}${TRACKING_PAGE}`,
    campos: labelledFields(form, site.lookups, datos)
      .filter(f => f.nombre !== CONSENT_FIELD && f.nombre !== SENSITIVE_CONSENT_FIELD)
      .map(({ etiqueta, valor }) => ({ etiqueta, valor })),
    ...(correo ? { correo } : {}),
  }
  const given = `Sí, dada a la oficina (aviso de privacidad versión ${site.privacyNotice?.version ?? 'sin-aviso'})`
  if (hasPrivacyNotice(form)) constancia.campos.push({ etiqueta: 'Autorización de tratamiento de datos personales', valor: given })
  if (hasSensitiveConsent(form)) constancia.campos.push({ etiqueta: 'Autorización expresa de datos sensibles', valor: given })
  return constancia
}

/**
 * Stores the registration (numbered in the web series, the channel and the
 * staff member with it, audited in the same commit), e-mails the office and,
 * when an address was given, the citizen's receipt, and keeps its constancia.
 */
export async function registerFiling(
  r: Registration,
  request: FastifyRequest,
  s: Signed,
  filing: FilingForm,
  checked: CheckedRegistration,
  /** The scanned petition and its annexes, already kept (filings/receive.ts receiveWithFiles). */
  attachments?: AttachmentRecord[],
) {
  const { store, site, now } = r.office
  const { form } = filing
  const { canal, day, datos } = checked
  const at = now()
  const earlier = day < colombiaDay(at)
  // The term counts from the day the entity received it (Ley 1755 de 2015, art. 14).
  const tramite = initialTramite(form, datos, site.lookups, earlier ? new Date(`${day}T12:00:00-05:00`) : at)
  const codigo = newVerificationCode()
  const id = await store.createFiling({
    kind: filing.kind,
    datos,
    now: at,
    tramite,
    codigoHash: hashCode(codigo),
    // The checkboxes the validator required, ticked by staff once the citizen authorized (docs/decisions/consent-and-privacy.md; sensitive data: docs/decisions/sensitive-data.md).
    ...consentsFor(form, site.privacyNotice?.version, at, datos),
    canal,
    registradaPor: s.account.id,
    recibidaEl: earlier ? day : undefined,
    ...(attachments?.length ? { attachments } : {}),
    audit: { evento: 'radicar', cuentaId: s.account.id, detalle: `canal ${canal}${earlier ? `; recibida el ${day}` : ''}`, direccion: request.ip, now: at },
  })
  request.log.info({ radicado: id, canal }, 'radicación registrada por la oficina')
  const receipt: Receipt = {
    id,
    recibido: colombiaIso(at),
    vence: tramite.vence,
    codigo,
    ...receiptDetails(filing, datos, site, canal, attachments?.length ? attachments : undefined),
  }
  r.notifier.filingReceived(id, filing.nombre)
  // Staff tell the citizen it was e-mailed only when the mail server accepted it (docs/decisions/filings.md).
  const correo = await mailReceipt(r.notifier, datos.correoElectronico, receipt, filing.nombre)
  if (correo) receipt.correo = correo
  const constancia = constanciaOf(r, request, s, filing, checked, receipt, earlier, correo)
  const token = r.constancias.keep(s.account.id, constancia, at.getTime())
  return { receipt, constancia, token }
}
