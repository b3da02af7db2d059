import fs from 'node:fs'
import path from 'node:path'
import { isMap, isSeq, parseDocument, YAMLSeq } from 'yaml'
import { publicDir } from './paths.ts'

export interface AddDocumentsResult {
  added: Array<{ titulo: string; archivo: string }>
  skipped: string[]
  renamed: Array<{ from: string; to: string }>
}

/** «informe-de-gestion_2025.pdf» → «Informe de gestion 2025» (staff fix accents afterwards). */
export function titleFromFileName(file: string): string {
  const base = path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim()
  return base.charAt(0).toUpperCase() + base.slice(1)
}

/** A name that is safe in a URL: lower case, no accents, hyphens instead of spaces (underscores are fine and kept). */
export function safeFileName(name: string): string {
  const ext = path.extname(name).toLowerCase()
  const base = path
    .basename(name, path.extname(name))
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return (base || 'documento') + ext
}

export class StaffError extends Error {}

/**
 * Appends one row per PDF of `folder` (which must be inside public/assets) to
 * a documents manifest, keeping the file's comments and layout. Files already
 * listed are skipped; names with spaces or accents are renamed to safe ones.
 */
export function addDocuments(manifestFile: string, year: number, folder: string, categoria?: string): AddDocumentsResult {
  if (!Number.isInteger(year) || year < 1990 || year > 2100) throw new StaffError(`el año «${year}» no es válido`)
  if (!fs.existsSync(manifestFile)) throw new StaffError(`no existe el archivo ${manifestFile}`)
  const assetsRoot = path.join(publicDir(), 'assets')
  const absFolder = path.resolve(folder)
  if (!fs.existsSync(absFolder) || !fs.statSync(absFolder).isDirectory()) throw new StaffError(`no existe la carpeta ${folder}`)
  if (!absFolder.startsWith(assetsRoot + path.sep)) throw new StaffError(`la carpeta debe estar dentro de public/assets (copie allí los PDF primero): ${folder}`)

  const doc = parseDocument(fs.readFileSync(manifestFile, 'utf8'))
  if (doc.errors.length > 0) throw new StaffError(`${manifestFile} tiene errores de sintaxis; ejecute npm run validate`)
  if (!isMap(doc.contents)) throw new StaffError(`${manifestFile} no es una lista de documentos`)
  let rows = doc.get('filas', true)
  if (!isSeq(rows)) {
    rows = new YAMLSeq()
    doc.set('filas', rows)
  }
  const listed = new Set(((doc.toJS() as { filas?: Array<{ archivo?: string }> }).filas ?? []).map((r) => r.archivo))

  const result: AddDocumentsResult = { added: [], skipped: [], renamed: [] }
  const pdfs = fs.readdirSync(absFolder).filter((f) => /\.pdf$/i.test(f)).sort((a, b) => a.localeCompare(b, 'es'))
  if (pdfs.length === 0) throw new StaffError(`la carpeta ${folder} no tiene archivos PDF`)
  for (const original of pdfs) {
    let name = original
    const safe = safeFileName(original)
    if (safe !== original) {
      if (fs.existsSync(path.join(absFolder, safe))) throw new StaffError(`no se puede renombrar «${original}»: ya existe «${safe}»`)
      fs.renameSync(path.join(absFolder, original), path.join(absFolder, safe))
      result.renamed.push({ from: original, to: safe })
      name = safe
    }
    const archivo = '/' + path.relative(publicDir(), path.join(absFolder, name)).split(path.sep).join('/')
    if (listed.has(archivo)) {
      result.skipped.push(archivo)
      continue
    }
    const titulo = titleFromFileName(original)
    const row: Record<string, unknown> = { anio: year }
    if (categoria) row.categoria = categoria
    row.titulo = titulo
    row.archivo = archivo
    ;(rows as YAMLSeq).add(doc.createNode(row))
    result.added.push({ titulo, archivo })
  }
  fs.writeFileSync(manifestFile, doc.toString({ lineWidth: 0 }))
  return result
}
