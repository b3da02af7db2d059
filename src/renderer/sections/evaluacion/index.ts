import type { PreparedForm } from '../../../forms/prepared.ts'
import { preparedFormById } from '../../../forms/prepared.ts'
import { defineSection } from '../module.ts'
import { Evaluacion } from './Evaluacion.tsx'

export default defineSection({
  tipo: 'evaluacion',
  Component: Evaluacion,
  interactive: true,
  prepare: (s, { manifest }) => ({ ...s, prepared: preparedFormById(manifest.forms, manifest.lookups?.data, s.formulario) }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «evaluacion» section. */
  interface PreparedExtras {
    evaluacion: { prepared: PreparedForm }
  }
}
