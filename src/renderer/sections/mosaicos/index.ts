import { defineSection } from '../module.ts'
import { Mosaicos } from './Mosaicos.tsx'

export default defineSection({
  tipo: 'mosaicos',
  Component: Mosaicos,
  interactive: false,
})
