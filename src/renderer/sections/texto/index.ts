import { markdownToHtml } from '../../markdown.ts'
import { markdownToPlain } from '../../../search/buildIndex.ts'
import { defineSection } from '../module.ts'
import { Texto } from './Texto.tsx'

export default defineSection({
  tipo: 'texto',
  Component: Texto,
  interactive: false,
  prepare: s => ({ ...s, contenido: markdownToHtml(s.contenido) }),
  searchText: s => markdownToPlain(s.contenido),
})
