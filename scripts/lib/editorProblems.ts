/**
 * The validator speaks in `archivo:línea:columna`, which a form hides: the clerk sees fields. This names the
 * field a problem is about («Fila 1 (2027), Fecha») from the saved text and the schema's Spanish titles,
 * so the editor shows the validator's own sentence about that field (docs/decisions/staff-tooling.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml'

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

/** «Fila 1 (2027) · Fecha», or undefined when the line is not inside a field. */
export function fieldOf(text: string, line: number, column: number, titles: Map<string, string>): string | undefined {
  const lc = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lc })
  if (doc.errors.length > 0 || line < 1) return undefined
  const offset = (lc.lineStarts[line - 1] ?? 0) + Math.max(0, column - 1)
  const at = pathAt(doc.contents, offset)
  if (at.length === 0) return undefined
  const data = doc.toJS() as any
  const parts: string[] = []
  let cur = data
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
