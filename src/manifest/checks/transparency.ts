import type { Sourced } from '../load.ts'
import type { Problem } from '../problem.ts'
import { positionOf, problemAt, type JsonPath, type YamlSource } from '../yamlSource.ts'
import type { PageManifest, SeccionTransparencia } from '../types.generated.ts'
import { leafItems, loadAnnex } from '../transparencyAnnex.ts'
import { sectionsOfType, type CrossCheck } from './context.ts'

/**
 * The transparency tree must answer every item of the annex that has no
 * sub-items exactly once, with links or with the legal reason it does not
 * apply (the Procuraduría's ITA methodology counts a silent item as missing).
 */
export function checkTransparencyTree(page: Sourced<PageManifest>, p: JsonPath, section: SeccionTransparencia): Problem[] {
  const annex = loadAnnex()
  const leaves = leafItems(annex)
  const known = new Map(annex.items.map(i => [i.numero, i]))
  const leafSet = new Set(leaves.map(l => l.numero))
  const problems: Problem[] = []
  const first = new Map<string, number>()
  section.items.forEach((item, i) => {
    const at = [...p, 'items', i]
    const prev = first.get(item.numero)
    if (prev !== undefined) {
      const line = positionOf(page.source, [...p, 'items', prev]).line
      problems.push(problemAt(page.source, [...at, 'numero'], `el numeral ${item.numero} está repetido: ya aparece en la línea ${line}`))
      return
    }
    first.set(item.numero, i)
    if (!known.has(item.numero))
      problems.push(
        problemAt(
          page.source,
          [...at, 'numero'],
          `el numeral ${item.numero} no existe en el anexo 2 de la Resolución 1519 de 2020 (docs/normas/anexo2-transparencia.yaml)`,
        ),
      )
    else if (!leafSet.has(item.numero))
      problems.push(
        problemAt(
          page.source,
          [...at, 'numero'],
          `el numeral ${item.numero} tiene subnumerales: responda cada subnumeral (${item.numero}.1, ${item.numero}.2…) en lugar del numeral`,
        ),
      )
    problems.push(...answerProblems(page.source, at, `el numeral ${item.numero}`, item))
  })
  const missing = leaves.filter(l => !first.has(l.numero))
  for (const m of missing)
    problems.push(
      problemAt(page.source, [...p, 'items'], `falta el numeral ${m.numero} «${m.nombre}»: agréguelo con «enlaces» o con «noAplica» y la razón legal`),
    )
  return problems
}

/** The three ways an ITA item is answered; exactly one is given. */
export interface ItaAnswer {
  enlaces?: unknown[]
  noAplica?: string
  pendiente?: string
}

/**
 * An item (a numeral of the annex or a criterion of manifest/ita.yaml) says where its evidence is, why it does not
 * apply, or what is missing, and only one of them. A «pendiente» is not a problem of the manifest: the site may be
 * published, and the build's summary and the ITA matrix name it (itaMatrix.ts pendingSummary).
 */
export function answerProblems(source: YamlSource, at: JsonPath, label: string, item: ItaAnswer): Problem[] {
  const given = (['enlaces', 'noAplica', 'pendiente'] as const).filter(k => item[k] !== undefined)
  if (given.length === 0) return [problemAt(source, at, `${label} necesita «enlaces», «noAplica» con la razón legal o «pendiente» con lo que falta`)]
  if (given.length > 1) return [problemAt(source, [...at, given[1]!], `${label} tiene ${given.map(k => `«${k}»`).join(' y ')}: deje solo uno`)]
  return []
}

/** Checks of `transparencia` sections (the numbered tree of Resolución 1519 de 2020, Anexo 2). */
export const transparencyChecks: CrossCheck[] = [
  {
    name: 'transparency-tree-items',
    run: ({ manifest }) =>
      [...sectionsOfType<SeccionTransparencia>(manifest, 'transparencia')].flatMap(({ page, path, section }) => checkTransparencyTree(page, path, section)),
  },
]
