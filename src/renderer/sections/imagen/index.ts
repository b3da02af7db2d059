import { defineSection } from '../module.ts'
import { Imagen } from './Imagen.tsx'

export default defineSection({
  tipo: 'imagen',
  Component: Imagen,
  interactive: false,
})
