import { defineSection } from '../module.ts'
import { Busqueda } from './Busqueda.tsx'

export default defineSection({
  tipo: 'busqueda',
  Component: Busqueda,
  interactive: true,
})
