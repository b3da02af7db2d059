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
  rest: string
}

/** Lower is better: every word in the title, then title starting with the query, then earlier matches. */
function rank(d: Folded, words: string[], q: string): number {
  const inTitle = words.filter((w) => d.title.includes(w)).length
  return (words.length - inTitle) * 1000 + (d.title.startsWith(q) ? 0 : 100) + Math.min(d.title.indexOf(words[0]!) >>> 0, 99)
}

/**
 * One searcher for the browser and the API. Documents containing every word
 * of the query (accents folded) come first, ranked by where the words appear;
 * only when nothing matches literally does fuzzy matching (fuse.js) look for
 * near misses such as typos. The literal pass keeps a query fast on large
 * indexes; the fuzzy pass keeps «resolucon» useful.
 */
export function createSearcher(docs: SearchDoc[]): (query: string, limit?: number) => SearchDoc[] {
  const folded: Folded[] = docs.map((doc) => ({ doc, title: fold(doc.title), rest: fold(`${doc.abstract} ${doc.category} ${doc.ti_doc}`) }))
  let fuse: Fuse<Folded> | undefined
  return (query, limit = MAX_RESULTS) => {
    const q = fold(query).replace(/\s+/g, ' ').trim().slice(0, 100)
    if (q.length < 2) return []
    const words = q.split(' ')
    const literal: Array<{ d: Folded; score: number }> = []
    for (const d of folded) {
      if (words.every((w) => d.title.includes(w) || d.rest.includes(w))) literal.push({ d, score: rank(d, words, q) })
    }
    if (literal.length > 0) {
      return literal
        .sort((a, b) => a.score - b.score)
        .slice(0, limit)
        .map((x) => x.d.doc)
    }
    // Near misses are looked for in titles only: short strings keep the fuzzy pass fast.
    fuse ??= new Fuse(folded, {
      keys: ['title'],
      threshold: 0.3,
      ignoreLocation: true,
      minMatchCharLength: 2,
    })
    return fuse.search(q, { limit }).map((r) => r.item.doc)
  }
}
