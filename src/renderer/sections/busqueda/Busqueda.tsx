import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Heading } from '../../../views/Heading.tsx'
import { NO_JS_RESULTS_ID, searchDoneText, searchHeading, SearchOutcome } from '../../../views/SearchResults.tsx'
import type { SearchDoc } from '../../../search/searchDoc.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { nextTask } from '../../client/nextTask.ts'

type Searcher = (query: string) => SearchDoc[]

let loadedSearcher: Promise<Searcher> | undefined

/**
 * The index and fuse.js are fetched only here, on the first search: no
 * other page downloads them. Parsing the index, building the searcher and
 * rendering the results each take a few dozen milliseconds on a slow phone:
 * each runs in a task of its own (nextTask), so a tap never waits for the
 * three back to back (Lighthouse).
 */
function loadSearcher(): Promise<Searcher> {
  loadedSearcher ??= Promise.all([
    fetch('/search-index.json').then(r => {
      if (!r.ok) throw new Error(`search-index.json: HTTP ${r.status}`)
      return r.json() as Promise<SearchDoc[]>
    }),
    import('../../../search/search.ts'),
  ])
    .then(async ([docs, { createSearcher }]) => {
      await nextTask()
      return createSearcher(docs)
    })
    .then(async search => {
      await nextTask()
      return search
    })
  loadedSearcher.catch(() => {
    loadedSearcher = undefined // let a later search retry
  })
  return loadedSearcher
}

type SearchState = { phase: 'idle' } | { phase: 'no-query' } | { phase: 'searching' } | { phase: 'error' } | { phase: 'done'; results: SearchDoc[] }

/**
 * Results page of the site search (/buscar?q=). The query is read in the
 * browser (the page is pre-rendered without it); without JavaScript the
 * page still offers the search form.
 */
export function Busqueda({ section }: { section: PreparedSectionOf<'busqueda'> }) {
  // Undefined outside Vike (unit rendering); in the browser it changes on client-side navigation.
  const urlOriginal = usePageContext()?.urlOriginal
  const [query, setQuery] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [state, setState] = useState<SearchState>({ phase: 'idle' })

  // Read ?q= after hydration (never during render: the pre-rendered HTML has no query).
  // urlOriginal is the trigger (a client-side navigation to another ?q=), not a value read
  useEffect(() => {
    const q = (new URLSearchParams(window.location.search).get('q') ?? '').trim()
    setQuery(q)
    setText(q)
  }, [urlOriginal])

  useEffect(() => {
    if (query === null) return
    if (query.length === 0) {
      setState({ phase: 'no-query' })
      return
    }
    const siteName = document.title.split(' | ').slice(1).join(' | ')
    document.title = siteName ? `${searchHeading(query)} | ${siteName}` : searchHeading(query)
    let current = true
    setState({ phase: 'searching' })
    loadSearcher().then(
      search => current && setState({ phase: 'done', results: search(query) }),
      () => current && setState({ phase: 'error' }),
    )
    return () => {
      current = false
    }
  }, [query])

  const results = state.phase === 'done' ? state.results : []

  return (
    <section className="seccion-busqueda">
      <form role="search" action="/buscar" method="get" className="formulario-busqueda" aria-label="Nueva búsqueda">
        <label htmlFor="buscar-pagina">Buscar en el sitio</label>
        <fieldset role="group">
          <input
            id="buscar-pagina"
            type="search"
            name="q"
            value={text}
            onChange={e => setText(e.target.value)}
            required
            minLength={2}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit">Buscar</button>
        </fieldset>
      </form>
      {/* Without JavaScript the server puts the results of ?q= here (same search function). */}
      <noscript id={NO_JS_RESULTS_ID} />
      {query && <Heading>{searchHeading(query)}</Heading>}
      <p role="status" className="estado-busqueda">
        {state.phase === 'no-query' && 'Escriba al menos dos letras y pulse Buscar.'}
        {state.phase === 'searching' && 'Buscando…'}
        {state.phase === 'error' && 'No fue posible cargar la búsqueda. Revise su conexión e inténtelo de nuevo.'}
        {state.phase === 'done' && searchDoneText(query ?? '', results.length)}
      </p>
      {state.phase === 'done' && <SearchOutcome query={query ?? ''} results={results} phones={section.telefonosAyuda ?? []} />}
    </section>
  )
}
