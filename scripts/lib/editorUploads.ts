/**
 * Uploads from the browser editor land where `npm run docs:add` puts files (docs/decisions/staff-tooling.md): Decap writes a
 * document list's upload into the list's folder with the name the clerk's PC gave it (accents, spaces);
 * before the save reaches decap-server, each uploaded file that a row links is renamed with docs:add's
 * rules (`yearFolderPath`: ASCII, lower case, the row's year folder) and the row is pointed at it.
 */
import { isMap, isScalar, isSeq, parseDocument } from 'yaml'
import { yearFolderPath } from '../../src/manifest/addDocuments.ts'

export interface SavedFile {
  path: string
  raw: string
}

export interface Upload {
  path: string
}

/** Renames, in place, the uploads that rows of a document list link; returns `{from, to}` public paths. */
export function placeUploads(dataFiles: SavedFile[], assets: Upload[], earlier: Map<string, string>): Array<{ from: string; to: string }> {
  const moves: Array<{ from: string; to: string }> = []
  const uploaded = new Map(assets.map(a => [publicPath(a.path), a]))
  for (const d of dataFiles) {
    if (!/(^|\/)manifest\/documents\/[^/]+\.ya?ml$/.test(d.path.split('\\').join('/'))) continue
    const doc = parseDocument(d.raw)
    const rows = doc.get('filas', true)
    if (doc.errors.length > 0 || !isSeq(rows)) continue
    let changed = false
    for (const row of rows.items) {
      if (!isMap(row)) continue
      const archivo = row.get('archivo', true)
      const year = Number(row.get('anio'))
      if (!isScalar(archivo) || typeof archivo.value !== 'string') continue
      const from = archivo.value
      // A row still holding a name this editor already renamed (the form keeps what it sent).
      const before = earlier.get(from)
      if (before && !uploaded.has(from)) {
        archivo.value = before
        changed = true
        continue
      }
      const asset = uploaded.get(from)
      if (!asset || !Number.isInteger(year)) continue
      const to = yearFolderPath(from.slice(0, from.lastIndexOf('/')), year, from)
      if (to === from) continue
      asset.path = `public${to}`
      archivo.value = to
      changed = true
      moves.push({ from, to })
      earlier.set(from, to)
    }
    if (changed) d.raw = doc.toString({ lineWidth: 0, singleQuote: false })
  }
  return moves
}

/** `public/assets/x/y.pdf` (as Decap names an upload) → `/assets/x/y.pdf` (as a row links it). */
export function publicPath(repoPath: string): string {
  return (
    '/' +
    repoPath
      .split('\\')
      .join('/')
      .replace(/^\/+/, '')
      .replace(/^public\//, '')
  )
}
