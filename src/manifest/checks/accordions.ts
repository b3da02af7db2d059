import { NEWEST } from '../documentPanels.ts'
import { problemAt } from '../yamlSource.ts'
import { sectionsOfType, type CrossCheck } from './context.ts'

interface Accordion {
  abierto?: string | number
  paneles: { id: string }[]
}

/** Checks of `acordeon` sections: panel ids are anchors and the open panel must exist. */
export const accordionChecks: CrossCheck[] = [
  {
    name: 'duplicate-accordion-panel',
    run: ({ manifest }) => {
      const problems = []
      for (const { page, path, section } of sectionsOfType<Accordion>(manifest, 'acordeon')) {
        const ids = section.paneles.map(x => x.id)
        const dup = ids.find((id, i) => ids.indexOf(id) !== i)
        if (dup) problems.push(problemAt(page.source, [...path, 'paneles'], `el panel «${dup}» está repetido`))
      }
      return problems
    },
  },
  {
    name: 'missing-open-accordion-panel',
    run: ({ manifest }) => {
      const problems = []
      for (const { page, path, section } of sectionsOfType<Accordion>(manifest, 'acordeon')) {
        const ids = section.paneles.map(x => x.id)
        if (section.abierto === NEWEST) {
          if (!ids.some(id => /^\d{4}$/.test(id)))
            problems.push(
              problemAt(
                page.source,
                [...path, 'abierto'],
                `«${NEWEST}» abre el panel del año más reciente, pero ningún panel de este acordeón tiene un año como id (paneles: ${ids.join(', ')})`,
              ),
            )
        } else if (section.abierto !== undefined && section.abierto !== 'primero' && section.abierto !== 'ninguno' && !ids.includes(String(section.abierto))) {
          problems.push(problemAt(page.source, [...path, 'abierto'], `el panel «${section.abierto}» no existe en este acordeón (paneles: ${ids.join(', ')})`))
        }
      }
      return problems
    },
  },
]
