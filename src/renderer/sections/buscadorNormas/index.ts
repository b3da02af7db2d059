import { defineSection } from '../module.ts'
import { BuscadorNormas } from './BuscadorNormas.tsx'

export default defineSection({
  tipo: 'buscadorNormas',
  Component: BuscadorNormas,
  interactive: false,
})
