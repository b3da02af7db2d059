import { markdownToHtml } from '../../markdown.ts'
import { defineSection } from '../module.ts'
import { Preguntas } from './Preguntas.tsx'

export default defineSection({
  tipo: 'preguntas',
  Component: Preguntas,
  interactive: false,
  prepare: s => ({ ...s, preguntas: s.preguntas.map(q => ({ ...q, respuesta: markdownToHtml(q.respuesta) })) as typeof s.preguntas }),
})
