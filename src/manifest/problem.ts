/** A finding of the validator, shown to staff as `file:line:col: mensaje`. */
export interface Problem {
  file: string
  line: number
  col: number
  message: string
  level: 'error' | 'aviso'
  /**
   * About the file as a whole (a PDF no manifest links, what a file that failed to load would have linked):
   * shown as `file: mensaje`, after the file's other problems; `line`/`col` stay 1 for machine reports.
   */
  wholeFile?: boolean
}

export function formatProblem(p: Problem): string {
  const prefix = p.level === 'aviso' ? 'aviso: ' : ''
  return p.wholeFile ? `${p.file}: ${prefix}${p.message}` : `${p.file}:${p.line}:${p.col}: ${prefix}${p.message}`
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      Number(a.wholeFile ?? false) - Number(b.wholeFile ?? false) ||
      a.line - b.line ||
      a.col - b.col ||
      a.message.localeCompare(b.message),
  )
}

/**
 * The text report's two groups: warnings first, errors last (next to the summary). A whole-file warning
 * about a file that has errors (what it would have linked) is their consequence: it follows that file's
 * errors instead of coming before them.
 */
export function reportGroups(errors: readonly Problem[], warnings: readonly Problem[]): { warnings: Problem[]; errors: Problem[] } {
  const failing = new Set(errors.map(e => e.file))
  const follows = (w: Problem) => w.wholeFile === true && failing.has(w.file)
  return { warnings: warnings.filter(w => !follows(w)), errors: sortProblems([...errors, ...warnings.filter(follows)]) }
}
