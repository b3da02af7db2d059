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
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { STAFF_CSV_SEPARATOR } from '../manifest/csv.ts'
import { parsePeriod } from '../filings/requestReport.ts'
import { reportCsv, reportOf } from './features/report/index.ts'
import { loadFilingForms } from './siteData.ts'
import { writeData } from './npmBanner.ts'
import { chooseSite } from './siteOption.ts'
import { readCommandLine } from '../cli/commandLine.ts'
import { openFilingStore } from './store/open.ts'
import { AUDIT_EXPORT, auditCsv, exportCsv, type ExportOptions, REPORT_EXPORT } from './exportFiles.ts'

export { AUDIT_EXPORT, auditCsv, exportCsv, type ExportOptions, ORIGIN_HEADERS, REPORT_EXPORT } from './exportFiles.ts'

const EXPORT_OPTIONS = {
  since: { type: 'string' },
  desde: { type: 'string' },
  sep: { type: 'string' },
  salida: { type: 'string' },
  output: { type: 'string' },
  trimestre: { type: 'string' },
  anio: { type: 'string' },
  año: { type: 'string' },
} as const

/** Command-line arguments → the export name and options; `names` are the forms' export names and auditoria. */
export function readExportArguments(argv: string[], names?: readonly string[]): { name: string; options: ExportOptions } {
  const usage = `Ejemplo: npm run -s export -- ${names?.[0] ?? 'pqrs'} --since 2025-01-01`
  const { values, positionals } = readCommandLine(argv, EXPORT_OPTIONS, usage)
  const name = positionals[0]
  if (positionals.length > 1) throw new Error(`Indique una sola exportación (recibido «${positionals.join(' ')}»). ${usage}`)
  const year = values.anio ?? values.año
  if (values.trimestre !== undefined && year !== undefined) throw new Error('Indique un solo periodo: --trimestre o --anio.')
  if (values.trimestre !== undefined && (!/^\d{4}-T[1-4]$/.test(values.trimestre) || !parsePeriod(values.trimestre)))
    throw new Error(`--trimestre se escribe AAAA-TN, por ejemplo 2026-T3 (recibido «${values.trimestre}»).`)
  if (year !== undefined && (!/^\d{4}$/.test(year) || !parsePeriod(year))) throw new Error(`--anio se escribe AAAA, por ejemplo 2026 (recibido «${year}»).`)
  const given = { since: values.since ?? values.desde, separator: values.sep, output: values.salida ?? values.output, periodo: values.trimestre ?? year }
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as ExportOptions
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
  const { name, options } = readExportArguments(argv, [...filings.map(f => f.exportacion), AUDIT_EXPORT, REPORT_EXPORT])
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
    const { options } = readExportArguments(chooseSite(argv).args)
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
