import { Heading, Nested, PanelBody, PanelTitle } from '../../../views/Heading.tsx'
import { SmartLink } from '../../components/SmartLink.tsx'
import type { PreparedSectionOf } from '../../types.ts'
import { ITA_MATRIX_FILES } from '../../../manifest/itaMatrix.ts'
import { categoryAnchor, numeralAnchor } from '../../../manifest/transparencyAnnex.ts'
import type { TransparencyNode } from './prepare.ts'

function Answer({ node }: { node: TransparencyNode }) {
  if (node.pendiente) {
    return (
      <p className="pendiente">
        <strong>Pendiente:</strong> {node.pendiente}
      </p>
    )
  }
  if (node.noAplica) {
    return (
      <p className="no-aplica">
        <strong>No aplica:</strong> {node.noAplica}
      </p>
    )
  }
  if (!node.enlaces) return null
  return (
    <>
      <ul className="lista-enlaces">
        {node.enlaces.map(e => (
          <li key={e.url + e.texto}>
            <SmartLink url={e.url}>{e.texto}</SmartLink>
            {e.descripcion && <small className="descripcion">{e.descripcion}</small>}
          </li>
        ))}
      </ul>
      {node.nota && <p className="nota-transparencia">{node.nota}</p>}
    </>
  )
}

function Items({ nodes }: { nodes: TransparencyNode[] }) {
  return (
    <ul className="arbol-transparencia">
      {nodes.map(n => (
        <li key={n.numero} id={numeralAnchor(n.numero)}>
          {n.hijos.length > 0 ? (
            <>
              <Heading>
                <span className="numeral">{n.numero}</span> {n.nombre}
              </Heading>
              <Nested>
                <Items nodes={n.hijos} />
              </Nested>
            </>
          ) : (
            <>
              <p className="nombre-numeral">
                <span className="numeral">{n.numero}</span> <strong>{n.nombre}</strong>
              </p>
              <Answer node={n} />
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * The transparency menu as the annex's numbered tree: one panel per category
 * (1 to 10), each numeral with its links or «No aplica» and the legal reason.
 */
export function Transparencia({ section }: { section: PreparedSectionOf<'transparencia'> }) {
  return (
    <section className="seccion-transparencia acordeon">
      <p className="descarga-matriz-ita">
        Matriz del Índice de Transparencia y Acceso a la Información (ITA), con el estado y la dirección de la evidencia de cada numeral:{' '}
        <a href={ITA_MATRIX_FILES.csv} download>
          CSV
        </a>{' '}
        ·{' '}
        <a href={ITA_MATRIX_FILES.json} download>
          JSON
        </a>
      </p>
      {section.tree.map(c => (
        <details key={c.numero} id={categoryAnchor(c.numero)} name="transparencia">
          <PanelTitle below={false}>
            {c.numero}. {c.nombre}
          </PanelTitle>
          <PanelBody below={false}>{c.hijos.length > 0 ? <Items nodes={c.hijos} /> : <Answer node={c} />}</PanelBody>
        </details>
      ))}
    </section>
  )
}
