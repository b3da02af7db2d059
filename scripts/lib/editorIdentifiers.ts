/**
 * The identifiers the browser editor shows: what other files, menus and outside links cite a news item, a page
 * or a document list by. Each is written once, when the item is created, and never changed from the editor:
 * the form shows it read-only with the reason (editorConfig.ts, the `identificador` widget) and the page
 * server refuses a save that changes it, writing nothing (editorServer.ts). The one list of them is here
 * (docs/decisions/staff-tooling.md, «Identifiers fixed after creation»).
 */
import { LineCounter, parseDocument } from 'yaml'

export interface Identifier {
  /** The manifest's key that holds it. */
  key: string
  /** Its label in the form (the schema's title). */
  titulo: string
  /** Why it stays, in the form's Spanish (shown under the read-only field and in the refusal). */
  reason: string
}

const KINDS: Array<{ folder: RegExp; id: Identifier }> = [
  {
    folder: /^manifest\/news\//,
    id: {
      key: 'id',
      titulo: 'Identificador',
      reason: 'Se escribe al crear la noticia y después no se puede cambiar: forma la dirección de la noticia, que otras páginas y los buscadores ya citan.',
    },
  },
  {
    folder: /^manifest\/pages\//,
    id: {
      key: 'ruta',
      titulo: 'Ruta (dirección de la página)',
      reason:
        'No se puede cambiar desde el editor: es la dirección de la página, que el menú, otras páginas y los buscadores citan. Si la página debe cambiar de dirección, consulte con el área de sistemas.',
    },
  },
  {
    folder: /^manifest\/documents\//,
    id: { key: 'id', titulo: 'Identificador', reason: 'No se puede cambiar: las páginas citan la lista con este identificador.' },
  },
]

const posix = (p: string) => p.split('\\').join('/').replace(/^\/+/, '')

/** The identifier of the manifest at `relPath` (a path in the repository), if it has one. */
export function identifierOf(relPath: string): Identifier | undefined {
  const p = posix(relPath)
  return KINDS.find(k => k.folder.test(p))?.id
}

export interface IdentifierChange {
  key: string
  titulo: string
  antes: string
  mensaje: string
  linea: number
  columna: number
}

/**
 * A save of an existing file (`previous`, as on disk) whose text (`saved`) changes its identifier, or renames the
 * file (`newPath`): the Spanish refusal, with where the identifier is in the file. Undefined when it keeps it.
 */
export function changedIdentifier(relPath: string, previous: string | undefined, saved: string, newPath?: string): IdentifierChange | undefined {
  const id = identifierOf(relPath)
  if (!id || previous === undefined) return undefined
  const lc = new LineCounter()
  const before = parseDocument(previous, { lineCounter: lc })
  const old = before.get(id.key)
  if (before.errors.length > 0 || old === undefined || old === null) return undefined
  const range = (before.get(id.key, true) as { range?: [number, number, number] } | undefined)?.range
  const at = range ? lc.linePos(range[0]) : { line: 1, col: 1 }
  const where = { key: id.key, titulo: id.titulo, antes: String(old), linea: at.line, columna: at.col }
  if (newPath !== undefined && posix(newPath) !== posix(relPath))
    return { ...where, mensaje: `No se guardó: el archivo ${posix(relPath)} no se puede renombrar desde el editor. ${id.reason}` }
  const after = parseDocument(saved)
  // Text that does not parse is not judged here: the validator reports it.
  if (after.errors.length > 0) return undefined
  const now = after.get(id.key)
  if (String(now ?? '') === String(old)) return undefined
  return {
    ...where,
    mensaje: `No se guardó: «${id.titulo}» era «${String(old)}» y no se puede cambiar. ${id.reason} El archivo quedó como estaba.`,
  }
}
