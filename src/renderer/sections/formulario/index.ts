import type { PreparedForm } from '../../../forms/prepared.ts'
import { preparedFormById } from '../../../forms/prepared.ts'
import { defineSection } from '../module.ts'
import { Formulario } from './Formulario.tsx'

export default defineSection({
  tipo: 'formulario',
  Component: Formulario,
  interactive: true,
  prepare: (s, { manifest }) => ({
    ...s,
    prepared: preparedFormById(manifest.forms, manifest.lookups?.data, s.formulario, manifest.site?.data.avisoPrivacidad),
  }),
})

declare module '../../types.ts' {
  /** What the preparer adds to a «formulario» section. */
  interface PreparedExtras {
    formulario: { prepared: PreparedForm }
  }
}
