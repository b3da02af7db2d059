/**
 * Adds a site to plataforma.yaml through the `yaml` library's document API, so the operator's comments and layout
 * stay as they wrote them; creates the file (with a short explanation in Spanish) when there is none yet.
 */
import { isSeq, parseDocument, type Document } from 'yaml'

export interface NewSiteEntry {
  id: string
  nombre: string
  dominios: string[]
  /** Its content folder, relative to plataforma.yaml, when not `sitios/<id>`. */
  carpeta?: string
}

const NEW_FILE_HEADER = [
  ' Sitios (hospitales) de esta instalación: cada uno con su id, su nombre, sus dominios y su carpeta',
  ' sitios/<id>/ (manifest/ y public/). Guía de operación, sección «Varios hospitales en una instalación».',
].join('\n')

/** The text of plataforma.yaml with `site` appended to `sitios` (`current` undefined: a new file). */
export function withSiteAdded(current: string | undefined, site: NewSiteEntry): string {
  let doc: Document
  if (current === undefined || current.trim() === '') {
    doc = parseDocument('sitios: []\n')
    doc.commentBefore = NEW_FILE_HEADER
    const seq = doc.get('sitios', true)
    if (isSeq(seq)) seq.flow = false
  } else doc = parseDocument(current)
  const node = doc.createNode({ id: site.id, nombre: site.nombre, dominios: site.dominios, ...(site.carpeta && { carpeta: site.carpeta }) })
  const domains = node.get('dominios', true)
  if (isSeq(domains)) domains.flow = true
  doc.addIn(['sitios'], node)
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false })
}
