import { Heading, Nested, PanelBody, PanelTitle } from '../../../views/Heading.tsx'
import { OpenDataLinks } from '../../components/OpenDataLinks.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import { documentListDatasetId } from '../../../manifest/openData.ts'
import { formatDate } from '../../../views/formatDate.ts'
import { groupByCategory, initiallyOpen, panelsFor, sectionRows } from '../../../manifest/documentPanels.ts'
import type { PreparedSectionOf } from '../../types.ts'
import type { Fila } from '../../../manifest/types.generated.ts'

function rowUrl(r: Fila): string {
  return r.archivo ?? r.url ?? '#'
}

function DocumentItem({ row }: { row: Fila }) {
  return (
    <li>
      <SmartLink url={rowUrl(row)}>{row.titulo}</SmartLink>
      {(row.periodo || row.fecha) && <small className="meta">{[row.periodo, row.fecha && formatDate(row.fecha)].filter(Boolean).join(' · ')}</small>}
      {row.descripcion && <small className="descripcion">{row.descripcion}</small>}
    </li>
  )
}

function RowList({ rows }: { rows: Fila[] }) {
  const groups = groupByCategory(rows)
  return (
    <>
      {groups.map(g => (
        <div key={g.category ?? '-'} className="grupo-documentos">
          {g.category && groups.length > 1 && <Heading>{g.category}</Heading>}
          <ul className="lista-documentos">
            {g.rows.map(r => (
              <DocumentItem key={rowUrl(r) + r.titulo} row={r} />
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

const FIELD: Record<string, (r: Fila) => React.ReactNode> = {
  anio: r => r.anio,
  categoria: r => r.categoria,
  periodo: r => r.periodo,
  titulo: r => r.titulo,
  descripcion: r => r.descripcion,
  fecha: r => (r.fecha ? formatDate(r.fecha) : ''),
  enlace: r => (
    <SmartLink url={rowUrl(r)}>
      Ver<span className="visually-hidden"> {r.titulo}</span>
    </SmartLink>
  ),
}

function RowTable({ rows, columns, caption }: { rows: Fila[]; columns: NonNullable<PreparedSectionOf<'documentos'>['columnas']>; caption: string }) {
  return (
    <div className="overflow-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="striped">
        <thead>
          <tr>
            {columns.map(c => (
              <th key={c.campo} scope="col">
                {c.encabezado}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(r => (
            <tr key={rowUrl(r) + r.titulo}>
              {columns.map(c => (
                <td key={c.campo}>{FIELD[c.campo]!(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const DEFAULT_COLUMNS = [
  { campo: 'titulo', encabezado: 'Nombre' },
  { campo: 'descripcion', encabezado: 'Descripción' },
  { campo: 'fecha', encabezado: 'Fecha' },
  { campo: 'enlace', encabezado: 'Documento' },
] as const

/** Document rows as year panels (one open at a time, without JavaScript), a table or a list. */
export function Documentos({ section }: { section: PreparedSectionOf<'documentos'> }) {
  const title = section.titulo
  const openData = <OpenDataLinks id={documentListDatasetId(section.fuente)} title={title} datosGovCo={section.datosGovCo} />
  if (section.vista === 'tabla') {
    return (
      <section className="seccion-documentos">
        {title && <Heading>{title}</Heading>}
        <RowTable rows={sectionRows(section, section.filas)} columns={section.columnas ?? [...DEFAULT_COLUMNS]} caption={title ?? 'Documentos'} />
        {openData}
      </section>
    )
  }
  if (section.vista === 'lista') {
    return (
      <section className="seccion-documentos">
        {title && <Heading>{title}</Heading>}
        {/* The category headings sit under the section's title, or at its level when it has none (no skipped level). */}
        {title ? (
          <Nested>
            <RowList rows={sectionRows(section, section.filas)} />
          </Nested>
        ) : (
          <RowList rows={sectionRows(section, section.filas)} />
        )}
        {openData}
      </section>
    )
  }
  const panels = panelsFor(section, section.filas)
  const open = initiallyOpen(section.abierto, panels)
  return (
    <section className="seccion-documentos acordeon">
      {title && <Heading>{title}</Heading>}
      {panels.map(p => (
        <details key={p.id} name={`documentos-${section.fuente}`} id={p.id} open={p.id === open}>
          <PanelTitle below={Boolean(title)}>{p.title}</PanelTitle>
          <PanelBody below={Boolean(title)}>
            <RowList rows={p.rows} />
          </PanelBody>
        </details>
      ))}
      {openData}
    </section>
  )
}
