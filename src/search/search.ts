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
  /** The page's search keywords, folded. */
  keywords: string[]
  /** Acronyms of the title (words written in capitals, «PQRSD»), folded. */
  acronyms: string[]
  /** 0 for pages, 1 for news, 2 for documents and links: pages answer citizens' questions first. */
  kind: number
}

const KIND: Record<string, number> = { Página: 0, Noticia: 1 }

/** Words of a text, for whole-word and acronym matches. */
function wordsOf(text: string): string[] {
  return text.split(/[^a-z0-9ñ]+/).filter(Boolean)
}

/**
 * How well a document answers the query, lower is better:
 * 0 exact title or keyword; 1 the query is a title word or the start of an
 * acronym in the title (pqrs → «PQRSD») or of a keyword; 2 every word in the
 * title or keywords; 3 the words only in the abstract or category.
 */
function tier(d: Folded, words: string[], q: string): number {
  if (d.title === q || d.keywords.includes(q)) return 0
  const titleWords = wordsOf(d.title)
  if (words.length === 1 && (titleWords.includes(q) || d.acronyms.some((a) => a.startsWith(q)))) return 1
  if (d.keywords.some((k) => k.startsWith(q))) return 1
  if (words.every((w) => d.title.includes(w) || d.keywords.some((k) => k.includes(w)))) return 2
  return 3
}

/** Lower is better: tier, then pages before documents, then every word in the title, title starting with the query, earlier matches. */
function rank(d: Folded, words: string[], q: string): number {
  const inTitle = words.filter((w) => d.title.includes(w)).length
  return tier(d, words, q) * 100_000 + d.kind * 10_000 + (words.length - inTitle) * 1000 + (d.title.startsWith(q) ? 0 : 100) + Math.min(d.title.indexOf(words[0]!) >>> 0, 99)
}

/**
 * One searcher for the browser, the API and the no-JavaScript /buscar page.
 * Documents containing every word of the query (accents folded, the page's
 * palabrasClave included) come first: exact title or keyword, then acronyms
 * and title words, pages before documents at equal match (see rank);
 * only when nothing matches literally does fuzzy matching (fuse.js) look for
 * near misses such as typos. The literal pass keeps a query fast on large
 * indexes; the fuzzy pass keeps «resolucon» useful.
 */
export function createSearcher(docs: SearchDoc[]): (query: string, limit?: number) => SearchDoc[] {
  const folded: Folded[] = docs.map((doc) => ({
    doc,
    title: fold(doc.title),
    rest: fold(`${doc.abstract} ${doc.category} ${doc.ti_doc}`),
    keywords: doc.keywords ? fold(doc.keywords).split('|') : [],
    acronyms: (doc.title.match(/\b[A-ZÑ]{2,}[A-Z0-9Ñ]*\b/g) ?? []).map(fold),
    kind: KIND[doc.ti_doc] ?? 2,
  }))
  let fuse: Fuse<Folded> | undefined
  return (query, limit = MAX_RESULTS) => {
    const q = fold(query).replace(/\s+/g, ' ').trim().slice(0, 100)
    if (q.length < 2) return []
    const words = q.split(' ')
    const literal: Array<{ d: Folded; score: number }> = []
    for (const d of folded) {
      if (words.every((w) => d.title.includes(w) || d.rest.includes(w) || d.keywords.some((k) => k.includes(w)))) literal.push({ d, score: rank(d, words, q) })
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
