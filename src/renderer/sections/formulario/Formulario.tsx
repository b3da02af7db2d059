import { ApiForm } from '../../forms-ui/ApiForm.tsx'
import type { PreparedSectionOf } from '../../types.ts'

/** A citizen form (PQRSD, appointment, clinical record…) rendered from its definition. */
export function Formulario({ section }: { section: PreparedSectionOf<'formulario'> }) {
  return <ApiForm prepared={section.prepared} titulo={section.titulo} />
}
