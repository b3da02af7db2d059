import { defineSection } from '../module.ts'
import { Transparencia } from './Transparencia.tsx'
import { transparencyTree, type TransparencyNode } from './prepare.ts'

export default defineSection({
  tipo: 'transparencia',
  Component: Transparencia,
  interactive: false,
  prepare: s => ({ ...s, tree: transparencyTree(s) }),
  searchText: s => s.items.flatMap(i => [i.numero, ...(i.enlaces ?? []).map(e => e.texto), i.noAplica ?? '']).join(' '),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «transparencia» section: the annex's tree with the site's answers. */
  interface PreparedExtras {
    transparencia: { tree: TransparencyNode[] }
  }
}
