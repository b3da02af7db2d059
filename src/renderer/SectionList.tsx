import type { ComponentType } from 'react'
import { SectionListContext } from './sectionContext.ts'
import { sectionModules } from './sections/registry.ts'
import type { PreparedSection } from './types.ts'

export function SectionList({ sections }: { sections: PreparedSection[] }) {
  return (
    <SectionListContext.Provider value={SectionList}>
      {sections.map((s, i) => {
        const Component = sectionModules[s.tipo].Component as ComponentType<{ section: PreparedSection }>
        return <Component key={i} section={s} />
      })}
    </SectionListContext.Provider>
  )
}
