import Fuse from 'fuse.js'
import type { SearchDoc } from './types.ts'

export const MAX_RESULTS = 50

/** Lower case without accents: «Resolución» and «resolucion» are the same word. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

interface Folded {
  doc: SearchDoc
  title: string
  abstract: string
  category: string
}

/**
 * One searcher for the browser and the API. Fuzzy matching tolerates typos;
 * the folded copies make accents irrelevant.
 */
export function createSearcher(docs: SearchDoc[]): (query: string, limit?: number) => SearchDoc[] {
  const folded: Folded[] = docs.map((doc) => ({ doc, title: fold(doc.title), abstract: fold(doc.abstract), category: fold(doc.category) }))
  const fuse = new Fuse(folded, {
    keys: [
      { name: 'title', weight: 3 },
      { name: 'abstract', weight: 1 },
      { name: 'category', weight: 0.5 },
    ],
    threshold: 0.3,
    ignoreLocation: true,
    minMatchCharLength: 2,
  })
  return (query, limit = MAX_RESULTS) => {
    const q = fold(query).trim().slice(0, 100)
    if (q.length < 2) return []
    return fuse.search(q, { limit }).map((r) => r.item.doc)
  }
}
