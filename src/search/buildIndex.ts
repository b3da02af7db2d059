import type { Manifest } from '../manifest/load.ts'
import type { Seccion } from '../manifest/types.generated.ts'
import { newsItems, plainText } from '../news/news.ts'
import type { SearchDoc } from './searchDoc.ts'

const ABSTRACT_LENGTH = 180

/** Markdown reduced to plain text for abstracts. */
export function markdownToPlain(md: string): string {
  return md
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_>`|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function shorten(text: string): string {
  return text.length <= ABSTRACT_LENGTH ? text : text.slice(0, ABSTRACT_LENGTH).replace(/\s+\S*$/, '') + '…'
}

/** The prose of a list of sections; each section module says what its prose is (`sectionsText` in src/renderer/searchText.ts). */
export type SectionsText = (sections: Seccion[]) => string

/** Every page, document row and news item, as the documents of the site search. */
export function buildSearchIndex(manifest: Manifest, sectionsText: SectionsText): SearchDoc[] {
  const docs: SearchDoc[] = []
  const pagesByRoute = new Map(manifest.pages.map(p => [p.data.ruta, p.data]))
  const groupLabel = (ruta: string) => pagesByRoute.get('/' + (ruta.split('/')[1] ?? ''))?.etiqueta ?? 'Inicio'
  const listedOn = new Map<string, string>()
  for (const { data: page } of manifest.pages) {
    if (page.redirigirA) continue
    docs.push({
      route: page.ruta,
      title: page.titulo,
      date: '',
      abstract: shorten(page.descripcion ?? sectionsText(page.secciones ?? [])),
      category: groupLabel(page.ruta),
      ti_doc: 'Página',
      ...(page.palabrasClave?.length && { keywords: page.palabrasClave.join('|') }),
    })
    for (const m of JSON.stringify(page.secciones ?? []).matchAll(/"fuente":"([^"]+)"/g)) {
      if (!listedOn.has(m[1]!)) listedOn.set(m[1]!, page.titulo)
    }
  }
  for (const { data: list } of manifest.documents) {
    for (const row of list.filas) {
      const link = row.archivo ?? row.url ?? ''
      docs.push({
        route: link,
        title: row.titulo,
        date: row.fecha ?? String(row.anio),
        abstract: shorten([row.descripcion, row.categoria, row.periodo, String(row.anio)].filter(Boolean).join(' · ')),
        category: listedOn.get(list.id) ?? list.titulo,
        ti_doc: link.toLowerCase().endsWith('.pdf') ? 'PDF' : 'Enlace',
      })
    }
  }
  for (const item of newsItems(manifest)) {
    docs.push({
      route: `/notices/all#${item.id}`,
      title: plainText(item.titulo),
      date: item.fechaCreacion,
      abstract: shorten(plainText(item.cuerpo)),
      category: 'Noticias',
      ti_doc: 'Noticia',
    })
  }
  return docs
}
