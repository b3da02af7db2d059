import { createContext, useContext, type ComponentType } from 'react'
import type { PreparedSection } from './types.ts'

type SectionListComponent = ComponentType<{ sections: PreparedSection[] }>

/**
 * A container section (acordeon) renders its nested sections through this
 * context, provided by SectionList: the container never imports the
 * registry, so there is no SectionList → registry → container → SectionList cycle.
 */
export const SectionListContext = createContext<SectionListComponent | null>(null)

export function useSectionList(): SectionListComponent {
  const list = useContext(SectionListContext)
  if (!list) throw new Error('a nested section was rendered outside SectionList')
  return list
}
