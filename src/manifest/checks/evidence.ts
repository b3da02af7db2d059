import type { Sourced } from '../load.ts'
import { anchorsOf } from '../anchors.ts'
import type { Problem } from '../problem.ts'
import { isInternalRoute, routeOf } from '../urls.ts'
import { problemAt, type JsonPath } from '../yamlSource.ts'
import type { Enlace, SeccionTransparencia } from '../types.generated.ts'
import type { CheckContext, CrossCheck } from './context.ts'
import { sectionsOfType } from './context.ts'
import { answerProblems } from './transparency.ts'

interface EvidenceLink {
  source: Sourced<unknown>['source']
  path: JsonPath
  url: string
}

/** The links the ITA matrix publishes as evidence: the transparency tree's and manifest/ita.yaml's. */
function evidenceLinks({ manifest }: CheckContext): EvidenceLink[] {
  const out: EvidenceLink[] = []
  const add = (source: EvidenceLink['source'], at: JsonPath, enlaces: Enlace[] | undefined) => {
    for (const [j, e] of (enlaces ?? []).entries()) out.push({ source, path: [...at, 'enlaces', j, 'url'], url: e.url })
  }
  for (const { page, path, section } of sectionsOfType<SeccionTransparencia>(manifest, 'transparencia'))
    for (const [i, item] of section.items.entries()) add(page.source, [...path, 'items', i], item.enlaces)
  const ita = manifest.ita
  if (ita) for (const [i, c] of ita.data.criterios.entries()) add(ita.source, ['criterios', i], c.enlaces)
  return out
}

/**
 * Evidence that points into a page (`/ruta#ancla`) must find that id there: the ITA reviewer follows the link to
 * the exact section. A missing route is reported by the link checks (links.ts); here, the anchor.
 */
function anchorProblems(context: CheckContext): Problem[] {
  const anchors = new Map<string, Set<string>>()
  const problems: Problem[] = []
  for (const link of evidenceLinks(context)) {
    const hash = link.url.indexOf('#')
    if (!isInternalRoute(link.url) || hash < 0) continue
    const page = context.pagesByRoute.get(routeOf(link.url))
    if (!page) continue
    const anchor = decodeURIComponent(link.url.slice(hash + 1))
    const known = anchors.get(page.data.ruta) ?? anchorsOf(page.data)
    anchors.set(page.data.ruta, known)
    if (known.has(anchor)) continue
    const listed = [...known].filter(a => !/^(numeral|categoria)-/.test(a))
    problems.push(
      problemAt(
        link.source,
        link.path,
        `la página «${page.data.ruta}» no tiene la sección «#${anchor}»: escriba «ancla: ${anchor}» en la sección de ${page.source.display} que lo cumple${listed.length ? ` (anclas de esa página: ${listed.join(', ')})` : ''}`,
      ),
    )
  }
  return problems
}

/** Checks of the ITA evidence: anchors of the links, and the answer of each criterion of manifest/ita.yaml. */
export const evidenceChecks: CrossCheck[] = [
  { name: 'evidence-anchor', run: anchorProblems },
  {
    name: 'ita-criterion-answer',
    run: ({ manifest }) => {
      const ita = manifest.ita
      if (!ita) return []
      const first = new Map<string, number>()
      return ita.data.criterios.flatMap((c, i) => {
        const key = `${c.bloque}\u0000${c.codigo}`
        const label = `el criterio ${c.codigo} (${c.bloque})`
        if (first.has(key))
          return [problemAt(ita.source, ['criterios', i, 'codigo'], `${label} está repetido: ya aparece en la posición ${first.get(key)! + 1}`)]
        first.set(key, i)
        return answerProblems(ita.source, ['criterios', i], label, c)
      })
    },
  },
]
