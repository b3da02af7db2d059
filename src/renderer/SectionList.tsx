import type { ComponentType } from 'react'
import { registry } from './registry.tsx'
import type { PreparedSection } from './types.ts'

export function SectionList({ sections }: { sections: PreparedSection[] }) {
  return (
    <>
      {sections.map((s, i) => {
        const Component = registry[s.tipo] as ComponentType<{ section: PreparedSection }>
        return <Component key={i} section={s} />
      })}
    </>
  )
}
