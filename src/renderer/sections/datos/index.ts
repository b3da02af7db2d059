import { defineSection } from '../module.ts'
import { Datos } from './Datos.tsx'

export default defineSection({
  tipo: 'datos',
  Component: Datos,
  interactive: false,
})
