import type { AuditRow } from '../../../store/office.ts'
import { dateTime } from '../format.ts'
import { ErrorSummary, OfficePage, type PageContext } from './OfficeShell.tsx'

const COLUMNS = ['Fecha', 'Evento', 'Cuenta', 'Radicado', 'Detalle', 'Dirección']

/** The audit log for admins: the latest rows, from a day on. */
export function AuditPage({ ctx, rows, since, error }: { ctx: PageContext; rows: AuditRow[]; since: string | undefined; error?: string }) {
  return (
    <OfficePage ctx={ctx} title="Auditoría">
      <h1>Auditoría</h1>
      <p>
        Registro de solo adición: ingresos (y fallidos), salidas, consultas de datos personales, descargas, acciones y cambios de cuentas. Se exporta con{' '}
        <code>npm run -s export -- auditoria --since AAAA-MM-DD</code>.
      </p>
      {error && <ErrorSummary message="Revise la fecha" fields={{ since: error }} idOf={() => 'auditoria-desde'} />}
      <form method="get" action="/oficina/auditoria" aria-label="Filtro de auditoría">
        <label htmlFor="auditoria-desde">
          {'Desde (AAAA-MM-DD) '}
          <input id="auditoria-desde" name="since" type="date" defaultValue={since ?? ''} />
        </label>
        <button type="submit">Ver</button>
      </form>
      <table>
        <caption>{`${rows.length} registros, los más recientes primero (máximo 500)`}</caption>
        <thead>
          <tr>
            {COLUMNS.map(c => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(r => (
            <tr key={r.id}>
              <td>{dateTime(r.en)}</td>
              <td>{r.evento}</td>
              <td>{r.cuentaCorreo ?? r.correo ?? ''}</td>
              <td>{r.radicado ?? ''}</td>
              <td>{r.detalle ?? ''}</td>
              <td>{r.direccion ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </OfficePage>
  )
}
