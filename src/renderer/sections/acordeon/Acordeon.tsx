import { useId } from 'react'
import { initiallyOpen } from '../../../manifest/documentPanels.ts'
import { useSectionList } from '../../sectionContext.ts'
import { Heading, PanelBody, PanelTitle } from '../../../views/Heading.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** Native <details name> panels: one open at a time works without JavaScript. */
export function Acordeon({ section }: { section: PreparedSectionOf<'acordeon'> }) {
  const SectionList = useSectionList()
  const name = `acordeon-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const open = initiallyOpen(section.abierto, section.paneles)
  return (
    <section className="seccion-acordeon acordeon">
      {section.titulo && <Heading>{section.titulo}</Heading>}
      {section.paneles.map(p => (
        <details key={p.id} name={name} id={p.id} open={p.id === open}>
          <PanelTitle below={Boolean(section.titulo)}>{p.titulo}</PanelTitle>
          <PanelBody below={Boolean(section.titulo)}>
            <SectionList sections={p.secciones} />
          </PanelBody>
        </details>
      ))}
    </section>
  )
}
