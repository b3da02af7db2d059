import type { Manifest } from '../manifest/load.ts'
import type { Seccion } from '../manifest/types.generated.ts'
import { preparedFormById } from '../forms/prepared.ts'
import { markdownToHtml } from './markdown.ts'
import { prepareNoticias } from './sections/NoticiasPreparar.ts'
import { siteMapTree } from './siteMap.ts'
import type { PreparedSection, SectionType } from './types.ts'

type Preparer<K extends SectionType> = (section: Extract<Seccion, { tipo: K }>, manifest: Manifest) => PreparedSection

/**
 * Server-side step of each section type: whatever a component needs from the
 * rest of the manifest is attached here, so the browser receives
 * self-contained sections and no Markdown library.
 */
const preparers: { [K in SectionType]?: Preparer<K> } = {
  texto: (s) => ({ ...s, contenido: markdownToHtml(s.contenido) }),
  preguntas: (s) => ({ ...s, preguntas: s.preguntas.map((q) => ({ ...q, respuesta: markdownToHtml(q.respuesta) })) as typeof s.preguntas }),
  documentos: (s, m) => ({ ...s, filas: m.documents.find((d) => d.data.id === s.fuente)?.data.filas ?? [] }),
  mapaSitio: (s, m) => ({ ...s, arbol: siteMapTree(m) }),
  formulario: (s, m) => ({ ...s, preparado: preparedFormById(m.forms, m.lookups?.data, s.formulario) }),
  evaluacion: (s, m) => ({ ...s, preparado: preparedFormById(m.forms, m.lookups?.data, s.formulario) }),
  acordeon: (s, m) => ({ ...s, paneles: s.paneles.map((p) => ({ ...p, secciones: prepareSections(p.secciones, m) })) }),
  noticias: (s, m) => ({ ...s, ...prepareNoticias(s, m) }),
}

export function prepareSections(sections: Seccion[], manifest: Manifest): PreparedSection[] {
  return sections.map((s) => {
    const prepare = preparers[s.tipo] as Preparer<typeof s.tipo> | undefined
    return prepare ? prepare(s as never, manifest) : (s as PreparedSection)
  })
}
