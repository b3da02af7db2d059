import { Heading } from '../../../views/Heading.tsx'
import { OpenDataLinks } from '../../components/OpenDataLinks.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import { tableDatasetId } from '../../../manifest/openData.ts'
import type { PreparedSectionOf } from '../../types.ts'

type Cell = PreparedSectionOf<'tabla'>['filas'][number][number]

function CellContent({ cell }: { cell: Cell }) {
  if (typeof cell === 'object') return <SmartLink url={cell.url}>{cell.texto}</SmartLink>
  return <>{cell}</>
}

export function Tabla({ section }: { section: PreparedSectionOf<'tabla'> }) {
  return (
    <section className="seccion-tabla">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <div className="overflow-auto" tabIndex={0} role="region" aria-label={section.titulo ?? 'Tabla'}>
        <table className="striped">
          <thead>
            <tr>
              {section.columnas.map(c => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.filas.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>
                    <CellContent cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OpenDataLinks id={tableDatasetId(section)} title={section.titulo} datosGovCo={section.datosGovCo} />
    </section>
  )
}
