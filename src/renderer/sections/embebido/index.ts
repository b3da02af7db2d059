import { defineSection } from '../module.ts'
import { Embebido } from './Embebido.tsx'

export default defineSection({
  tipo: 'embebido',
  Component: Embebido,
  interactive: false,
})
