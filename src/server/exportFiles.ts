/**
 * The CSV files of the staff exports (docs/decisions/export.md), shared by the command (export.ts) and the office's
 * downloads (features/office/exports.ts): one place builds them, so both give the same file.
 */
import { fileNames } from '../forms/fileType.ts'
import { colombiaDateTime, dayTimestamp } from '../manifest/colombiaTime.ts'
import type { FilingForm } from '../manifest/filingForms.ts'
import { hasPrivacyNotice } from '../manifest/privacyNotice.ts'
import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { colombiaDay } from '../filings/businessDays.ts'
import { canalLabel } from '../filings/channels.ts'
import { initialTramite } from '../filings/deadlines.ts'
import { ESTADO_LABEL } from '../filings/states.ts'
import { answeredOnTime } from '../filings/termStatus.ts'
import { STAFF_CSV_SEPARATOR, toCsv } from '../manifest/csv.ts'
import type { ConsentRecord, FilingRow, FilingStore } from './store/store.ts'
import { UPLOADS_DIR } from './store/uploads.ts'

/** The office's audit trail (docs/decisions/export.md): not a form, so its export name is fixed. */
export const AUDIT_EXPORT = 'auditoria'
/** The published report of requests (docs/decisions/export.md): the same figures as its page. */
export const REPORT_EXPORT = 'informe'

export interface ExportOptions {
  /** yyyy-MM-dd: only filings received on or after that day (Colombia time). */
  since?: string
  /** --sep: another separator for a program that expects it; staff exports use STAFF_CSV_SEPARATOR (docs/decisions/export.md). */
  separator?: string
  /** --salida: the file to write (created or replaced); without it, standard output. */
  output?: string
  /** informe: --trimestre 2026-T3 or --anio 2026. */
  periodo?: string
}

function sinceIso(since: string | undefined): string | undefined {
  if (since === undefined) return undefined
  if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(dayTimestamp(since))) {
    throw new Error(`La fecha de --since debe tener la forma AAAA-MM-DD (recibido «${since}»).`)
  }
  return new Date(dayTimestamp(since)).toISOString()
}

/** A timestamp (ms) as yyyy-MM-dd in Colombia; a value no date can be made of stays as it was stored. */
function dayOf(value: number): string {
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? String(value) : colombiaDateTime(d.toISOString()).slice(0, 10)
}

/**
 * One cell. Whatever a row holds (a value stored before a rule existed, or
 * forced into the file by hand), the cell falls back to the stored value as
 * text: one strange value never stops the export (docs/decisions/export.md).
 */
function displayValue(form: FormDefinition | undefined, lookups: Lookups | undefined, field: string, value: unknown): unknown {
  try {
    return formatValue(form, lookups, field, value)
  } catch {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
  }
}

function formatValue(form: FormDefinition | undefined, lookups: Lookups | undefined, field: string, value: unknown): unknown {
  const campo = form?.campos.find(c => c.nombre === field)
  if (!campo) return typeof value === 'object' && value !== null ? JSON.stringify(value) : value
  if ((campo.control === 'file' || campo.control === 'archivos') && value && typeof value === 'object') return fileNames(value)
  if (campo.tipoDato === 'booleano') return value === true ? 'Sí' : value === false ? 'No' : value
  if (campo.tipoDato === 'marcaTiempo' && typeof value === 'number') return dayOf(value)
  if (campo.lista && typeof value === 'number') return lookups?.listas[campo.lista]?.find(o => o.id === value)?.nombre ?? value
  if (campo.opciones) return campo.opciones.find(o => String(o.valor) === String(value))?.etiqueta ?? value
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value
}

/** The proof of each data-treatment authorization (docs/decisions/export.md): empty for rows stored before the notice. */
const CONSENT_HEADERS = ['Aviso de privacidad (versión aceptada)', 'Autorización de datos (fecha y hora)']

function consentCells(c: ConsentRecord | undefined): string[] {
  return c ? [c.version, colombiaDateTime(c.en)] : ['', '']
}

/**
 * Where each petition came from (docs/decisions/export.md): the day the entity received it (a paper letter
 * registered later: the day staff entered, from which the term counts, Ley 1755 de 2015 art. 14), the instant it
 * was numbered, its channel and the staff member who registered it (empty for the site's forms).
 */
export const ORIGIN_HEADERS = ['Radicado', 'Fecha de recepción', 'Fecha y hora de radicación', 'Canal', 'Registrada por']

