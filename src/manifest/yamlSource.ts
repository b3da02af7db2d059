import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import v8 from 'node:v8'
import { LineCounter, parseDocument, isMap, isSeq, isNode, isPair, isScalar, type Document, type Node } from 'yaml'
import { compiledCacheDir } from './compiledCache.ts'
import { displayPath } from './paths.ts'
import type { Problem } from './problem.ts'

/**
 * A parsed YAML file that remembers where every node came from. `doc` and
 * `lines` are only needed to place a problem; when the data came from the
 * parse cache they are computed on first use.
 */
export interface YamlSource {
  file: string
  text: string
  display: string
  data: unknown
  readonly doc: Document
  readonly lines: LineCounter
}

export type JsonPath = ReadonlyArray<string | number>

export function readYaml(file: string): { source?: YamlSource; problems: Problem[] } {
  const text = fs.readFileSync(file, 'utf8')
  return parseYaml(file, text)
}

function parseWithPositions(text: string): { doc: Document; lines: LineCounter } {
  const lines = new LineCounter()
  return { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines }
}

/**
 * Parsing with positions is the largest part of validating the site (about
 * half of `npm run validate`, and again in the build's pre-render process),
 * while staff change one file at a time. With a cache folder (staff commands,
 * see compiledCache.ts) the data of a file that parsed without errors is kept
 * per file, keyed by a hash of the parser's version and the file's exact text;
 * an unchanged file is read back from it, and parsed again only if a problem
 * in it has to be placed.
 */
const CACHE_VERSION = 1
let parserId: string | undefined

function cacheEntry(file: string, text: string): { path: string; key: string } | undefined {
  const dir = compiledCacheDir()
  if (!dir) return undefined
  parserId ??= `${CACHE_VERSION} yaml ${(createRequire(import.meta.url)('yaml/package.json') as { version: string }).version}`
  // Named by the path staff see (manifest/…): a copy of the manifest elsewhere (tests, previews) reuses the same
  // entries instead of adding new ones; the key decides whether an entry belongs to this text.
  const name = crypto.createHash('sha256').update(displayPath(file)).digest('hex').slice(0, 24)
  const key = crypto.createHash('sha256').update(parserId).update('\0').update(text).digest('hex')
  return { path: path.join(dir, 'yaml', `${name}.v8`), key }
}

function readCached(entry: { path: string; key: string }): { data: unknown } | undefined {
  try {
    const cached = v8.deserialize(fs.readFileSync(entry.path)) as { key?: unknown; data?: unknown }
    return cached.key === entry.key ? { data: cached.data } : undefined
  } catch {
    return undefined
  }
}

function writeCached(entry: { path: string; key: string }, data: unknown): void {
  try {
    // Written whole, then renamed: a process reading at the same time never sees half a file.
    fs.mkdirSync(path.dirname(entry.path), { recursive: true })
    const tmp = `${entry.path}.${process.pid}.tmp`
    fs.writeFileSync(tmp, v8.serialize({ key: entry.key, data }))
    fs.renameSync(tmp, entry.path)
  } catch {
    /* a read-only folder only costs the next run the parse */
  }
}

function lazySource(file: string, display: string, text: string, data: unknown): YamlSource {
  let parsed: { doc: Document; lines: LineCounter } | undefined
  const positions = () => (parsed ??= parseWithPositions(text))
  return {
    file,
    display,
    text,
    data,
    get doc() {
      return positions().doc
    },
    get lines() {
      return positions().lines
    },
  }
}

/** What a snapshot of a loaded manifest keeps of a source (manifestSnapshot.ts): no parse tree. */
export interface PlainSource {
  file: string
  display: string
  text: string
  data: unknown
}

export function plainSource(source: YamlSource): PlainSource {
  return { file: source.file, display: source.display, text: source.text, data: source.data }
}

/** A source read back from a snapshot: its positions are parsed from its text on first use, as for cached data. */
export function sourceFromPlain(plain: PlainSource): YamlSource {
  return lazySource(plain.file, plain.display, plain.text, plain.data)
}

export function parseYaml(file: string, text: string): { source?: YamlSource; problems: Problem[] } {
  const entry = cacheEntry(file, text)
  const cached = entry && readCached(entry)
  if (cached) return { source: lazySource(file, displayPath(file), text, cached.data), problems: [] }
  const { doc, lines } = parseWithPositions(text)
  const display = displayPath(file)
  if (doc.errors.length > 0) {
    // One mistake often yields several parser errors (and some twice): staff get the first one only.
    const first = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0])[0]!
    const unclosed = /closing ["']?quote/i.test(first.message) ? openingQuoteBefore(text, first.pos[0]) : undefined
    const pos = lines.linePos(unclosed ?? first.pos[0])
    const colon = unclosed === undefined ? valueWithColon(text, pos.line) : undefined
    if (colon) return { problems: [{ file: display, line: pos.line, col: colon.col, message: colon.message, level: 'error' }] }
    const deeper = unclosed === undefined ? overIndentedKey(text, pos.line) : undefined
    if (deeper) return { problems: [{ file: display, line: deeper.line, col: deeper.col, message: deeper.message, level: 'error' }] }
    const message = unclosed !== undefined ? 'error de sintaxis YAML: estas comillas se abren y no se cierran' : yamlErrorMessage(first.code)
    return { problems: [{ file: display, line: pos.line, col: pos.col, message, level: 'error' }] }
  }
  const data = doc.toJS()
  if (entry) writeCached(entry, data)
  return { source: { file, display, text, data, doc, lines }, problems: [] }
}

