/**
 * `npm run export -- <exportacion> [--since YYYY-MM-DD] [--sep ";"] [--salida archivo.csv]`
 * (and `npm run -s export -- informe --trimestre 2026-T3 | --anio 2026`: the published report of requests, the page's figures)
 * writes the filings as CSV (UTF-8 with BOM) to the file of --salida, or to
 * standard output (`npm run export … > archivo` leaves npm's banner out of the
 * file: see npmBanner.ts), for the citizen-service office. Reads DATA_DIR (default ./data), or the
 * PostgreSQL database of DATABASE_URL when it is set, and the form
 * definitions of the manifest: the names are each filing form's
 * `radicacion.exportacion` (pqrs, citas, historias, suscripciones…) plus
 * `auditoria`; the forms give the column titles and list names.
 */
import { fileNames } from '../forms/fileType.ts'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { colombiaDateTime, dayTimestamp } from '../manifest/colombiaTime.ts'
import type { FilingForm } from '../manifest/filingForms.ts'
import { hasPrivacyNotice } from '../manifest/privacyNotice.ts'
import type { FormDefinition, Lookups } from '../manifest/types.generated.ts'
import { colombiaDay } from '../filings/businessDays.ts'
import { initialTramite } from '../filings/deadlines.ts'
import { ESTADO_LABEL } from '../filings/states.ts'
import { answeredOnTime } from '../filings/termStatus.ts'
import { STAFF_CSV_SEPARATOR, toCsv } from '../manifest/csv.ts'
import { canalLabel } from '../filings/channels.ts'
import { parsePeriod } from '../filings/requestReport.ts'
import { reportCsv, reportOf } from './features/report/index.ts'
import { loadFilingForms } from './siteData.ts'
import { writeData } from './npmBanner.ts'
import { chooseSite } from './siteOption.ts'
import { openFilingStore } from './store/open.ts'
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

/** Command-line arguments → the export name and options; `names` are the forms' export names and auditoria. */
export function parseArgs(argv: string[], names?: readonly string[]): { name: string; options: ExportOptions } {
  let name: string | undefined
  const options: ExportOptions = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const [flag, inline] = arg.startsWith('--')
      ? arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined]
      : [arg, undefined]
    if (flag === '--since' || flag === '--desde') options.since = inline ?? argv[++i]
    else if (flag === '--sep') options.separator = inline ?? argv[++i]
    else if (flag === '--salida' || flag === '--output') options.output = inline ?? argv[++i]
    else if (flag === '--trimestre' || flag === '--anio' || flag === '--año') {
      const value = inline ?? argv[++i] ?? ''
      const ok = flag === '--trimestre' ? /^\d{4}-T[1-4]$/.test(value) : /^\d{4}$/.test(value)
      if (!ok || !parsePeriod(value))
        throw new Error(
          flag === '--trimestre'
            ? `--trimestre se escribe AAAA-TN, por ejemplo 2026-T3 (recibido «${value}»).`
            : `--anio se escribe AAAA, por ejemplo 2026 (recibido «${value}»).`,
        )
      if (options.periodo !== undefined) throw new Error('Indique un solo periodo: --trimestre o --anio.')
      options.periodo = value
    } else if (!arg.startsWith('--') && name === undefined) name = arg
    else throw new Error(`Opción desconocida: ${arg}`)
  }
  if (!name || (names && !names.includes(name))) {
    throw new Error(`Indique qué exportar: ${(names ?? []).join(' | ')}. Ejemplo: npm run -s export -- ${names?.[0] ?? 'pqrs'} --since 2025-01-01`)
  }
  if (options.separator !== undefined && ![',', ';', '\t', 'tab'].includes(options.separator)) throw new Error('--sep admite «,» «;» o «tab».')
  if (options.separator === 'tab') options.separator = '\t'
  if (name === REPORT_EXPORT && options.periodo === undefined) throw new Error('Indique el periodo del informe: --trimestre 2026-T3 o --anio 2026.')
  if (name !== REPORT_EXPORT && options.periodo !== undefined) throw new Error('--trimestre y --anio son solo para «informe».')
  if (name === REPORT_EXPORT && options.since !== undefined) throw new Error('El informe usa --trimestre o --anio, no --since.')
  if (options.output !== undefined && (options.output === '' || options.output.startsWith('--')))
    throw new Error('Indique el archivo de --salida, por ejemplo: --salida pqrs.csv')
  return { name, options }
}

