import { defineSection } from '../module.ts'
import { publications, type Publication } from './prepare.ts'
import { RegistroPublicaciones } from './RegistroPublicaciones.tsx'

export default defineSection({
  tipo: 'registroPublicaciones',
  Component: RegistroPublicaciones,
  interactive: false,
  prepare: (s, { manifest }) => ({ ...s, publicaciones: publications(manifest) }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «registroPublicaciones» section: every document row, newest first. */
  interface PreparedExtras {
    registroPublicaciones: { publicaciones: Publication[] }
  }
}
