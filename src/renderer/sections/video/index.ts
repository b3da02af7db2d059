import { defineSection } from '../module.ts'
import { Video } from './Video.tsx'

export default defineSection({
  tipo: 'video',
  Component: Video,
  interactive: false,
})
