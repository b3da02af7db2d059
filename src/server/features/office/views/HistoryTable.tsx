import { Fragment, type ReactNode } from 'react'
import { ACTION_LABEL, ESTADO_LABEL, type Estado } from '../../../../filings/states.ts'
import type { HistoryRow } from '../../../store/office.ts'
import { dateTime, day } from '../format.ts'

/** History rows that are not actions (the outcome of the citizen's e-mails). */
const NOTE_LABEL: Record<string, string> = { correo_ciudadano: 'Correo al ciudadano' }

/** The lines of a row's detail, each with its name as key. */
function details(h: HistoryRow, radicado: string): Array<[string, ReactNode]> {
  const out: Array<[string, ReactNode]> = []
  if (h.entidad) out.push(['entidad', `Entidad: ${h.entidad}`])
  if (h.nuevaFecha) out.push(['fecha', `Nueva fecha: ${day(h.nuevaFecha)}`])
  if (h.tardio) out.push(['tardio', 'Fuera del término de traslado (art. 21)'])
  if (h.negada) out.push(['negada', 'La respuesta niega lo solicitado'])
  if (h.texto)
    out.push([
      'texto',
      <span key="texto" className="texto-largo">
        {h.texto}
      </span>,
    ])
  if (h.archivo) {
    const href = `/api/oficina/radicaciones/${radicado}/respuestas/${h.id}`
    out.push(['archivo', <a key="archivo" href={href} download>{`Descargar respuesta (PDF: ${h.archivoNombre ?? 'respuesta.pdf'})`}</a>])
  }
  return out
}

/** What was done on a filing, oldest first, with who did it. */
export function HistoryTable({ history, radicado }: { history: HistoryRow[]; radicado: string }) {
  if (history.length === 0) return <p>Sin actuaciones todavía.</p>
  return (
    <table>
      <caption className="visualmente-oculto">Historial</caption>
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Actuación</th>
          <th scope="col">Estado</th>
          <th scope="col">Por</th>
          <th scope="col">Detalle</th>
        </tr>
      </thead>
      <tbody>
        {history.map(h => (
          <tr key={h.id}>
            <td>{dateTime(h.en)}</td>
            <td>{(ACTION_LABEL as Record<string, string>)[h.accion] ?? NOTE_LABEL[h.accion] ?? h.accion}</td>
            <td>{ESTADO_LABEL[h.estadoNuevo as Estado] ?? h.estadoNuevo}</td>
            <td>{h.cuentaNombre ?? ''}</td>
            <td>
              {details(h, radicado).map(([key, d], i) => (
                <Fragment key={key}>
                  {i > 0 && <br />}
                  {d}
                </Fragment>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
