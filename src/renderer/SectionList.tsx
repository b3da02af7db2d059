import type { ComponentType } from 'react'
import { SectionListContext } from './sectionContext.ts'
// Components only: the section modules' preparers are build-time code (see sections/components.ts).
import { sectionComponents } from './sections/components.ts'
import type { PreparedSection } from './types.ts'

export function SectionList({ sections }: { sections: PreparedSection[] }) {
  return (
    <SectionListContext.Provider value={SectionList}>
      {sections.map((s, i) => {
        const Component = sectionComponents[s.tipo] as ComponentType<{ section: PreparedSection }>
        // A section with `ancla` can be linked as /ruta#ancla (the ITA matrix points at it; src/manifest/anchors.ts).
        return s.ancla ? (
          <div key={i} id={s.ancla} className="ancla-seccion">
            <Component section={s} />
          </div>
        ) : (
          <Component key={i} section={s} />
        )
      })}
    </SectionListContext.Provider>
  )
}
