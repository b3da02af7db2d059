/**
 * The validator's findings in each Git host's language, so a mistake shows on its line where the
 * hospital keeps its manifests: GitHub workflow annotations, a GitLab code-quality report, and
 * plain JSON for any other tool. Formatting only: what counts as a problem is decided elsewhere.
 */
import { readCommandLine } from '../cli/commandLine.ts'
import { createHash } from 'node:crypto'
import type { Problem } from './problem.ts'

export const FORMATS = ['texto', 'json', 'gitlab'] as const
export type ReportFormat = (typeof FORMATS)[number]

export interface ValidateOptions {
  formato: ReportFormat
  /** File to write the json/gitlab report to; without it the report goes to standard output. */
  salida?: string
}

/** Reads `--formato <f>` / `--formato=<f>` and `--salida <archivo>` (commandLine.ts); throws a Spanish message on bad input. */
export function parseValidateArgs(argv: readonly string[]): ValidateOptions {
  const usage = `Use --formato ${FORMATS.join('|')} y --salida <archivo>.`
  const { values, positionals } = readCommandLine(argv, { formato: { type: 'string' }, salida: { type: 'string' } }, usage)
  if (positionals.length > 0) throw new Error(`Argumento de más: «${positionals.join(' ')}». ${usage}`)
  for (const name of ['formato', 'salida'] as const) if (values[name] === '') throw new Error(`Falta el valor de --${name}. ${usage}`)
  const formato = values.formato ?? 'texto'
  if (!(FORMATS as readonly string[]).includes(formato)) throw new Error(`formato «${formato}» desconocido: use ${FORMATS.join(', ')}`)
  return { formato: formato as ReportFormat, ...(values.salida !== undefined && { salida: values.salida }) }
}

/** Machine-readable problems: the same fields staff see in `file:line:col: mensaje`. */
export function jsonReport(problems: readonly Problem[]): string {
  const errors = problems.filter(p => p.level === 'error').length
  const report = {
    valido: errors === 0,
    errores: errors,
    avisos: problems.length - errors,
    problemas: problems.map(p => ({ archivo: p.file, linea: p.line, columna: p.col, nivel: p.level, mensaje: p.message })),
  }
  return `${JSON.stringify(report, null, 2)}\n`
}

/**
 * GitLab code-quality report (a JSON array of Code Climate issues). GitLab marks each issue on its
 * line in merge requests. The fingerprint leaves out the line so an issue keeps its identity when
 * lines above it move.
 */
export function gitlabReport(problems: readonly Problem[]): string {
  const seen = new Map<string, number>()
  const issues = problems.map(p => {
    const base = `${p.file}\u0000${p.level}\u0000${p.message}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return {
      type: 'issue',
      check_name: p.level === 'error' ? 'manifiesto-error' : 'manifiesto-aviso',
      description: p.message,
      categories: ['Bug Risk'],
      severity: p.level === 'error' ? 'blocker' : 'minor',
      fingerprint: createHash('md5').update(`${base}\u0000${n}`).digest('hex'),
      location: { path: p.file, positions: { begin: { line: p.line, column: p.col } } },
    }
  })
  return `${JSON.stringify(issues, null, 2)}\n`
}

/** Escaping of GitHub's workflow commands (as in @actions/core): data and property values differ. */
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** One GitHub Actions workflow command: `::error file=…,line=…,col=…::mensaje` (warnings likewise). */
export function githubAnnotation(p: Problem): string {
  const command = p.level === 'error' ? 'error' : 'warning'
  const props = [
    `file=${escapeProperty(p.file)}`,
    `line=${p.line}`,
    `col=${p.col}`,
    `title=${escapeProperty(p.level === 'error' ? 'Error en el manifiesto' : 'Aviso del manifiesto')}`,
  ]
  return `::${command} ${props.join(',')}::${escapeData(p.message)}`
}

/** GitHub sets GITHUB_ACTIONS=true in every workflow step. */
export function underGithubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITHUB_ACTIONS === 'true'
}
