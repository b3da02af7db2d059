import { defineSection } from '../module.ts'
import { Acceso } from './Acceso.tsx'

export default defineSection({
  tipo: 'acceso',
  Component: Acceso,
  interactive: true,
})
