import type { FooterPhone } from '../manifest/placeholders.ts'
import type { SearchDoc } from '../search/searchDoc.ts'
import { ExternalLink } from './ExternalLink.tsx'
import { formatDate } from './formatDate.ts'
import { Heading, Nested, useHeadingLevel } from './Heading.tsx'

/**
 * The search results as the /buscar page shows them (src/renderer/sections/busqueda/Busqueda.tsx)
 * and as the server writes them into the page for visitors without JavaScript
 * (src/server/features/search/): one component, so the two cannot drift.
 */

/** Id of the <noscript> the server fills with results for visitors without JavaScript. */
export const NO_JS_RESULTS_ID = 'resultados-sin-js'

/** The heading over the results (the spec's «Busqueda: {q}», verbatim). */
export function searchHeading(query: string): string {
  return `Busqueda: ${query}`
}

/** What the status line says once a search is done. */
export function searchDoneText(query: string, count: number): string {
  return count === 0
    ? `No se encontraron resultados para «${query}». Pruebe con otras palabras o revise la ortografía.`
    : `${count === 1 ? 'Se encontró 1 resultado' : `Se encontraron ${count} resultados`} para «${query}».`
}

function readableDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(date) : date
}

/** Shown when a search finds nothing: the phones and the two most asked-for services. */
export function NoResultsHelp({ phones }: { phones: FooterPhone[] }) {
  return (
    <div className="ayuda-busqueda">
      <p>¿No encontró lo que buscaba? Llámenos o use estos servicios:</p>
      <ul>
        {phones.map(t => (
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

/** The result list; its titles are one heading level below the search's heading. */
export function ResultList({ query, results }: { query: string; results: SearchDoc[] }) {
  return (
    <ol className="resultados-busqueda" aria-label={`Resultados de la búsqueda «${query}»`}>
      {results.map((r, i) => (
        <Result key={`${r.route}|${r.title}|${i}`} r={r} />
      ))}
    </ol>
  )
}

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

/** The results part of a done search (help when nothing was found), nested under the search's heading. */
export function SearchOutcome({ query, results, phones }: { query: string; results: SearchDoc[]; phones: FooterPhone[] }) {
  if (results.length === 0) return <NoResultsHelp phones={phones} />
  return (
    <Nested>
      <ResultList query={query} results={results} />
    </Nested>
  )
}

/**
 * What the server writes into the page's <noscript> for /buscar?q= without JavaScript:
 * the heading, the status line and the outcome, as the page shows them with JavaScript.
 */
export function NoScriptSearch({ query, results, phones }: { query: string; results: SearchDoc[]; phones: FooterPhone[] }) {
  return (
    <>
      <Heading>{searchHeading(query)}</Heading>
      <p className="estado-busqueda">{searchDoneText(query, results.length)}</p>
      <SearchOutcome query={query} results={results} phones={phones} />
    </>
  )
}
