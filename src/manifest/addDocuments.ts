import fs from 'node:fs'
import path from 'node:path'
import { isMap, isScalar, isSeq, parseDocument, Scalar, type YAMLMap, YAMLSeq, type Document } from 'yaml'
import { manifestDir, publicDir } from './paths.ts'
import { safeFileName } from './fileNames.ts'
import { closest } from './schemaMessages.ts'

export interface AddDocumentsResult {
  /** The list file written (resolved from a path or a list id). */
  file: string
  added: Array<{ titulo: string; archivo: string }>
  skipped: string[]
  /** Files of the folder that are not PDF (left where they are, not added). */
  notPdf: string[]
  renamed: Array<{ from: string; to: string }>
  /** The `categoria` the new rows copied from their neighbours, when none was given. */
  copiedCategoria?: string
  /** The neighbours' categories when they disagree (none copied: staff choose with --categoria). */
  categoryChoices?: string[]
  /** Row number (1-based, in the file's list) of the first row added. */
  insertedAt?: number
}

/** «informe-de-gestion_2025.pdf» → «Informe de gestion 2025» (staff fix accents afterwards). */
export function titleFromFileName(file: string): string {
  const base = path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim()
  return base.charAt(0).toUpperCase() + base.slice(1)
}

// Re-exported: the command's own naming, for every tool that adds files as docs:add does.
export { safeFileName }

/**
 * Where `docs:add` keeps a list's file of one year: in the year's folder under the list's folder, with
 * safeFileName's name. `folder` is the list's `/assets/<área>/<tema>` (a trailing year folder is kept, not
 * doubled). The browser editor names its uploads with this (docs/decisions/documents-and-placeholders.md).
 */
export function yearFolderPath(folder: string, year: number, fileName: string): string {
  const base = folder.replace(/\/+$/, '').replace(/\/\d{4}$/, '')
  return `${base}/${year}/${safeFileName(path.basename(fileName))}`
}

export class StaffError extends Error {}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']
const ORDINALS = ['primer', 'segundo', 'tercer', 'cuarto']

/**
 * The month a file name points to, for putting new rows in period order
 * before staff write their `fecha`: «marzo», «setiembre», «trimestre-2»,
 * «2-trimestre», «segundo-trimestre», «semestre-1». Undefined when the name
 * says nothing about a period.
 */
export function periodMonthOfName(name: string): number | undefined {
  const words = safeFileName(name)
    .replace(/\.[a-z0-9]+$/, '')
    .split(/[-_]+/)
  for (const w of words) {
    const m = MONTHS.indexOf(w === 'setiembre' ? 'septiembre' : w)
    if (m >= 0) return m + 1
  }
  const text = words.join(' ')
  const quarter =
    /trimestre (\d)\b/.exec(text)?.[1] ?? /\b(\d) trimestre/.exec(text)?.[1] ?? String(ORDINALS.findIndex(o => text.includes(`${o} trimestre`)) + 1)
  if (Number(quarter) >= 1 && Number(quarter) <= 4) return Number(quarter) * 3
  const semester =
    /semestre (\d)\b/.exec(text)?.[1] ??
    /\b(\d) semestre/.exec(text)?.[1] ??
    (text.includes('primer semestre') ? '1' : text.includes('segundo semestre') ? '2' : undefined)
  if (semester === '1' || semester === '2') return Number(semester) * 6
  return undefined
}

/** Lists whose file name or id is close to what was typed, for the «does not exist» message. */
export function closeLists(wanted: string, dir = path.join(manifestDir(), 'documents')): string[] {
  if (!fs.existsSync(dir)) return []
  const names = fs
    .readdirSync(dir)
    .filter(f => /\.ya?ml$/.test(f))
    .map(f => f.replace(/\.ya?ml$/, ''))
  const key = path
    .basename(wanted)
    .replace(/\.ya?ml$/, '')
    .toLowerCase()
  const words = key.split(/[-_\s]+/).filter(w => w.length >= 4)
  const near = new Set<string>()
  const best = closest(key, names)
  if (best) near.add(best)
  for (const n of names) if (n.includes(key) || words.some(w => n.includes(w))) near.add(n)
  return [...near].sort().map(n => path.join('manifest', 'documents', `${n}.yaml`).split(path.sep).join('/'))
}

/**
 * `manifest/…` and `public/…` written relative to the project mean the
 * manifest and public folders in use (MANIFEST_DIR, PUBLIC_DIR), as for
 * every other command.
 */
