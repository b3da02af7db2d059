import type { PreparedNoticia } from './prepare.ts'
import { prepareNoticias } from './prepare.ts'
import { defineSection } from '../module.ts'
import { Noticias } from './Noticias.tsx'

export default defineSection({
  tipo: 'noticias',
  Component: Noticias,
  interactive: false,
  prepare: (s, { manifest }) => ({ ...s, ...prepareNoticias(s, manifest) }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «noticias» section. */
  interface PreparedExtras {
    noticias: { items: PreparedNoticia[] }
  }
}
