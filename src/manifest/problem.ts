/** A finding of the validator, shown to staff as `file:line:col: mensaje`. */
export interface Problem {
  file: string
  line: number
  col: number
  message: string
  level: 'error' | 'aviso'
}

export function formatProblem(p: Problem): string {
  const prefix = p.level === 'aviso' ? 'aviso: ' : ''
  return `${p.file}:${p.line}:${p.col}: ${prefix}${p.message}`
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  )
}
