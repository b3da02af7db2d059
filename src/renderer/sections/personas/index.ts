import { defineSection } from '../module.ts'
import { Personas } from './Personas.tsx'

export default defineSection({
  tipo: 'personas',
  Component: Personas,
  interactive: false,
})
