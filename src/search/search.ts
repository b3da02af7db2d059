import Fuse from 'fuse.js'
import type { SearchDoc } from './searchDoc.ts'

export const MAX_RESULTS = 50

/** Lower case without accents: «Resolución» and «resolucion» are the same word. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

interface Folded {
  doc: SearchDoc
  title: string
  /** The title's words, for whole-word matches. */
  titleWords: string[]
  rest: string
  /** The page's search keywords, folded. */
  keywords: string[]
  /** Acronyms of the title (words written in capitals, «PQRSD»), folded. */
  acronyms: string[]
  /** 0 for pages, 1 for news, 2 for documents and links: pages answer citizens' questions first. */
  kind: number
  /** Title, rest and keywords on separate lines: one `includes` per word (a query word never holds a line break). */
  all: string
}

const KIND: Record<string, number> = { Página: 0, Noticia: 1 }

/** Words of a folded text, for whole-word and acronym matches and for the typo vocabulary. */
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
  if (words.length === 1 && (d.titleWords.includes(q) || d.acronyms.some(a => a.startsWith(q)))) return 1
  if (d.keywords.some(k => k.startsWith(q))) return 1
  if (words.every(w => d.title.includes(w) || d.keywords.some(k => k.includes(w)))) return 2
  return 3
}

/** Lower is better: tier, then pages before documents, then every word in the title, title starting with the query, earlier matches. */
function rank(d: Folded, words: string[], q: string): number {
  const inTitle = words.filter(w => d.title.includes(w)).length
  return (
    tier(d, words, q) * 100_000 +
    d.kind * 10_000 +
    (words.length - inTitle) * 1000 +
    (d.title.startsWith(q) ? 0 : 100) +
    Math.min(d.title.indexOf(words[0]!) >>> 0, 99)
  )
}

/** Fuse's threshold for a near miss: about one wrong letter in four. */
const TYPO_THRESHOLD = 0.3
/** Near misses tried per mistyped word, best first. */
const MAX_CORRECTIONS = 5

/**
 * One searcher for the browser, the API and the no-JavaScript /buscar page.
 * Documents containing every word of the query (accents folded, the page's
 * palabrasClave included) come first: exact title or keyword, then acronyms
 * and title words, pages before documents at equal match (see rank).
 * Only when nothing matches literally are typos looked for: each word of the
 * query that appears nowhere in the index is replaced by its near misses
 * among the index's words (fuse.js over a vocabulary of a few thousand words,
 * not over every document, which took 70 ms on an 11,000-document index),
 * and the literal pass runs again with them: «resolucon 12-40» finds
 * «Resolución 12-40».
 */
export function createSearcher(docs: SearchDoc[]): (query: string, limit?: number) => SearchDoc[] {
  const folded: Folded[] = docs.map(doc => {
    const title = fold(doc.title)
    const rest = fold(`${doc.abstract} ${doc.category} ${doc.ti_doc}`)
    const keywords = doc.keywords ? fold(doc.keywords).split('|') : []
    return {
      doc,
      title,
      titleWords: wordsOf(title),
      rest,
      keywords,
      acronyms: (doc.title.match(/\b[A-ZÑ]{2,}[A-Z0-9Ñ]*\b/g) ?? []).map(fold),
      kind: KIND[doc.ti_doc] ?? 2,
      all: [title, rest, ...keywords].join('\n'),
    }
  })
  let vocabulary: string[] | undefined
  const vocabularyOf = () => {
    if (vocabulary) return vocabulary
    const words = new Set<string>()
    for (const d of folded) for (const text of [d.title, d.rest, ...d.keywords]) for (const w of wordsOf(text)) words.add(w)
    vocabulary = [...words]
    return vocabulary
  }
  // A near miss of a part of length L has at most 0.3·L wrong letters, so it is no shorter than
  // L − ⌈0.3·L⌉: fuse.js only looks at the words that long (the numbers and short words of a large
  // index are most of its vocabulary and can never match a long typo).
  const fuseByMinLength = new Map<number, Fuse<string>>()
  const nearMisses = (part: string): string[] => {
    const minLength = part.length - Math.ceil(part.length * TYPO_THRESHOLD)
    let fuse = fuseByMinLength.get(minLength)
    if (!fuse) {
      fuse = new Fuse(
        vocabularyOf().filter(w => w.length >= minLength),
        { threshold: TYPO_THRESHOLD, ignoreLocation: true, minMatchCharLength: 2 },
      )
      fuseByMinLength.set(minLength, fuse)
    }
    return fuse.search(part, { limit: MAX_CORRECTIONS }).map(r => r.item)
  }

  /** Documents containing, for every word, one of its spellings; best ranked first. */
  const literal = (spellings: string[][], limit: number): SearchDoc[] => {
    const words = spellings.map(s => s[0]!)
    const q = words.join(' ')
    const found: Array<{ d: Folded; score: number }> = []
    for (const d of folded) {
      if (spellings.every(s => s.some(w => d.all.includes(w)))) found.push({ d, score: rank(d, words, q) })
    }
    return found
      .sort((a, b) => a.score - b.score)
      .slice(0, limit)
      .map(x => x.d.doc)
  }

  /** Whether a run of letters and digits appears in the index: it can only appear inside one of the index's words. */
  const known = (part: string) => vocabularyOf().some(w => w.includes(part))

  /** A query word's spellings: itself when the index has it, else the near misses of its unknown parts. */
  const spellingsOf = (word: string): string[] => {
    let spellings = [word]
    for (const part of new Set(wordsOf(word))) {
      if (known(part)) continue
      const near = nearMisses(part)
      spellings = spellings.flatMap(s => near.map(n => s.replace(part, n)))
    }
    return spellings
  }

  return (query, limit = MAX_RESULTS) => {
    const q = fold(query).replace(/\s+/g, ' ').trim().slice(0, 100)
    if (q.length < 2) return []
    const words = q.split(' ')
    // A query whose every run of letters is in the index is searched as typed; only a word the index lacks is corrected.
    if (words.every(w => wordsOf(w).every(known)))
      return literal(
        words.map(w => [w]),
        limit,
      )
    const spellings = words.map(spellingsOf)
    if (spellings.some(s => s.length === 0)) return []
    return literal(spellings, limit)
  }
}
