import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Heading, Nested, useHeadingLevel } from '../../components/Heading.tsx'
import { formatDate } from '../../dates.ts'
import type { SearchDoc } from '../../../search/types.ts'
import type { PreparedSectionOf } from '../../types.ts'
import { ExternalLink } from '../../components/ExternalLink.tsx'

type Buscador = (consulta: string) => SearchDoc[]

let buscadorCargado: Promise<Buscador> | undefined

/**
 * The index and fuse.js are fetched only here, on the first search: no
 * other page downloads them.
 */
function cargarBuscador(): Promise<Buscador> {
  buscadorCargado ??= Promise.all([
    fetch('/search-index.json').then((r) => {
      if (!r.ok) throw new Error(`search-index.json: HTTP ${r.status}`)
      return r.json() as Promise<SearchDoc[]>
    }),
    import('../../../search/search.ts'),
  ]).then(([docs, { createSearcher }]) => createSearcher(docs))
  buscadorCargado.catch(() => {
    buscadorCargado = undefined // let a later search retry
  })
  return buscadorCargado
}

type Estado = { fase: 'inicial' } | { fase: 'sin-consulta' } | { fase: 'buscando' } | { fase: 'error' } | { fase: 'listo'; resultados: SearchDoc[] }

function fechaLegible(fecha: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? formatDate(fecha) : fecha
}

function Resultado({ r }: { r: SearchDoc }) {
  const Titulo = `h${Math.min(useHeadingLevel(), 6)}` as 'h3'
  return (
    <li>
      <article className="resultado-busqueda">
        <Titulo>
          <ExternalLink href={r.route}>{r.title}</ExternalLink>
        </Titulo>
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
              <dd>{fechaLegible(r.date)}</dd>
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
export function Busqueda(_: { section: PreparedSectionOf<'busqueda'> }) {
  // Undefined outside Vike (unit rendering); in the browser it changes on client-side navigation.
  const urlOriginal = usePageContext()?.urlOriginal
  const [consulta, setConsulta] = useState<string | null>(null)
  const [texto, setTexto] = useState('')
  const [estado, setEstado] = useState<Estado>({ fase: 'inicial' })

  // Read ?q= after hydration (never during render: the pre-rendered HTML has no query).
  useEffect(() => {
    const q = (new URLSearchParams(window.location.search).get('q') ?? '').trim()
    setConsulta(q)
    setTexto(q)
  }, [urlOriginal])

  useEffect(() => {
    if (consulta === null) return
    if (consulta.length === 0) {
      setEstado({ fase: 'sin-consulta' })
      return
    }
    const sitio = document.title.split(' | ').slice(1).join(' | ')
    document.title = sitio ? `Busqueda: ${consulta} | ${sitio}` : `Busqueda: ${consulta}`
    let vigente = true
    setEstado({ fase: 'buscando' })
    cargarBuscador().then(
      (buscar) => vigente && setEstado({ fase: 'listo', resultados: buscar(consulta) }),
      () => vigente && setEstado({ fase: 'error' }),
    )
    return () => {
      vigente = false
    }
  }, [consulta])

  const resultados = estado.fase === 'listo' ? estado.resultados : []

  return (
    <section className="seccion-busqueda">
      <form role="search" action="/buscar" method="get" className="formulario-busqueda">
        <label htmlFor="buscar-pagina">Buscar en el sitio</label>
        <fieldset role="group">
          <input id="buscar-pagina" type="search" name="q" value={texto} onChange={(e) => setTexto(e.target.value)} required minLength={2} maxLength={100} autoComplete="off" />
          <button type="submit">Buscar</button>
        </fieldset>
      </form>
      <noscript>
        <p>
          Para ver los resultados, la búsqueda necesita JavaScript. También puede recorrer el sitio desde el <a href="/mapa-del-sitio">mapa del sitio</a>.
        </p>
      </noscript>
      {consulta && <Heading>{`Busqueda: ${consulta}`}</Heading>}
      <p role="status" className="estado-busqueda">
        {estado.fase === 'sin-consulta' && 'Escriba al menos dos letras y pulse Buscar.'}
        {estado.fase === 'buscando' && 'Buscando…'}
        {estado.fase === 'error' && 'No fue posible cargar la búsqueda. Revise su conexión e inténtelo de nuevo.'}
        {estado.fase === 'listo' &&
          (resultados.length === 0
            ? `No se encontraron resultados para «${consulta}». Pruebe con otras palabras o revise la ortografía.`
            : `${resultados.length === 1 ? 'Se encontró 1 resultado' : `Se encontraron ${resultados.length} resultados`} para «${consulta}».`)}
      </p>
      {resultados.length > 0 && (
        <Nested>
          <ol className="resultados-busqueda" aria-label={`Resultados de la búsqueda «${consulta}»`}>
            {resultados.map((r, i) => (
              <Resultado key={`${r.route}|${r.title}|${i}`} r={r} />
            ))}
          </ol>
        </Nested>
      )}
    </section>
  )
}
