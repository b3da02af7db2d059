/**
 * `npm run sitio -- lista [--csv] [--salida <archivo.csv>]`: the platform operator's overview (platformOverview.ts)
 * as a table with a summary line, or as CSV (standard output, or the file of --salida, written whole). It reads the
 * server's own configuration (plataforma.yaml or PLATAFORMA, DATA_DIR, PUBLICACIONES_DIR, DATABASE_URL,
 * SALUD_DISCO_MIN_MB) and needs no running server. It holds no personal data (counts only), so it is not audited:
 * the operator's page, which is a login, is.
 */
import path from 'node:path'
import { readCommandLine } from '../cli/commandLine.ts'
import { loadPlatform, platformFile } from '../manifest/platform.ts'
import { formatProblem } from '../manifest/problem.ts'
import { configFromEnv } from './config.ts'
import { writeOutput } from './export.ts'
import { writeData } from './npmBanner.ts'
import { overviewSummary, platformOverview } from './platformOverview.ts'
import { overviewCsv, overviewTable } from './platformOverviewOutput.ts'

export const SITE_LIST_USAGE = `Uso:
  npm run sitio -- lista                      todos los sitios: dominio, publicación, respaldo, radicaciones, salud
  npm run -s sitio -- lista --csv > sitios.csv  lo mismo en CSV («;», UTF-8 con BOM: se abre en Excel)
  npm run sitio -- lista --salida sitios.csv    el CSV en un archivo`

export interface SiteList {
  /** The table or the CSV. */
  output: string
  /** The summary line (with the CSV it goes to standard error: the file stays a table). */
  summary: string
  csv: boolean
  /** --salida: the CSV's file. */
  file?: string
  /** Whether any site stands out. */
  attention: boolean
}

function options(argv: readonly string[]): { csv: boolean; file?: string } {
  const { values, positionals } = readCommandLine(argv, { csv: { type: 'boolean' }, salida: { type: 'string' } }, `\n${SITE_LIST_USAGE}`)
  if (positionals.length > 0) throw new Error(`Argumento de más: «${positionals.join(' ')}».\n${SITE_LIST_USAGE}`)
  if (values.salida === '') throw new Error('Indique el archivo de --salida, por ejemplo: --salida sitios.csv')
  return { csv: values.csv === true || values.salida !== undefined, ...(values.salida !== undefined && { file: values.salida }) }
}

/** The command's work: arguments and environment → what to print. Throws in Spanish. */
export async function siteList(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now?: () => Date): Promise<SiteList> {
  const { csv, file } = options(argv)
  const where = env.PLATAFORMA ? path.resolve(env.PLATAFORMA) : platformFile()
  const { platform, problems } = loadPlatform(where)
  if (problems.length > 0) throw new Error(`La configuración de la plataforma tiene errores:\n${problems.map(formatProblem).join('\n')}`)
  if (!platform)
    throw new Error(
      `Esta instalación sirve un solo sitio (no existe ${where}): la lista es de los sitios de una plataforma. El estado de este sitio está en /salud/detalle y en /metricas.`,
    )
  const config = configFromEnv(env)
  const rows = await platformOverview(platform, { databaseUrl: config.databaseUrl, minFreeMb: config.minFreeMb, now })
  return {
    output: csv ? overviewCsv(rows) : overviewTable(rows),
    summary: overviewSummary(rows),
    csv,
    ...(file !== undefined && { file }),
    attention: rows.some(r => r.attention.length > 0),
  }
}

/** Runs the command and prints its answer; the exit code (2: bad use or configuration). */
export async function runSiteList(argv: readonly string[]): Promise<number> {
  try {
    const list = await siteList(argv)
    if (list.file) {
      const written = writeOutput(list.file, list.output)
      process.stderr.write(`Lista de sitios escrita en ${written}\n${list.summary}\n`)
    } else if (list.csv) {
      writeData(list.output)
      process.stderr.write(`${list.summary}\n`)
    } else process.stdout.write(`${list.output}\n\n${list.summary}\n`)
    return 0
  } catch (error) {
    process.stderr.write(`✗ ${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
}