function originCells(f: FilingRow): string[] {
  let registered: string
  let received: string
  try {
    registered = colombiaDateTime(f.recibidoEn)
    received = f.recibidaEl ?? colombiaDay(new Date(f.recibidoEn))
  } catch {
    // A date forced into the file by hand: the stored text, never a stopped export.
    registered = f.recibidoEn
    received = f.recibidaEl ?? f.recibidoEn
  }
  return [f.radicado, received, registered, canalLabel(f.canal), f.registradaPor?.nombre ?? '']
}

/** The CSV of the audit trail, oldest first: the trail reads as a journal. */
export async function auditCsv(store: FilingStore, options: ExportOptions = {}): Promise<string> {
  const since = sinceIso(options.since)
  {
    const rows = (await store.listAudit({ since }))
      .reverse()
      .map(r => [colombiaDateTime(r.en), r.evento, r.cuentaCorreo ?? r.correo ?? '', r.radicado ?? '', r.detalle ?? '', r.direccion ?? ''])
    return toCsv(['Fecha', 'Evento', 'Cuenta', 'Radicado', 'Detalle', 'Dirección'], rows, options.separator ?? STAFF_CSV_SEPARATOR)
  }
}

/** The CSV text of one form's filings, read through the store's interface. */
export async function exportCsv(store: FilingStore, filing: FilingForm, lookups: Lookups | undefined, options: ExportOptions = {}): Promise<string> {
  const form: FormDefinition | undefined = filing.form
  const since = sinceIso(options.since)
  if (filing.clase === 'suscripcion') {
    const rows = (await store.listSubscriptions({ since })).map(s => [s.radicado, colombiaDateTime(s.recibidoEn), s.correo, ...consentCells(s.autorizacion)])
    return toCsv(
      ['Radicado', 'Fecha de recepción', filing.emailField?.etiqueta ?? 'Correo electrónico', ...CONSENT_HEADERS],
      rows,
      options.separator ?? STAFF_CSV_SEPARATOR,
    )
  }
  const filings = await store.listFilings(filing.kind, { since })
  // Columns: the form's fields in order, then any field stored by an older version of the form.
  const fields = (form?.campos ?? []).map(c => c.nombre)
  for (const f of filings) for (const key of Object.keys(f.datos)) if (!fields.includes(key)) fields.push(key)
  const titleOf = (field: string) => form?.campos.find(c => c.nombre === field)?.etiqueta ?? field
  // The proof of consent sits right after the form's fields (its checkbox is the last of them), for a form with the notice.
  const withConsent = (form !== undefined && hasPrivacyNotice(form)) || filings.some(f => f.autorizacion)
  const header = [...ORIGIN_HEADERS, ...fields.map(titleOf), ...(withConsent ? CONSENT_HEADERS : [])]
  // A form with a file (multipart) gets where each file is kept, its size and its fingerprint.
  const withFiles = filing.fileFields.length > 0
  if (withFiles) header.push('Archivo guardado', 'Tamaño (bytes)', 'SHA-256')
  // A form with attachments (control archivos) also counts them per filing.
  const countsFiles = filing.form.campos.some(c => c.control === 'archivos')
  if (countsFiles) header.push('Número de adjuntos')
  // The office's columns (docs/decisions/export.md): state, due date in force, answer date, answered on time.
  header.push('Estado', 'Vence', 'Fecha de respuesta', 'Respondida a tiempo')
  const tramites = new Map((await store.listTramites()).map(t => [t.radicado, t]))
  const rows = filings.map(f => {
    const row: unknown[] = [
      ...originCells(f),
      ...fields.map(k => displayValue(form, lookups, k, f.datos[k])),
      ...(withConsent ? consentCells(f.autorizacion) : []),
    ]
    if (withFiles) {
      row.push(f.adjuntos.map(a => `${UPLOADS_DIR}/${a.archivo}`).join(' '), f.adjuntos.map(a => a.tamano).join(' '), f.adjuntos.map(a => a.sha256).join(' '))
    }
    if (countsFiles) row.push(f.adjuntos.length)
    // A row whose dates cannot be read (forced into the file by hand) still exports, with these cells empty (docs/decisions/export.md).
    try {
      const t = tramites.get(f.radicado) ?? (form ? { radicado: f.radicado, ...initialTramite(form, f.datos, lookups, new Date(f.recibidoEn)) } : undefined)
      if (!t) row.push('', '', '', '')
      else {
        const answered = t.respondidaEn ? colombiaDateTime(t.respondidaEn) : ''
        const onTime = t.respondidaEn ? (answeredOnTime(colombiaDay(new Date(t.respondidaEn)), t.vence) ? 'Sí' : 'No') : ''
        row.push(ESTADO_LABEL[t.estado], t.vence, answered, onTime)
      }
    } catch {
      row.push('', '', '', '')
    }
    return row
  })
  return toCsv(header, rows, options.separator ?? STAFF_CSV_SEPARATOR)
}
