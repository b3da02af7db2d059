import { defineSection } from '../module.ts'
import { Enlaces } from './Enlaces.tsx'

export default defineSection({
  tipo: 'enlaces',
  Component: Enlaces,
  interactive: false,
})
