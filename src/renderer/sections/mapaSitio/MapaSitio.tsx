import { Heading } from '../../../views/Heading.tsx'
import type { SiteMapNode } from '../../../manifest/siteMap.ts'
import type { PreparedSectionOf } from '../../types.ts'

function Tree({ nodes }: { nodes: SiteMapNode[] }) {
  return (
    <ul>
      {nodes.map(n => (
        <li key={n.ruta}>
          <a href={n.ruta}>{n.etiqueta}</a>
          {n.hijos.length > 0 && <Tree nodes={n.hijos} />}
        </li>
      ))}
    </ul>
  )
}

export function MapaSitio({ section }: { section: PreparedSectionOf<'mapaSitio'> }) {
  return (
    <section className="seccion-mapa-sitio">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      <Tree nodes={section.tree} />
    </section>
  )
}
