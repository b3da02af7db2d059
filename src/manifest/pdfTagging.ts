/**
 * Whether a published PDF is tagged for a screen reader (Resolución 1519 de 2020, Anexo 1; ITA criterion «i»;
 * PDF/UA): a structure tree (`StructTreeRoot` in the catalog), a language (`Lang`) and a title. The validator's
 * checks are synchronous and pdf-lib's parser is asynchronous only, so the catalog is read here from the file's
 * bytes: its objects, and those of its object streams (inflated with node:zlib), are searched for the catalog and
 * the document information. The answer is kept per file (size and modification time) so a build with hundreds of
 * PDFs reads only the ones that changed (docs/decisions/accessibility.md).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { projectRoot } from './paths.ts'

/** What a PDF lacks to be tagged, as staff read it. */
export type TagGap = 'árbol de estructura' | 'idioma' | 'título'

/** The dictionary (`<< … >>`) that encloses position `at` of `text`, or undefined. */
function enclosingDict(text: string, at: number): string | undefined {
  let depth = 0
  let start = -1
  for (let i = at; i > 0; i--) {
    if (text.startsWith('>>', i - 1)) {
      depth++
      i--
    } else if (text.startsWith('<<', i - 1)) {
      if (depth === 0) {
        start = i - 1
        break
      }
      depth--
      i--
    }
  }
  if (start < 0) return undefined
  depth = 0
  for (let i = start; i < text.length - 1; i++) {
    if (text.startsWith('<<', i)) {
      depth++
      i++
    } else if (text.startsWith('>>', i)) {
      depth--
      i++
      if (depth === 0) return text.slice(start, i + 1)
    }
  }
  return undefined
}

/** The file's text and that of its object streams (where a compressed PDF keeps its catalog). */
function searchableText(bytes: Buffer): string {
  const raw = bytes.toString('latin1')
  const parts = [raw]
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const dict = raw.slice(Math.max(0, raw.lastIndexOf(' obj', m.index)), m.index)
    if (!/\/Type\s*\/ObjStm/.test(dict) || !/\/FlateDecode/.test(dict)) continue
    const start = m.index + m[0].length
    const end = raw.indexOf('endstream', start)
    if (end < 0) continue
    try {
      parts.push(zlib.inflateSync(bytes.subarray(start, end), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1'))
    } catch {
      // A stream that does not inflate holds nothing readable here: the file is judged by the rest.
    }
  }
  return parts.join('\n')
}

const NON_EMPTY_STRING = String.raw`\s*(?:\((?!\))|<(?!>)[0-9A-Fa-f])`

/** What `bytes` lacks to be a tagged PDF (empty when tagged); undefined when it is not a PDF at all. */
export function pdfTagGaps(bytes: Buffer): TagGap[] | undefined {
  if (!bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) return undefined
  const text = searchableText(bytes)
  const catalogAt = text.search(/\/Type\s*\/Catalog\b/)
  const catalog = catalogAt >= 0 ? (enclosingDict(text, catalogAt) ?? '') : ''
  // The document information's title, not an outline item's (bookmarks carry /Title with their /Parent).
  const titled =
    /<dc:title>[\s\S]*?<rdf:li[^>]*>\s*[^<\s]/.test(text) ||
    [...text.matchAll(new RegExp(`/Title${NON_EMPTY_STRING}`, 'g'))].some(m => !/\/Parent\b/.test(enclosingDict(text, m.index) ?? '/Parent'))
  const gaps: TagGap[] = []
  if (!/\/StructTreeRoot\s*(?:\d+\s+\d+\s+R|<<)/.test(catalog)) gaps.push('árbol de estructura')
  if (!new RegExp(`/Lang${NON_EMPTY_STRING}`).test(catalog)) gaps.push('idioma')
  if (!titled) gaps.push('título')
  return gaps
}

interface CachedAnswer {
  size: number
  mtimeMs: number
  gaps: TagGap[] | null
}

const CACHE_FILE = () => path.join(projectRoot(), 'node_modules', '.cache', 'ese-hospital', 'pdf-etiquetas.json')
let cache: { file: string; entries: Record<string, CachedAnswer>; changed: boolean } | undefined

function cacheEntries(): NonNullable<typeof cache> {
  const file = CACHE_FILE()
  if (cache?.file === file) return cache
  let entries: Record<string, CachedAnswer> = {}
  try {
    entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, CachedAnswer>
  } catch {
    // No cache yet, or an unreadable one: every file is read again.
  }
  cache = { file, entries, changed: false }
  return cache
}

/** `pdfTagGaps` of a file, read again only when its size or modification time changed since the last answer. */
export function fileTagGaps(file: string): TagGap[] | undefined {
  const stat = fs.statSync(file)
  const c = cacheEntries()
  const known = c.entries[file]
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.gaps ?? undefined
  const gaps = pdfTagGaps(fs.readFileSync(file))
  c.entries[file] = { size: stat.size, mtimeMs: stat.mtimeMs, gaps: gaps ?? null }
  c.changed = true
  return gaps
}

/** Writes the answers read since the last save (the validator calls it once, after its checks). */
export function saveTagCache(): void {
  if (!cache?.changed) return
  try {
    fs.mkdirSync(path.dirname(cache.file), { recursive: true })
    const tmp = `${cache.file}.${process.pid}.tmp`
    fs.writeFileSync(tmp, JSON.stringify(cache.entries))
    fs.renameSync(tmp, cache.file)
    cache.changed = false
  } catch {
    // A read-only checkout: the next validation reads the PDFs again.
  }
}