/** The command: arguments and environment → CSV text. Runs in process in the tests. */
export async function runExport(argvWithSite: string[], envOfCommand: NodeJS.ProcessEnv = process.env): Promise<string> {
  // On a platform, `--sitio <id>`: that site's filings only (its data folder, or its rows in PostgreSQL).
  const { args: argv, env, siteId } = chooseSite(argvWithSite, envOfCommand)
  const { filings, plan, lookups } = loadFilingForms(env.MANIFEST_DIR ? path.resolve(env.MANIFEST_DIR) : undefined)
  const { name, options } = parseArgs(argv, [...filings.map(f => f.exportacion), AUDIT_EXPORT, REPORT_EXPORT])
  const filing = filings.find(f => f.exportacion === name)
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const store = await openFilingStore({ dataDir, plan, readonly: true, databaseUrl: env.DATABASE_URL, siteId })
  let csv: string
  try {
    if (name === REPORT_EXPORT)
      return reportCsv(
        await reportOf(store, filings, lookups, parsePeriod(options.periodo)!, { now: new Date(), mode: 'leer' }),
        options.separator ?? STAFF_CSV_SEPARATOR,
      )
    csv = filing ? await exportCsv(store, filing, lookups, options) : await auditCsv(store, options)
  } finally {
    await store.close()
  }
  // Citizens' data (or the staff trail) is about to leave the store: the trail records it first, and without that record nothing leaves.
  const writer = await openFilingStore({ dataDir, plan, databaseUrl: env.DATABASE_URL, siteId })
  try {
    await writer.audit({ evento: EXPORT_EVENT, detalle: exportDetail(name, options), direccion: `línea de comandos en ${os.hostname()}`, now: new Date() })
  } catch (error) {
    throw new Error(
      `No se pudo registrar la exportación en la auditoría, así que no se entregó ningún dato: ${error instanceof Error ? error.message : String(error)}`,
    )
  } finally {
    await writer.close()
  }
  return csv
}

/** The audit event of an export of filings, subscriptions or the audit trail (the published report holds no personal data and is not audited). */
export const EXPORT_EVENT = 'exportar'

/** What was exported and by which system account: the command has no office account, so the operating system's user name stands for it. */
function exportDetail(name: string, options: ExportOptions): string {
  const since = options.since ? ` desde ${options.since}` : ''
  let user: string
  try {
    user = os.userInfo().username
  } catch {
    user = 'desconocido'
  }
  return `${name}${since}; usuario del sistema «${user}»`
}

/** The file of --salida, written whole or not at all (a temporary file renamed at the end). */
export function writeOutput(file: string, csv: string, env: NodeJS.ProcessEnv = process.env): string {
  // npm runs the script in the project folder; a relative name means the folder the person typed the command in (INIT_CWD).
  const target = path.resolve(env.INIT_CWD || process.cwd(), file)
  const tmp = `${target}.${process.pid}.tmp`
  fs.writeFileSync(tmp, csv, { mode: 0o600 })
  fs.renameSync(tmp, target)
  return target
}

async function main(): Promise<void> {
  try {
    const argv = process.argv.slice(2)
    const { options } = parseArgs(chooseSite(argv).args)
    const csv = await runExport(argv)
    if (options.output) {
      const written = writeOutput(options.output, csv)
      process.stderr.write(`Exportación escrita en ${written}\n`)
    } else writeData(csv)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 2
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main()