export function projectPath(p: string): string {
  if (path.isAbsolute(p)) return p
  const parts = p.split(/[\\/]+/)
  if (parts[0] === 'manifest') return path.join(manifestDir(), ...parts.slice(1))
  if (parts[0] === 'public') return path.join(publicDir(), ...parts.slice(1))
  return path.resolve(p)
}

/** A path to a list file, or the id of a list (its file name without .yaml). */
function resolveListFile(typed: string): string {
  const list = projectPath(typed)
  if (fs.existsSync(list) && fs.statSync(list).isFile()) return list
  const byId = path.join(manifestDir(), 'documents', `${path.basename(typed).replace(/\.ya?ml$/, '')}.yaml`)
  if (!/[\\/]/.test(typed) && fs.existsSync(byId)) return byId
  const near = closeLists(typed)
  throw new StaffError(
    `no existe la lista de documentos «${typed}».` +
      (near.length ? ` Listas con nombre parecido:\n  ${near.join('\n  ')}` : ' Las listas están en manifest/documents/.'),
  )
}

interface FileStyle {
  indent: number
  indentSeq: boolean
  /** Quote titles when most existing titles are quoted. */
  quoteTitles: boolean
}

/** How the list file is written, so added rows look like the rows around them. */
function styleOf(text: string, doc: Document): FileStyle {
  const lines = text.split('\n')
  const at = lines.findIndex(l => /^filas:\s*$/.test(l))
  const item = lines.slice(at + 1).find(l => /^\s*- /.test(l))
  const seqIndent = item ? item.indexOf('-') : 2
  const afterItem = item ? lines[lines.indexOf(item) + 1] : undefined
  const keyIndent = afterItem && /^\s+\S/.test(afterItem) ? afterItem.search(/\S/) - seqIndent : 2
  const titles = (doc.get('filas', true) as YAMLSeq | undefined)?.items.map(r => (isMap(r) ? r.get('titulo', true) : undefined)).filter(isScalar) ?? []
  const quoted = titles.filter(s => s.type === Scalar.QUOTE_DOUBLE || s.type === Scalar.QUOTE_SINGLE).length
  return { indent: Math.max(2, keyIndent), indentSeq: seqIndent > 0, quoteTitles: titles.length > 0 && quoted > titles.length / 2 }
}

/**
 * Where new rows of `year` go: the list runs newest first (or oldest first);
 * after the rows of the same year, before the rows of older (newer) years.
 */
function insertionIndex(years: number[], year: number): number {
  let descending = 0
  let ascending = 0
  for (let i = 1; i < years.length; i++) {
    if (years[i]! < years[i - 1]!) descending++
    else if (years[i]! > years[i - 1]!) ascending++
  }
  if (ascending > descending) {
    const i = years.findIndex(y => y > year)
    return i < 0 ? years.length : i
  }
  const i = years.findIndex(y => y < year)
  return i < 0 ? years.length : i
}

type ExistingRow = { archivo?: string; anio?: number; categoria?: string }

/**
 * The `categoria` new rows of `year` take when staff name none: the one every row of that year has or, for a new
 * year, the one every row of the year beside the insertion point has, with that year in its text moved to the new
 * one («Vigencia 2024» → «Vigencia 2025»). Rows of a list shown by category without one would not show at all.
 * Neighbours that disagree (or some without a category) give no category, only the choices.
 */
function neighbourCategory(existing: ExistingRow[], at: number, year: number): { categoria?: string; choices: string[] } {
  const sameYear = existing.filter(r => Number(r.anio) === year)
  const beside = existing[at - 1] ?? existing[at]
  const near = sameYear.length > 0 ? sameYear : beside ? existing.filter(r => r.anio === beside.anio) : []
  const choices = [...new Set(near.map(r => r.categoria).filter((c): c is string => typeof c === 'string' && c !== ''))]
  if (choices.length !== 1 || near.some(r => !r.categoria)) return { choices }
  const from = String(near[0]!.anio)
  return { categoria: sameYear.length > 0 ? choices[0]! : choices[0]!.replaceAll(from, String(year)), choices }
}

/**
 * Adds one row per PDF of `folder` (which must be inside public/assets) to a
 * documents list, where the list's order says, keeping the file's comments,
 * indentation and quoting. Files already listed are skipped; names with
 * spaces or accents are renamed to safe ones. New rows follow the period
 * their file names mention (month, quarter, semester), else their names.
 */
