import { OfficePage, type PageContext } from './OfficeShell.tsx'

/** The admin's downloads: every staff export as CSV (the same files as `npm run export`, docs/decisions/export.md). */
export function ExportsPage({ ctx, exports, periodo }: { ctx: PageContext; exports: Array<{ nombre: string; titulo: string }>; periodo: string }) {
  return (
    <OfficePage ctx={ctx} title="Exportaciones">
      <h1>Exportaciones</h1>
      <p>
        Archivos CSV para Excel o LibreOffice: separados por punto y coma, en UTF-8, con canal, funcionario que registró y fecha de recepción de cada
        radicación. Cada descarga queda en la auditoría.
      </p>
      <h2>Radicaciones y registros</h2>
      <ul>
        {exports.map(e => (
          <li key={e.nombre}>
            <a href={`/oficina/exportaciones/${e.nombre}.csv`} download>
              {`${e.titulo} (${e.nombre}.csv)`}
            </a>
          </li>
        ))}
        <li>
          <a href="/oficina/exportaciones/auditoria.csv" download>
            Auditoría (auditoria.csv)
          </a>
        </li>
      </ul>
      <h2>Informe de solicitudes</h2>
      <form method="get" action="/oficina/exportaciones/informe.csv">
        <label htmlFor="exportacion-periodo">
          {'Periodo (AAAA-TN o AAAA) '}
          <input id="exportacion-periodo" name="periodo" type="text" defaultValue={periodo} pattern="\d{4}(-T[1-4])?" />
        </label>
        <button type="submit">Descargar</button>
      </form>
    </OfficePage>
  )
}