/**
 * `titulo: Informe: primer trimestre` is read as a key inside a value; the
 * parser calls it a nesting problem. Staff need to hear: put it in quotes.
 */
function valueWithColon(text: string, line: number): { col: number; message: string } | undefined {
  const content = text.split('\n')[line - 1] ?? ''
  const m = /^(\s*(?:-\s+)?)([^\s:#"'{[][^:#]*?):[ \t]+([^\s"'{[|>#].*?:[ \t].*?)\s*$/.exec(content)
  if (!m) return undefined
  const [, indent, key, value] = m
  return {
    col: content.indexOf(value!, indent!.length + key!.length + 1) + 1,
    message: `error de sintaxis YAML: el valor de «${key}» contiene «: »; escriba el valor entre comillas: ${key}: "${value!.replace(/"/g, '\\"')}"`,
  }
}

const KEY_LINE = /^(\s*(?:-\s+)?)([^\s#:"'{[-][^:#]*?):(?:[ \t]+(\S.*))?\s*$/

/**
 * A key written one indentation too deep under a `key: value` line is read by
 * the parser as the continuation of that value, and reported on the line
 * above (or at its first column). Staff need the over-indented line itself,
 * at its key, and which key it must line up with.
 */
function overIndentedKey(text: string, errorLine: number): { line: number; col: number; message: string } | undefined {
  const lines = text.split('\n')
  const meaningful = (i: number) => /\S/.test(lines[i] ?? '') && !/^\s*#/.test(lines[i]!)
  for (const k of [errorLine, errorLine + 1]) {
    const line = lines[k - 1]
    if (line === undefined || !meaningful(k - 1)) continue
    const key = KEY_LINE.exec(line)
    let p = k - 2
    while (p >= 0 && !meaningful(p)) p--
    const prev = p >= 0 ? KEY_LINE.exec(lines[p]!) : null
    // Only under a key that holds a value on its own line: a key without a value opens a deeper block on purpose.
    if (!key || !prev || prev[3] === undefined || /^[|>]/.test(prev[3])) continue
    const indent = line.search(/\S/)
    if (key[1]!.length !== indent || indent <= prev[1]!.length || !alignedWithAbove(lines, p, prev[1]!.length, meaningful)) continue
    return {
      line: k,
      col: indent + 1,
      message: `error de sintaxis YAML: «${key[2]}» tiene más sangría que «${prev[2]}» de la línea ${p + 1}; escríbalo en la misma columna que «${prev[2]}» (${prev[1]!.length} espacios)`,
    }
  }
  return undefined
}

/**
 * Whether the key on line index `p` (at column `col`) sits where it belongs: the first key of a list item, a
 * first child under its parent key, or in the column of the key above. When it does not, the mistake is that
 * line's own indentation, which the parser's message already places.
 */
function alignedWithAbove(lines: string[], p: number, col: number, meaningful: (i: number) => boolean): boolean {
  if (/^\s*-\s/.test(lines[p]!)) return true
  let q = p - 1
  while (q >= 0 && !meaningful(q)) q--
  const above = q >= 0 ? KEY_LINE.exec(lines[q]!) : null
  if (!above) return q < 0
  return above[1]!.length === col || (above[3] === undefined && lines[q]!.search(/\S/) < col)
}

/** The parser reports an unclosed quote where the file ends; staff need the line where it opens. */
function openingQuoteBefore(text: string, end: number): number | undefined {
  let offset = 0
  let found: number | undefined
  for (const line of text.slice(0, end).split('\n')) {
    const quotes = [...line.matchAll(/(?<!\\)"/g)]
    if (found === undefined && quotes.length % 2 === 1) found = offset + quotes[quotes.length - 1]!.index!
    offset += line.length + 1
  }
  return found
}

function yamlErrorMessage(code: string): string {
  switch (code) {
    case 'DUPLICATE_KEY':
      return 'hay un campo repetido en el mismo bloque'
    case 'BAD_INDENT':
      return 'error de sintaxis YAML: la sangría (espacios al inicio de la línea) no coincide con la de las líneas vecinas'
    case 'TAB_AS_INDENT':
      return 'error de sintaxis YAML: use espacios, no tabuladores, para la sangría'
    case 'MISSING_CHAR':
    case 'UNEXPECTED_TOKEN':
      return 'error de sintaxis YAML: revise la sangría, los dos puntos «:» y las comillas de esta línea'
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return 'error de sintaxis YAML: una línea parece una clave pero le falta «:» o le sobra sangría'
    default:
      return `error de sintaxis YAML en esta línea (${code})`
  }
}

/**
 * Position of the node at `path`; when `key` is true, the position of the
 * key rather than its value (better for "unknown field" messages).
 */
export function positionOf(source: YamlSource, path: JsonPath, key = false): { line: number; col: number } {
  let node: unknown = source.doc.contents
  let keyNode: Node | null = null
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(p => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment))
      if (!pair) break
      keyNode = pair.key as Node
      node = pair.value
    } else if (isSeq(node)) {
      const next = node.items[Number(segment)]
      if (next === undefined) break
      keyNode = null
      node = next
    } else {
      break
    }
  }
  const target = key && keyNode ? keyNode : isNode(node) ? node : keyNode
  const offset = target?.range?.[0] ?? 0
  const pos = source.lines.linePos(offset)
  return { line: pos.line, col: pos.col }
}

export function problemAt(source: YamlSource, path: JsonPath, message: string, level: Problem['level'] = 'error', key = false): Problem {
  const { line, col } = positionOf(source, path, key)
  return { file: source.display, line, col, message, level }
}
