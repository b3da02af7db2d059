import { colombiaDay } from '../filings/businessDays.ts'
import {
  CHANNEL_COLUMN,
  REPORT_COLUMNS,
  REPORT_CSV_PATH,
  REPORT_JSON_PATH,
  REPORT_ROWS_CSV_PATH,
  REQUEST_ROW_COLUMNS,
  reportCells,
  requestRowCells,
  type ReportPeriod,
  type ReportRow,
  type RequestReport,
  type RequestRow,
} from '../filings/requestReport.ts'

/**
 * The published report of requests (docs/decisions/rendering.md) as the server writes it into
 * the pre-rendered page (src/server/features/report/): the period selector (a GET
 * form, no script), the table per request type, the table per channel and the
 * downloads. Figures are counts only.
 */

/** A number of days in Spanish notation (decimal comma), or «—» when nothing was answered. */
function spanishDays(n: number | null): string {
  return n === null ? '—' : n.toLocaleString('es-CO', { maximumFractionDigits: 1 })
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function Row({ r, total = false }: { r: ReportRow; total?: boolean }) {
  const [name, ...rest] = reportCells(r, spanishDays)
  return (
    <tr className={total ? 'fila-total' : undefined}>
      <th scope="row">{name}</th>
      {rest.map((c, i) => (
        <td key={i}>{c}</td>
      ))}
    </tr>
  )
}

function Table({ caption, firstColumn, rows, total }: { caption: string; firstColumn: string; rows: ReportRow[]; total: ReportRow }) {
  return (
    <table className="striped">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {[firstColumn, ...REPORT_COLUMNS.slice(1)].map(c => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(r => (
          <Row key={r.nombre} r={r} />
        ))}
      </tbody>
      <tfoot>
        <Row r={total} total />
      </tfoot>
    </table>
  )
}

/** One row per request, no personal data (Decreto 103 de 2015, art. 52, num. 3). */
function RequestsTable({ caption, rows }: { caption: string; rows: RequestRow[] }) {
  return (
    <table className="striped">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {REQUEST_ROW_COLUMNS.map(c => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(r => {
          const [radicado, ...rest] = requestRowCells(r)
          return (
            <tr key={r.radicado}>
              <th scope="row">{radicado}</th>
              {rest.map((c, i) => (
                <td key={i}>{c === '' ? '—' : c}</td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

export function RequestReportTables({
  path,
  report,
  choices,
  error,
}: {
  path: string
  report: RequestReport
  choices: readonly ReportPeriod[]
  error?: string
}) {
  const etiqueta = report.periodo.etiqueta
  const query = `periodo=${encodeURIComponent(report.periodo.clave)}`
  return (
    <div id="informe-solicitudes" className="informe-solicitudes">
      <form method="get" action={path} className="informe-periodo">
        <label htmlFor="informe-periodo">Periodo del informe</label>
        <select
          id="informe-periodo"
          name="periodo"
          defaultValue={report.periodo.clave}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'informe-periodo-error' : undefined}
        >
          {choices.map(p => (
            <option key={p.clave} value={p.clave}>
              {capitalize(p.etiqueta)}
            </option>
          ))}
        </select>
        {error && (
          <small id="informe-periodo-error" className="error-campo">
            {error}
          </small>
        )}
        <button type="submit">Ver informe</button>
      </form>
      <h2 id="informe-titulo">Informe del {etiqueta}</h2>
      <div className="overflow-auto" tabIndex={0} role="region" aria-labelledby="informe-titulo">
        <Table
          caption={`Solicitudes recibidas en el ${etiqueta}, por tipo de solicitud`}
          firstColumn={REPORT_COLUMNS[0]}
          rows={report.filas}
          total={report.total}
        />
      </div>
      <h3 id="informe-titulo-canal">Por canal de recepción</h3>
      <p>
        Cada solicitud se cuenta una vez, en el canal por el que llegó: el sitio web o la radicación de la oficina de atención al usuario (presencial,
        telefónica, por correo electrónico o escrita).
      </p>
      <div className="overflow-auto" tabIndex={0} role="region" aria-labelledby="informe-titulo-canal">
        <Table
          caption={`Solicitudes recibidas en el ${etiqueta}, por canal de recepción`}
          firstColumn={CHANNEL_COLUMN}
          rows={report.porCanal}
          total={report.total}
        />
      </div>
      <h3 id="informe-titulo-solicitudes">Cada solicitud y su tiempo de respuesta</h3>
      <p>Una fila por solicitud, con su número de radicado y sin datos de quien la presentó.</p>
      <div className="overflow-auto" tabIndex={0} role="region" aria-labelledby="informe-titulo-solicitudes">
        <RequestsTable caption={`Solicitudes recibidas en el ${etiqueta}, una por fila`} rows={report.solicitudes} />
      </div>
      <p>
        Descargar estas cifras:{' '}
        <a href={`${REPORT_CSV_PATH}?${query}`} download>
          hoja de cálculo (CSV, separado por punto y coma)
        </a>{' '}
        · <a href={`${REPORT_JSON_PATH}?${query}`}>datos en JSON</a> ·{' '}
        <a href={`${REPORT_ROWS_CSV_PATH}?${query}`} download>
          cada solicitud (CSV)
        </a>
      </p>
      {report.publicado && (
        <p className="informe-congelado">
          Periodo cerrado: informe publicado el {colombiaDay(new Date(report.publicado))}; no cambia con correcciones posteriores.
        </p>
      )}
    </div>
  )
}
