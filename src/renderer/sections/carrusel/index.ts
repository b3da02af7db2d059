import { defineSection } from '../module.ts'
import { Carrusel } from './Carrusel.tsx'

export default defineSection({
  tipo: 'carrusel',
  Component: Carrusel,
  interactive: true,
})
