import type { PreparedSection } from '../../types.ts'
import { defineSection } from '../module.ts'
import { Acordeon } from './Acordeon.tsx'

export default defineSection({
  tipo: 'acordeon',
  Component: Acordeon,
  interactive: false,
  prepare: (s, { prepareSections }) => ({ ...s, paneles: s.paneles.map(p => ({ ...p, secciones: prepareSections(p.secciones) })) }),
  searchText: (s, { sectionsText }) => sectionsText(s.paneles.flatMap(p => p.secciones)),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «acordeon» section. */
  interface PreparedExtras {
    acordeon: { paneles: Array<{ id: string; titulo: string; secciones: PreparedSection[] }> }
  }
}