export function addDocuments(list: string, year: number, folder: string, categoria?: string): AddDocumentsResult {
  if (!Number.isInteger(year) || year < 1990 || year > 2100)
    throw new StaffError(`el año «${year}» no es válido: escriba el año con cuatro cifras, por ejemplo 2026`)
  const manifestFile = resolveListFile(list)
  const assetsRoot = path.join(publicDir(), 'assets')
  const absFolder = projectPath(folder)
  if (!fs.existsSync(absFolder) || !fs.statSync(absFolder).isDirectory()) throw new StaffError(`no existe la carpeta ${folder}`)
  if (!absFolder.startsWith(assetsRoot + path.sep))
    throw new StaffError(`la carpeta debe estar dentro de public/assets (copie allí los PDF primero): ${folder}`)

  const text = fs.readFileSync(manifestFile, 'utf8')
  const doc = parseDocument(text)
  if (doc.errors.length > 0) throw new StaffError(`${manifestFile} tiene errores de sintaxis; ejecute npm run validate y corríjalos primero`)
  if (!isMap(doc.contents)) throw new StaffError(`${manifestFile} no es una lista de documentos`)
  const style = styleOf(text, doc)
  let rows = doc.get('filas', true)
  if (!isSeq(rows)) {
    rows = new YAMLSeq()
    doc.set('filas', rows)
  }
  const seq = rows as YAMLSeq
  const existing = (doc.toJS() as { filas?: ExistingRow[] }).filas ?? []
  const listed = new Set(existing.map(r => r.archivo))
  const at = insertionIndex(
    existing.map(r => Number(r.anio)),
    year,
  )
  const neighbours = categoria ? undefined : neighbourCategory(existing, at, year)
  const neighbour = neighbours?.categoria
  const category = categoria ?? neighbour

  const result: AddDocumentsResult = { file: manifestFile, added: [], skipped: [], notPdf: [], renamed: [] }
  const files = fs
    .readdirSync(absFolder, { withFileTypes: true })
    .filter(e => e.isFile() && !e.name.startsWith('.'))
    .map(e => e.name)
  result.notPdf = files.filter(f => !/\.pdf$/i.test(f)).sort((a, b) => a.localeCompare(b, 'es'))
  const pdfs = files.filter(f => /\.pdf$/i.test(f)).sort((a, b) => (periodMonthOfName(a) ?? 13) - (periodMonthOfName(b) ?? 13) || a.localeCompare(b, 'es'))
  if (pdfs.length === 0) throw new StaffError(`la carpeta ${folder} no tiene archivos PDF`)
  const nodes: YAMLMap[] = []
  const linkOf = (name: string) => '/' + path.relative(publicDir(), path.join(absFolder, name)).split(path.sep).join('/')
  for (const original of pdfs) {
    // A file already listed keeps its name: renaming it would break the row that links it.
    if (listed.has(linkOf(original))) {
      result.skipped.push(linkOf(original))
      continue
    }
    let name = original
    const safe = safeFileName(original)
    if (safe !== original) {
      if (fs.existsSync(path.join(absFolder, safe)) && safe.toLowerCase() !== original.toLowerCase())
        throw new StaffError(`no se puede renombrar «${original}»: ya existe «${safe}»`)
      fs.renameSync(path.join(absFolder, original), path.join(absFolder, safe))
      result.renamed.push({ from: original, to: safe })
      name = safe
    }
    const archivo = linkOf(name)
    if (listed.has(archivo)) {
      result.skipped.push(archivo)
      continue
    }
    const titulo = titleFromFileName(original)
    const row: Record<string, unknown> = { anio: year }
    if (category) row.categoria = category
    row.titulo = titulo
    row.archivo = archivo
    const node = doc.createNode(row) as YAMLMap
    if (style.quoteTitles) (node.get('titulo', true) as Scalar).type = Scalar.QUOTE_DOUBLE
    nodes.push(node)
    result.added.push({ titulo, archivo })
  }
  if (nodes.length > 0) {
    if (neighbour) result.copiedCategoria = neighbour
    else if (neighbours && neighbours.choices.length > 1) result.categoryChoices = neighbours.choices
    seq.items.splice(at, 0, ...nodes)
    result.insertedAt = at + 1
    fs.writeFileSync(manifestFile, doc.toString({ lineWidth: 0, indent: style.indent, indentSeq: style.indentSeq, singleQuote: false }))
  }
  return result
}
