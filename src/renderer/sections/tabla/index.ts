import { defineSection } from '../module.ts'
import { Tabla } from './Tabla.tsx'

export default defineSection({
  tipo: 'tabla',
  Component: Tabla,
  interactive: false,
})
