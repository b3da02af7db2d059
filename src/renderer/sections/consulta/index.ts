import { defineSection } from '../module.ts'
import { Consulta } from './Consulta.tsx'

export default defineSection({
  tipo: 'consulta',
  Component: Consulta,
  // Keeps the typed values and the answer in the browser; without script the server answers the posted form.
  interactive: true,
})
