import { renderToStaticMarkup } from 'react-dom/server'
import { colombiaDateTime } from '../../manifest/colombiaTime.ts'
import type { SiteOverview } from '../platformOverview.ts'
import { ATTENTION_MARK, OVERVIEW_HEADERS, overviewCells } from '../platformOverviewOutput.ts'

/**
 * The operator's page (operatorPage.ts): the overview's rows as one table, the same columns as the CSV, the summary
 * line above it. No script, no style sheet, no image: the page's Content-Security-Policy allows nothing to load.
 * A site that stands out says so in words in its first cell, not only with the mark.
 */
export function PlatformOverviewPage(props: { rows: readonly SiteOverview[]; summary: string; csvHref: string; account: string; at: Date }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Estado de los sitios | Plataforma</title>
      </head>
      <body>
        <main>
          <h1>Estado de los sitios de la plataforma</h1>
          <p role="status">
            <strong>{props.summary}</strong>
          </p>
          <p>
            <a href={props.csvHref}>Descargar esta tabla en CSV (Excel)</a>
          </p>
          <table>
            <caption>Un sitio por fila; «{ATTENTION_MARK} Requiere atención» en la primera columna cuando algo falla.</caption>
            <thead>
              <tr>
                {OVERVIEW_HEADERS.map(h => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map(r => {
                const [mark, ...cells] = overviewCells(r)
                return (
                  <tr key={r.id} className={mark ? 'atencion' : undefined}>
                    <td>{mark ? <strong>{`${mark} Requiere atención`}</strong> : '—'}</td>
                    {cells.map((c, i) => (
                      <td key={OVERVIEW_HEADERS[i + 1]}>{c}</td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
          <p>
            Consulta de {props.account}, {colombiaDateTime(props.at.toISOString())} (hora de Colombia), registrada en la auditoría de la plataforma.
          </p>
        </main>
      </body>
    </html>
  )
}

export function renderOverviewPage(props: Parameters<typeof PlatformOverviewPage>[0]): string {
  return `<!doctype html>\n${renderToStaticMarkup(<PlatformOverviewPage {...props} />)}\n`
}
