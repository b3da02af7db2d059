/** One search result, with the field names of the spec's contract. */
export interface SearchDoc {
  route: string
  title: string
  date: string
  abstract: string
  category: string
  ti_doc: string
  /** Pages only: the manifest's palabrasClave, folded and joined by «|»; used for ranking, never shown nor sent by the API. */
  keywords?: string
}
