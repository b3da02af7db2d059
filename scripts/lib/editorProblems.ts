/**
 * The validator speaks in `archivo:línea:columna`, which a form hides: the clerk sees fields. This names the
 * field a problem is about («Fila 1 (2027), Fecha») from the saved text and the schema's Spanish titles, and its
 * path in the form (`['filas', 0, 'fecha']`), so the editor shows the validator's own sentence at that field
 * (docs/decisions/staff-tooling.md, «Errors at the field»).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml'
import { yearOrder } from './editorSave.ts'

/** Spanish titles of the schema's properties, by key (the first title found for each key). */
export function fieldTitles(schemasDir: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      for (const item of n) walk(item)
      return
    }
    if (!n || typeof n !== 'object') return
    for (const [k, v] of Object.entries(n as Record<string, unknown>)) {
      if (k === 'properties' && v && typeof v === 'object') {
        for (const [pk, pv] of Object.entries(v as Record<string, any>)) if (typeof pv?.title === 'string' && !out.has(pk)) out.set(pk, pv.title)
      }
      walk(v)
    }
  }
  for (const f of fs.readdirSync(schemasDir)) if (f.endsWith('.schema.json')) walk(JSON.parse(fs.readFileSync(path.join(schemasDir, f), 'utf8')))
  return out
}

/** The path of keys and indexes down to the deepest node holding `offset`. */
function pathAt(node: unknown, offset: number, at: Array<string | number> = []): Array<string | number> {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
      const k = pair.key as Node | null
      const v = pair.value as Node | null
      const start = k?.range?.[0] ?? v?.range?.[0]
      const end = v?.range?.[2] ?? k?.range?.[2]
      if (start !== undefined && end !== undefined && offset >= start && offset <= end) return pathAt(v, offset, [...at, key])
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      const r = (item as Node | null)?.range
      if (r && offset >= r[0] && offset <= r[2]) at = pathAt(item, offset, [...at, i])
    })
  }
  return at
}

/** The keys and row indexes of the field at `line:column` of `text` (`['filas', 0, 'fecha']`); empty when none. */
export function fieldPathOf(text: string, line: number, column: number): Array<string | number> {
  const lc = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lc })
  if (doc.errors.length > 0 || line < 1) return []
  const offset = (lc.lineStarts[line - 1] ?? 0) + Math.max(0, column - 1)
  return pathAt(doc.contents, offset)
}

/**
 * The same field in the form the clerk sees. A document list's rows are saved newest first (editorSave.ts), so
 * the file's row k is the form's row `yearOrder(…)[k]`; `sent` is the file as the editor's page sent it.
 */
export function formPathOf(at: Array<string | number>, sent: string, relPath: string): Array<string | number> {
  if (at[0] !== 'filas' || typeof at[1] !== 'number' || !/(^|\/)manifest\/documents\//.test(relPath.split('\\').join('/'))) return at
  const rows = (parseDocument(sent).toJS() as { filas?: unknown } | null)?.filas
  if (!Array.isArray(rows)) return at
  const order = yearOrder(rows.map(r => Number(r && typeof r === 'object' ? (r as { anio?: unknown }).anio : NaN)))
  const row = order[at[1]]
  return row === undefined ? at : ['filas', row, ...at.slice(2)]
}

/** The path's Spanish name over `data`: «Fila 1 (2027) · Fecha» (rows counted from 1), undefined for an empty path. */
export function fieldLabel(data: unknown, at: Array<string | number>, titles: Map<string, string>): string | undefined {
  if (at.length === 0) return undefined
  const parts: string[] = []
  let cur = data as any
  for (let i = 0; i < at.length; i++) {
    const step = at[i]!
    if (typeof step === 'number') {
      const item = cur?.[step]
      const year = item && typeof item === 'object' && item.anio !== undefined ? ` (${item.anio})` : ''
      parts.push(`${at[i - 1] === 'filas' ? 'Fila' : 'Elemento'} ${step + 1}${year}`)
    } else if (typeof at[i + 1] !== 'number' || i === at.length - 1) parts.push(titles.get(step) ?? step)
    cur = cur?.[step]
  }
  return parts.join(' · ')
}

/**
 * The field of the form a problem of the saved text (at `line:column`) is about: its Spanish name and its path,
 * counted as the form shows it when `sent` (the file as the page sent it) is known; nothing when it cannot tell.
 */
export function problemField(
  saved: string,
  line: number,
  column: number,
  sent: string | undefined,
  relPath: string,
  titles: Map<string, string>,
): { campo?: string; ruta?: Array<string | number> } {
  const at = fieldPathOf(saved, line, column)
  if (at.length === 0) return {}
  if (sent === undefined) return { campo: fieldLabel(parseDocument(saved).toJS(), at, titles), ruta: at }
  const ruta = formPathOf(at, sent, relPath)
  return { campo: fieldLabel(parseDocument(sent).toJS(), ruta, titles), ruta }
}
