import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Heading, Nested, useHeadingLevel } from '../../components/Heading.tsx'
import { formatDate } from '../../dates.ts'
import type { SearchDoc } from '../../../search/types.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { ExternalLink } from '../../components/ExternalLink.tsx'
import { nextTask } from '../../client/nextTask.ts'
import type { FooterPhone } from '../../../manifest/placeholders.ts'

type Searcher = (query: string) => SearchDoc[]

let loadedSearcher: Promise<Searcher> | undefined

/**
 * The index and fuse.js are fetched only here, on the first search: no
 * other page downloads them. Parsing the index, building the searcher and
 * rendering the results each take a few dozen milliseconds on a slow phone:
 * each runs in a task of its own (nextTask), so a tap never waits for the
 * three back to back (issue 16, Lighthouse).
 */
function loadSearcher(): Promise<Searcher> {
  loadedSearcher ??= Promise.all([
    fetch('/search-index.json').then((r) => {
      if (!r.ok) throw new Error(`search-index.json: HTTP ${r.status}`)
      return r.json() as Promise<SearchDoc[]>
    }),
    import('../../../search/search.ts'),
  ])
    .then(async ([docs, { createSearcher }]) => {
      await nextTask()
      return createSearcher(docs)
    })
    .then(async (search) => {
      await nextTask()
      return search
    })
  loadedSearcher.catch(() => {
    loadedSearcher = undefined // let a later search retry
  })
  return loadedSearcher
}

type SearchState = { phase: 'idle' } | { phase: 'no-query' } | { phase: 'searching' } | { phase: 'error' } | { phase: 'done'; results: SearchDoc[] }

function readableDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(date) : date
}

/** Shown when a search finds nothing: the phones and the two most asked-for services. */
export function NoResultsHelp({ phones }: { phones: FooterPhone[] }) {
  return (
    <div className="ayuda-busqueda">
      <p>¿No encontró lo que buscaba? Llámenos o use estos servicios:</p>
      <ul>
        {phones.map((t) => (
          <li key={t.href}>
            <strong>{t.etiqueta}:</strong> <a href={t.href}>{t.numero}</a>
            {t.horario && <span> ({t.horario})</span>}
          </li>
        ))}
        <li>
          <a href="/pqrsd">Radicar una petición, queja, reclamo, sugerencia o denuncia (PQRSD)</a>
        </li>
        <li>
          <a href="/citas">Solicitar una cita médica</a>
        </li>
      </ul>
    </div>
  )
}

/** The result list, also rendered by the server for /buscar?q= without JavaScript (src/server/routes/searchPage.ts). */
export function ResultList({ query, results }: { query: string; results: SearchDoc[] }) {
  return (
    <ol className="resultados-busqueda" aria-label={`Resultados de la búsqueda «${query}»`}>
      {results.map((r, i) => (
        <Result key={`${r.route}|${r.title}|${i}`} r={r} />
      ))}
    </ol>
  )
}

/** Id of the <noscript> the server fills with results for visitors without JavaScript. */
export const NO_JS_RESULTS_ID = 'resultados-sin-js'

function Result({ r }: { r: SearchDoc }) {
  const TitleTag = `h${Math.min(useHeadingLevel(), 6)}` as 'h3'
  return (
    <li>
      <article className="resultado-busqueda">
        <TitleTag>
          {/* Pages and files of the site open in the same window; other sites in a new one. */}
          {/^https?:\/\//.test(r.route) ? <ExternalLink href={r.route}>{r.title}</ExternalLink> : <a href={r.route}>{r.title}</a>}
        </TitleTag>
        <p className="ruta-resultado">{r.route}</p>
        {r.abstract && <p>{r.abstract}</p>}
        <dl className="meta-resultado">
          <div>
            <dt>Categoría</dt>
            <dd>{r.category}</dd>
          </div>
          <div>
            <dt>Tipo</dt>
            <dd>{r.ti_doc}</dd>
          </div>
          {r.date && (
            <div>
              <dt>Fecha</dt>
              <dd>{readableDate(r.date)}</dd>
            </div>
          )}
        </dl>
      </article>
    </li>
  )
}

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
    document.title = siteName ? `Busqueda: ${query} | ${siteName}` : `Busqueda: ${query}`
    let current = true
    setState({ phase: 'searching' })
    loadSearcher().then(
      (search) => current && setState({ phase: 'done', results: search(query) }),
      () => current && setState({ phase: 'error' }),
    )
    return () => {
      current = false
    }
  }, [query])

  const results = state.phase === 'done' ? state.results : []

  return (
    <section className="seccion-busqueda">
      <form role="search" action="/buscar" method="get" className="formulario-busqueda">
        <label htmlFor="buscar-pagina">Buscar en el sitio</label>
        <fieldset role="group">
          <input id="buscar-pagina" type="search" name="q" value={text} onChange={(e) => setText(e.target.value)} required minLength={2} maxLength={100} autoComplete="off" />
          <button type="submit">Buscar</button>
        </fieldset>
      </form>
      {/* Without JavaScript the server puts the results of ?q= here (same search function). */}
      <noscript id={NO_JS_RESULTS_ID} />
      {query && <Heading>{`Busqueda: ${query}`}</Heading>}
      <p role="status" className="estado-busqueda">
        {state.phase === 'no-query' && 'Escriba al menos dos letras y pulse Buscar.'}
        {state.phase === 'searching' && 'Buscando…'}
        {state.phase === 'error' && 'No fue posible cargar la búsqueda. Revise su conexión e inténtelo de nuevo.'}
        {state.phase === 'done' &&
          (results.length === 0
            ? `No se encontraron resultados para «${query}». Pruebe con otras palabras o revise la ortografía.`
            : `${results.length === 1 ? 'Se encontró 1 resultado' : `Se encontraron ${results.length} resultados`} para «${query}».`)}
      </p>
      {state.phase === 'done' && results.length === 0 && <NoResultsHelp phones={section.telefonosAyuda ?? []} />}
      {results.length > 0 && (
        <Nested>
          <ResultList query={query ?? ''} results={results} />
        </Nested>
      )}
    </section>
  )
}
