import { defineSection } from '../module.ts'
import { Accesibilidad } from './Accesibilidad.tsx'

export default defineSection({
  tipo: 'accesibilidad',
  Component: Accesibilidad,
  interactive: true,
})
