/**
 * The HTML of Markdown converted by an earlier pre-render (cheaper pages). Converting a text
 * (marked, then sanitize-html) costs about 0.3 ms even for one line, mostly the two libraries' set-up per call; a
 * content-only build renders every page again while staff changed one list, so almost every text is one converted
 * the build before. scripts/prerender.ts puts a store on globalThis under this key for the pages it renders, with
 * the HTML of its previous run for the same code (src/build/keptMarkdown.ts); markdownToHtml() takes a text's
 * HTML from it, or converts and adds it. Without a store (tests, `npm run dev`) every text is converted.
 */
export const MARKDOWN_STORE_KEY = Symbol.for('ese.markdown.store')

export interface MarkdownStore {
  /** The HTML kept for exactly this text, if any. */
  get(markdown: string): string | undefined
  set(markdown: string, html: string): void
}

export function markdownStore(): MarkdownStore | undefined {
  return (globalThis as Record<symbol, MarkdownStore | undefined>)[MARKDOWN_STORE_KEY]
}
