/**
 * What the browser editor writes. Decap CMS sends the whole file as it serializes it (its own quoting and
 * indentation, no comments). Staff and `npm run docs:add` keep these files by hand, so the editor's text is
 * merged into the file as it was: unchanged values keep their node (quotes, comments, blank lines), changed
 * ones keep their style where YAML allows, and rows of a document list stay newest first, as the staff guide
 * teaches and `docs:add` inserts them.
 */
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type ToStringOptions } from 'yaml'

/** Key of a parsed map pair as text (the manifests only use text keys). */
const keyText = (k: unknown): string => String(isScalar(k) ? k.value : k)

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Makes `node` hold `value`, reusing the nodes whose value did not change; returns the node to keep. */
function update(doc: Document, node: unknown, value: unknown): unknown {
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value // keeps its quote or block style when the new text allows it
    return node
  }
  if (isMap(node) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const wanted = value as Record<string, unknown>
    for (const pair of [...node.items]) if (!(keyText(pair.key) in wanted)) node.delete(pair.key)
    for (const [k, v] of Object.entries(wanted)) {
      const pair = node.items.find(p => keyText(p.key) === k)
      if (pair) pair.value = update(doc, pair.value, v) as Node
      else node.add(doc.createPair(k, v))
    }
    return node
  }
  if (isSeq(node) && Array.isArray(value)) {
    const old = node.items.map(n => (isScalar(n) || isMap(n) || isSeq(n) ? n.toJSON() : n))
    const used = new Set<number>()
    const match: Array<number | undefined> = value.map(v => {
      const i = old.findIndex((o, j) => !used.has(j) && same(o, v))
      if (i >= 0) used.add(i)
      return i >= 0 ? i : undefined
    })
    // An edited item takes the place of the old item it replaced (the unmatched ones, in order), so its
    // comments and untouched values stay; a new item is created.
    const free = old.map((_, j) => j).filter(j => !used.has(j))
    const unmatched = match.filter(m => m === undefined).length
    const reuse = unmatched <= free.length && unmatched > 0 && unmatched === free.length
    let f = 0
    node.items = value.map((v, i) => {
      const m = match[i]
      if (m !== undefined) return node.items[m]
      if (reuse) return update(doc, node.items[free[f++]!], v)
      return doc.createNode(v)
    }) as typeof node.items
    return node
  }
  return doc.createNode(value)
}

/** Output options that reproduce the original text best (each file keeps its indentation and flow spacing). */
function styleOf(original: string): ToStringOptions {
  let best: ToStringOptions = { lineWidth: 0, singleQuote: false }
  let bestDiff = Infinity
  const lines = original.split('\n')
  for (const indentSeq of [true, false]) {
    for (const flowCollectionPadding of [false, true]) {
      const o: ToStringOptions = { lineWidth: 0, singleQuote: false, indentSeq, flowCollectionPadding }
      const out = parseDocument(original).toString(o).split('\n')
      const diff = out.filter((l, i) => l !== lines[i]).length + Math.abs(out.length - lines.length)
      if (diff < bestDiff) [best, bestDiff] = [o, diff]
    }
  }
  return best
}

/**
 * Document rows newest first (or oldest first where the list runs that way), rows of one year in the order
 * they were: the order `docs:add` keeps and the guide teaches. A stable sort, so nothing else moves.
 */
export function orderRowsByYear(doc: Document): void {
  const filas = doc.get('filas', true)
  if (!isSeq(filas)) return
  const year = (n: unknown) => Number(isMap(n) ? (n.get('anio') as unknown) : NaN)
  filas.items = yearOrder(filas.items.map(year)).map(i => filas.items[i]!)
}

/**
 * The rows' order once saved, as the indexes of the rows as sent: `yearOrder(years)[k]` is the row of the form
 * that lands at position k of the file (editorProblems.ts maps a problem's row back to the form with it).
 */
export function yearOrder(years: number[]): number[] {
  let up = 0
  let down = 0
  for (let i = 1; i < years.length; i++) {
    if (years[i]! > years[i - 1]!) up++
    else if (years[i]! < years[i - 1]!) down++
  }
  const sign = up > down ? 1 : -1
  const items = years.map((y, i) => ({ i, y }))
  items.sort((a, b) => (Number.isFinite(a.y) && Number.isFinite(b.y) && a.y !== b.y ? sign * (a.y - b.y) : a.i - b.i))
  return items.map(x => x.i)
}

/**
 * The text to write for a file the editor saved. `previous` is the file as it is on disk (undefined for a new
 * file), `saved` Decap's text, `relPath` the file's path in the repository (`manifest/documents/…` orders rows).
 * Text that is not YAML, or that does not parse, is written as Decap sent it: the validator then reports it.
 */
export function mergeSaved(previous: string | undefined, saved: string, relPath: string): string {
  if (!/\.ya?ml$/i.test(relPath)) return saved
  const incoming = parseDocument(saved)
  if (incoming.errors.length > 0) return saved
  const base = previous !== undefined ? parseDocument(previous) : undefined
  const doc = base && base.errors.length === 0 && isMap(base.contents) ? base : incoming
  // The base is a map, so update() changes it in place.
  if (doc === base) update(doc, doc.contents, incoming.toJS())
  if (/(^|\/)manifest\/documents\//.test(relPath.split('\\').join('/'))) orderRowsByYear(doc)
  return doc.toString(doc === base ? styleOf(previous!) : { lineWidth: 0, singleQuote: false })
}
